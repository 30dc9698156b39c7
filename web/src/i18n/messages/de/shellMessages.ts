import type { shellMessages as english } from '../en/shellMessages.ts';

/** German for ../en/shellMessages.ts. */
export const shellMessages: Record<keyof typeof english, string> = {
  'shell.validation.email': 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  'shell.validation.password':
    '{min, plural, one {Das Passwort muss mindestens # Zeichen lang sein} other {Das Passwort muss mindestens # Zeichen lang sein}}',
  'shell.validation.username':
    '{min, plural, one {Der Benutzername muss mindestens # Zeichen lang sein} other {Der Benutzername muss mindestens # Zeichen lang sein}}',
  'shell.validation.passwordsMatch': 'Die Passwörter stimmen nicht überein',
  'shell.validation.terms': 'Sie müssen den Allgemeinen Geschäftsbedingungen zustimmen',
  'shell.validation.totp': 'Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein',
  'shell.validation.recipientEmail': 'Eine gültige E-Mail-Adresse ist erforderlich',
  'shell.validation.amount': 'Der Betrag muss eine positive Zahl sein',
  'shell.validation.amountPrecision': 'Der Betrag darf höchstens 2 Nachkommastellen haben',
  'shell.validation.insufficientBalance':
    'Unzureichendes Guthaben: Sie haben nicht genügend SAI-Token, um diese Transaktion auszuführen.',
  'shell.validation.description':
    '{max, plural, one {Die Beschreibung darf höchstens # Zeichen lang sein} other {Die Beschreibung darf höchstens # Zeichen lang sein}}',
  'shell.validation.notes':
    '{max, plural, one {Die Notizen dürfen höchstens # Zeichen lang sein} other {Die Notizen dürfen höchstens # Zeichen lang sein}}',
  'shell.api.unreachable':
    'Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  'shell.api.interrupted': 'Der Download wurde unterbrochen. Bitte versuchen Sie es erneut.',
  'shell.api.suspended': 'Ihr Konto ist gesperrt. Bitte wenden Sie sich an den Support.',
  'shell.api.totpInvalid': 'Ungültiger Authentifizierungscode. Bitte versuchen Sie es erneut.',
  'shell.api.passkeyRequired': 'Bestätigen Sie die Anmeldung mit Ihrem Passkey',
  'shell.api.passkeyInvalid': 'Dieser Passkey konnte nicht überprüft werden. Bitte versuchen Sie es erneut.',
  'shell.api.passkeyUnknown':
    'Dieser Passkey konnte nicht überprüft werden. Versuchen Sie es erneut oder melden Sie sich mit Ihrem Passwort an.',
  'shell.api.reauthTotp': 'Geben Sie zur Bestätigung den 6-stelligen Code aus Ihrer Authenticator-App ein',
  'shell.api.reauthPassword': 'Geben Sie zur Bestätigung Ihr Passwort ein',
  'shell.api.reauthTotpWrong':
    'Dieser Code ist ungültig oder wurde bereits verwendet. Warten Sie auf den nächsten Code und versuchen Sie es erneut.',
  'shell.api.reauthPasswordWrong': 'Dieses Passwort ist nicht korrekt',
  'shell.api.ledgerFrozen':
    'Geldbewegungen sind pausiert: Das Hauptbuch hat seine laufende Prüfung nicht bestanden und wird kontrolliert. Bitte versuchen Sie es später erneut.',
  'shell.api.mailReset':
    'Das Zurücksetzen des Passworts ist nicht verfügbar: Dieser Server kann keine E-Mails senden. Wenden Sie sich an den Support.',
  'shell.api.mailEmailChange':
    'Das Ändern der E-Mail-Adresse ist nicht verfügbar: Dieser Server kann keine E-Mails senden. Wenden Sie sich an den Support.',
  'shell.api.timeout':
    'Die Anfrage hat zu lange gedauert. Sie wird möglicherweise noch ausgeführt: Prüfen Sie das, bevor Sie es erneut versuchen.',
  'shell.api.csrf': 'Anfrage von einem anderen Ursprung abgelehnt',
  'shell.api.receiptUnavailable':
    'Der Beleg ist noch nicht verfügbar. Bitte versuchen Sie es gleich noch einmal.',
  'shell.api.proofUnavailable': 'Verbindlichkeitsnachweise sind bis zur nächsten Aufstellung nicht verfügbar',
  'shell.api.noStatement': 'Es wurde noch keine Verbindlichkeitsaufstellung veröffentlicht',
  'shell.api.heldNothing': 'Sie hatten bei der letzten Verbindlichkeitsaufstellung kein Guthaben',
  'shell.api.personHoldsMoney':
    'Diese Person hat noch Guthaben oder offene Bewegungen: Diese müssen vor der Löschung abgeschlossen werden.',
  'shell.api.tooMany': 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
  'shell.api.serverError': 'Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es erneut.',
  'shell.api.unavailable':
    'Der Dienst ist vorübergehend nicht verfügbar. Bitte versuchen Sie es in Kürze erneut.',
  'shell.api.changed': 'Die Daten haben sich während Ihrer Anfrage geändert. Bitte versuchen Sie es erneut.',
  'shell.api.invalidCredentials': 'E-Mail oder Passwort ungültig',
  'shell.api.linkInvalid':
    'Dieser Link ist ungültig, bereits verwendet oder abgelaufen. Fordern Sie einen neuen an.',
  'shell.api.linkIncomplete': 'Der Link ist unvollständig',
  'shell.api.emailTaken': 'Diese E-Mail-Adresse ist bereits registriert',
  'shell.api.usernameTaken': 'Dieser Benutzername ist bereits vergeben',
  'shell.api.usernameCharacters':
    'Der Benutzername darf nur Buchstaben, Ziffern, Punkte, Bindestriche und Unterstriche enthalten',
  'shell.title.cardRequested': 'Kartenantrag eingereicht',
  'shell.title.verifyingPayment': 'Zahlung wird geprüft',
  'shell.title.cardActivated': 'Karte aktiviert',
  'shell.title.cardShipped': 'Karte versandt',
  'shell.title.cardDelivered': 'Karte zugestellt',
  'shell.title.cardFrozen': 'Karte gesperrt',
  'shell.title.cardUnfrozen': 'Karte entsperrt',
  'shell.title.pinChanged': 'PIN geändert',
  'shell.title.cardUpgraded': 'Karte hochgestuft',
  'shell.title.depositConfirmed': 'Einzahlung bestätigt',
  'shell.title.depositRejected': 'Einzahlung abgelehnt',
  'shell.title.withdrawalInitiated': 'Auszahlung veranlasst',
  'shell.title.withdrawalCompleted': 'Auszahlung abgeschlossen',
  'shell.title.withdrawalFailed': 'Auszahlung fehlgeschlagen',
  'shell.title.moneyReceived': 'Geld erhalten',
  'shell.title.tokensReceived': 'Token erhalten',
  'shell.title.depositSubmitted': 'Einzahlung eingereicht',
  'shell.title.paymentApproved': 'Zahlung genehmigt',
  'shell.title.paymentRejected': 'Zahlung abgelehnt',
  'shell.title.passkeyAdded': 'Passkey hinzugefügt',
  'shell.title.passkeyRemoved': 'Passkey entfernt',
  'shell.title.newSignIn': 'Neue Anmeldung',
  'shell.validation.cryptoPositive': 'Der Betrag muss größer als 0 sein',
  'shell.validation.cryptoPrecision': 'Der Betrag darf höchstens {places} Nachkommastellen haben',
  'shell.validation.cryptoInsufficient': 'Unzureichendes Guthaben. Verfügbar sind {amount} {currency}.',
  'shell.api.receiverUnverified':
    'Die E-Mail-Adresse dieses Kontos ist noch nicht bestätigt: Es kann erst Geld empfangen, wenn der an sie gesendete Link geöffnet wurde.',
  'shell.api.secondFactorUnverified':
    'Bestätigen Sie zuerst Ihre E-Mail-Adresse: Ein zweiter Faktor kann hinzugefügt werden, sobald der an sie gesendete Link geöffnet wurde.',
  'shell.api.mailVerify':
    'Die Bestätigung der E-Mail-Adresse ist nicht verfügbar: Dieser Server kann keine E-Mails senden. Wenden Sie sich an den Support.',
};
