import type { dashboardCard as english } from '../en/dashboardCard.ts';

/** German for ../en/dashboardCard.ts. */
export const dashboardCard: Record<keyof typeof english, string> = {
  'dashboard.card.loading': 'Ihre Karte wird geladen…',
  'dashboard.card.failed': 'Ihre Karte konnte nicht geladen werden.',
  'dashboard.card.tierCard': '{tier}-Karte',
  'dashboard.card.tierToday': '{tier}-Karte (Ihre heutige Stufe)',
  'dashboard.card.state.none': 'Nicht aktiviert',
  'dashboard.card.state.none.description':
    'Beantragen Sie Ihre Metallkarte: Die Stufe richtet sich nach Ihrem SAI-Guthaben.',
  'dashboard.card.state.pending': 'Zahlung erforderlich',
  'dashboard.card.state.pending.description':
    'Kaufen Sie SAI und reichen Sie Ihre Zahlung ein, um die Karte zu aktivieren.',
  'dashboard.card.state.verifying': 'Zahlung wird geprüft ({time})',
  'dashboard.card.state.verifying.description':
    'Wir prüfen Ihre Zahlung. Die Karte wird aktiviert, sobald sie bestätigt ist.',
  'dashboard.card.state.active': 'Aktiv',
  'dashboard.card.state.activeDelivered': 'Aktiv · Zugestellt',
  'dashboard.card.state.delivered.description': 'Ihre Karte wurde zugestellt und ist einsatzbereit.',
  'dashboard.card.state.active.description': 'Ihre Karte ist aktiv. Wir senden sie in Kürze an Ihre Adresse.',
  'dashboard.card.state.noAddress.description':
    'Ihre Karte ist aktiv. Fügen Sie eine Lieferadresse hinzu, damit wir sie versenden können.',
  'dashboard.card.state.shipping': 'Versand per Kurier ({time})',
  'dashboard.card.state.shipping.description': 'Ihre Karte ist unterwegs.',
  'dashboard.card.state.tracking': 'Sendungsnummer {number}.',
  'dashboard.card.state.frozen': 'Gesperrt',
  'dashboard.card.state.frozen.description':
    'Zahlungen sind gesperrt, bis Sie die Karte in ihren Einstellungen entsperren.',
  'dashboard.card.estimatedDelivery': 'Voraussichtliche Zustellung {date}',
  'dashboard.card.request': 'Karte beantragen',
  'dashboard.card.depositNow': 'Jetzt einzahlen',
  'dashboard.card.addAddress': 'Lieferadresse hinzufügen',
  'dashboard.card.addAddress.description': 'Wohin der Kurier Ihre Karte liefern soll.',
  'dashboard.card.saveAddress': 'Adresse speichern',
  'dashboard.card.viewDetails': 'Kartendetails ansehen',
  'dashboard.card.settings': 'Karteneinstellungen',
  'dashboard.card.settings.description': 'Ihre {tier}-Karte.',
  'dashboard.card.requestTitle': 'Metallkarte beantragen',
  'dashboard.card.requestDescription':
    'Wohin sollen wir sie senden? Ihre {tier}-Karte wird versandt, sobald sie aktiv ist.',
  'dashboard.card.depositRequired': 'Einzahlung erforderlich',
  'dashboard.card.depositDescription':
    'Für Ihre Karte ist zuerst eine Einzahlung nötig: Kaufen Sie mindestens {minimum} SAI. „Jetzt einzahlen“ beantragt Ihre Karte; sie wird aktiviert, sobald Ihre Zahlung bestätigt ist ({time}).',
  'dashboard.card.buyTitle': 'SAI kaufen, um Ihre Karte zu aktivieren',
  'dashboard.card.buyDescription':
    'Bezahlen Sie mit ETH, USDT oder USDC im Ethereum-Mainnet und reichen Sie dann Ihre Zahlung ein. Die Karte wird aktiviert, sobald sie bestätigt ist ({time}).',
  'dashboard.card.requested': 'Kartenantrag eingereicht',
  'dashboard.card.requested.address':
    'Kaufen Sie SAI und reichen Sie Ihre Zahlung ein, um sie zu aktivieren.',
  'dashboard.card.requested.deposit':
    'Reichen Sie jetzt Ihre Zahlung ein: Die Karte wird aktiviert, sobald sie bestätigt ist.',
  'dashboard.card.requestFailed': 'Karte konnte nicht beantragt werden',
  'dashboard.card.addressSaved': 'Lieferadresse aktualisiert',
  'dashboard.card.addressFailed': 'Lieferadresse konnte nicht aktualisiert werden',
  'dashboard.card.details': 'Kartendetails',
  'dashboard.card.tier': 'Stufe',
  'dashboard.card.status': 'Status',
  'dashboard.card.shipping': 'Versand',
  'dashboard.card.shipping.notShipped': 'Noch nicht versandt',
  'dashboard.card.shipping.shipped': 'Per Kurier versandt ({time})',
  'dashboard.card.shipping.delivered': 'Zugestellt',
  'dashboard.card.trackingNumber': 'Sendungsnummer',
  'dashboard.card.estimatedDeliveryTerm': 'Voraussichtliche Zustellung',
  'dashboard.card.shipTo': 'Lieferung an',
  'dashboard.card.noAddress': 'Noch keine Lieferadresse',
  'dashboard.card.benefits': 'Vorteile der {tier}-Karte',
  'dashboard.card.atm': 'Kostenlose Abhebungen am Geldautomaten bis {amount} pro Monat',
  'dashboard.card.cashback': '{percent} Cashback',
  'dashboard.card.notActive': 'Karte noch nicht aktiv',
  'dashboard.card.notActive.shipping':
    'Ihre Karte ist unterwegs. Ihre Einstellungen sind verfügbar, sobald sie zugestellt wurde.',
  'dashboard.card.notActive.description':
    'Die Karteneinstellungen sind verfügbar, sobald Ihre Karte aktiv ist. Kaufen Sie SAI und reichen Sie Ihre Zahlung ein, um sie zu aktivieren.',
  'dashboard.card.currentState': 'Aktueller Status: {state}',
  'dashboard.card.freeze': 'Karte sperren',
  'dashboard.card.freeze.description':
    'Sperrt alle Zahlungen mit der Karte, bis Sie dies wieder ausschalten.',
  'dashboard.card.isFrozen': 'Ihre Karte ist gesperrt',
  'dashboard.card.isFrozen.description': 'Entsperren Sie sie, um Zahlungen wieder zu ermöglichen.',
  'dashboard.card.isActive': 'Ihre Karte ist aktiv',
  'dashboard.card.isActive.description':
    'Sie funktioniert für Zahlungen und Abhebungen am Geldautomaten. Sperren Sie sie sofort, wenn sie abhandenkommt.',
  'dashboard.card.frozenToast': 'Karte gesperrt',
  'dashboard.card.frozenToast.description':
    'Zahlungen mit dieser Karte sind gesperrt, bis Sie sie entsperren.',
  'dashboard.card.unfrozenToast': 'Karte entsperrt',
  'dashboard.card.unfrozenToast.description': 'Ihre Karte funktioniert wieder.',
  'dashboard.card.updateFailed': 'Karte konnte nicht aktualisiert werden',
  'dashboard.card.pin.change': 'PIN ändern',
  'dashboard.card.pin.new': 'Neue PIN',
  'dashboard.card.pin.confirm': 'PIN bestätigen',
  'dashboard.card.pin.unfreezeFirst': 'Entsperren Sie die Karte, um ihre PIN zu ändern.',
  'dashboard.card.pin.changed': 'PIN geändert',
  'dashboard.card.pin.changed.description': 'Verwenden Sie ab jetzt Ihre neue PIN.',
  'dashboard.card.pin.failed': 'PIN konnte nicht geändert werden',
  'dashboard.card.pin.format':
    '{digits, plural, one {Die PIN muss # Ziffer haben} other {Die PIN muss # Ziffern haben}}',
  'dashboard.card.pin.match': 'Die PINs stimmen nicht überein',
  'dashboard.card.state.stakeable': 'Bereit zur Aktivierung',
  'dashboard.card.state.stakeable.description':
    'Sie besitzen genug SAI: Setzen Sie sie ein, um Ihre Karte ohne Kauf zu aktivieren.',
};
