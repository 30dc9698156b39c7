import type { shellNotices as english } from '../en/shellNotices.ts';

/** German for ../en/shellNotices.ts. */
export const shellNotices: Record<keyof typeof english, string> = {
  'shell.title.cardStakeChanged': 'Karteneinsatz geändert',
  'shell.notice.CardRequested':
    'Ihre {tier}-Karte wurde beantragt. Sie wird aktiviert, sobald Ihre Einzahlung bestätigt ist.',
  'shell.notice.CardPaymentSubmitted': 'Wir prüfen Ihre Zahlung für Ihre Karte (1–2 Werktage).',
  'shell.notice.CardActivated': 'Ihre Metallkarte ist aktiv.',
  'shell.notice.CardShipped':
    'Ihre Karte ist per Kurier unterwegs (3–7 Werktage). Sendungsnummer {trackingNumber}, voraussichtliche Zustellung {estimatedDelivery}.',
  'shell.notice.CardDelivered': 'Ihre Karte wurde zugestellt. Viel Freude damit!',
  'shell.notice.CardFrozen': 'Ihre Karte ist gesperrt; bis Sie sie entsperren, gehen keine Zahlungen durch.',
  'shell.notice.CardUnfrozen': 'Ihre Karte funktioniert wieder.',
  'shell.notice.CardPinChanged':
    'Die PIN Ihrer Karte wurde geändert. Falls Sie das nicht waren, sperren Sie die Karte und wenden Sie sich an den Support.',
  'shell.notice.CardTierUpgraded': 'Ihre Karte ist jetzt {to}.',
  'shell.notice.CardStaked': 'Ihre Karte ist jetzt {tier}. Dafür eingesetzte SAI: {staked}.',
  'shell.notice.CardUpgraded':
    'Sie haben Ihre Karte von {from} auf {to} hochgestuft. Ihre Vorteile gelten ab sofort.',
  'shell.notice.CryptoDepositConfirmed': '{amount} wurden Ihrem Guthaben gutgeschrieben.',
  'shell.notice.CryptoDepositRejected': 'Ihre angemeldete Einzahlung wurde abgelehnt.',
  'shell.notice.CryptoDepositRejectedBecause': 'Ihre angemeldete Einzahlung wurde abgelehnt: {reason}',
  'shell.notice.WithdrawalRequested':
    'Ihre Auszahlung von {amount} wird bearbeitet (innerhalb von 24 Stunden).',
  'shell.notice.WithdrawalCompleted': '{amount} wurden gesendet (Transaktion {txHash}).',
  'shell.notice.WithdrawalFailed':
    'Ihre Auszahlung ist fehlgeschlagen. {amount} sind wieder in Ihrem Guthaben.',
  'shell.notice.WithdrawalFailedBecause':
    'Ihre Auszahlung ist fehlgeschlagen: {reason}. {amount} sind wieder in Ihrem Guthaben.',
  'shell.notice.TokensTransferred': 'Sie haben {amount} von {from} erhalten.',
  'shell.notice.TokensMinted': '{amount} wurden Ihrem Guthaben hinzugefügt.',
  'shell.notice.PaymentProofSubmitted':
    'Ihr Zahlungsnachweis über {amount} wartet auf Bestätigung. Die Token werden nach der Bestätigung automatisch gutgeschrieben (10–60 Minuten).',
  'shell.notice.PaymentApproved': 'Ihre Zahlung wurde genehmigt: {amount} sind jetzt in Ihrem Guthaben.',
  'shell.notice.fee': 'Zusätzlich wurde eine Umrechnungsgebühr von {fee} ({rate} %) berechnet.',
  'shell.notice.PaymentRejected': 'Ihr Zahlungsnachweis wurde abgelehnt. Sie können einen neuen einreichen.',
  'shell.notice.PaymentRejectedBecause':
    'Ihr Zahlungsnachweis wurde abgelehnt: {reason} Sie können einen neuen einreichen.',
  'shell.notice.PasskeyAdded':
    'Ihrem Konto wurde ein Passkey hinzugefügt. Falls Sie das nicht waren, entfernen Sie ihn unter Profil, Sicherheit und ändern Sie Ihr Passwort.',
  'shell.notice.PasskeyRemoved':
    'Von Ihrem Konto wurde ein Passkey entfernt. Falls Sie das nicht waren, ändern Sie Ihr Passwort.',
  'shell.notice.SignedIn':
    'Neue Anmeldung mit {browser} auf {os}. Falls Sie das nicht waren, melden Sie diese Sitzung unter Profil, Sicherheit ab und ändern Sie Ihr Passwort.',
  'shell.notice.unknownBrowser': 'einem unbekannten Browser',
  'shell.notice.unknownSystem': 'einem unbekannten System',
  'shell.notice.erasedUser': 'Gelöschte Person',
  'shell.notice.distribution': 'Token-Verteilung',
  'shell.notice.quoted': '„{text}“',
};
