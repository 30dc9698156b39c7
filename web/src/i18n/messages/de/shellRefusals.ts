import type { shellRefusals as english } from '../en/shellRefusals.ts';

/** German for ../en/shellRefusals.ts. */
export const shellRefusals: Record<keyof typeof english, string> = {
  'shell.api.reauthRequired': 'Bestätigen Sie mit Ihrem Passwort oder dem Code Ihrer Authenticator-App',
  'shell.api.reauthWrong': 'Diese Bestätigung ist nicht korrekt. Bitte versuchen Sie es erneut.',
  'shell.api.stepUp': 'Bestätigen Sie diese Überweisung mit Ihrem Passwort oder Authentifizierungscode',
  'shell.api.mailUnavailable':
    'Das ist nicht verfügbar: Dieser Server kann keine E-Mails senden. Wenden Sie sich an den Support.',
  'shell.api.proofsDamaged':
    'Die Nachweise des Hauptbuchs sind nicht verfügbar: Der gespeicherte Baum ist beschädigt; der Betreiber wurde benachrichtigt',
  'shell.api.shortOfResources':
    'Dem Dienst fehlen gerade Ressourcen. Bitte versuchen Sie es gleich noch einmal.',
  'shell.api.busy': 'Der Dienst ist gerade ausgelastet. Bitte versuchen Sie es erneut.',
  'shell.api.signIn': 'Bitte melden Sie sich an, um fortzufahren',
  'shell.api.twoFactorOn': 'Die Zwei-Faktor-Authentifizierung ist bereits aktiviert',
  'shell.api.alreadyVerified': 'Diese E-Mail-Adresse ist bereits bestätigt.',
  'shell.api.sessionNotFound': 'Sitzung nicht gefunden',
  'shell.api.passkeyNotFound': 'Passkey nicht gefunden',
  'shell.api.transactionNotFound': 'Transaktion nicht gefunden',
  'shell.api.invalidCharacters': 'Enthält ungültige Zeichen',
  'shell.api.textNotAllowed':
    'Dieser Text enthält ein unsichtbares oder ein Steuerzeichen, das nicht gespeichert werden kann. Entfernen Sie es und versuchen Sie es erneut.',
  'shell.api.valueTaken': 'Das wird bereits von einem anderen Konto verwendet',
  'shell.api.networkUnsupported': '{currency} kann über dieses Netzwerk nicht eingezahlt werden',
  'shell.api.networkUnavailable': 'Diese Währung kann über dieses Netzwerk nicht eingezahlt werden',
  'shell.api.selectNetwork': 'Bitte wählen Sie ein Netzwerk',
  'shell.api.txHashInvalid': 'Das ist kein gültiger Transaktions-Hash für dieses Netzwerk',
  'shell.api.txHashRequired': 'Geben Sie den Transaktions-Hash dieser Einzahlung ein, um sie zu bestätigen',
  'shell.api.txHashMismatch': 'Diese Einzahlung wurde mit einem anderen Transaktions-Hash gemeldet',
  'shell.api.txCredited': 'Diese Transaktion wurde bereits einer Einzahlung auf {network} gutgeschrieben',
  'shell.api.txDeclared': 'Dieser Transaktions-Hash wurde bereits für eine Einzahlung auf {network} gemeldet',
  'shell.api.txHashTaken': 'Dieser Transaktions-Hash wird bereits von einer anderen Einzahlung verwendet',
  'shell.api.userNotFound': 'Benutzer nicht gefunden',
  'shell.api.recipientNotFound': 'Empfänger nicht gefunden',
  'shell.api.receiverSuspended': 'Das Konto des Empfängers ist gesperrt und kann kein Geld empfangen.',
  'shell.api.selfTransfer': 'Sie können keine Token an sich selbst senden',
  'shell.api.insufficientFunds': 'Ihr verfügbares Guthaben reicht dafür nicht aus',
  'shell.api.stakeInsufficient':
    'Das Staking für {tier} bindet {staked} SAI: {more} SAI mehr als Ihr bisheriger Einsatz, und Sie haben {available} SAI verfügbar.',
  'shell.api.passwordIncorrect': 'Das aktuelle Passwort ist falsch',
  'shell.api.currencyNotPriced':
    'Für {currency} ist kein Preis festgelegt, daher kann kein Kauf damit angeboten werden',
  'shell.api.notPriced':
    'Für diese Währung ist kein Preis festgelegt, daher kann kein Kauf damit angeboten werden',
  'shell.api.quoteChanged':
    'Der Preis hat sich seit dem Angebot geändert: Die Gebühr beträgt jetzt {fee} SAI und Sie zahlen {amount} {currency}. Prüfen Sie das neue Angebot und senden Sie es erneut ab.',
  'shell.api.quoteStale':
    'Der Preis hat sich seit dem Angebot geändert. Prüfen Sie das neue Angebot und senden Sie es erneut ab.',
  'shell.api.addressInvalid':
    'Das ist keine gültige Adresse für dieses Netzwerk: Prüfen Sie sie Zeichen für Zeichen oder kopieren Sie sie erneut aus Ihrer Wallet.',
  'shell.api.depositUnavailable':
    'Einzahlungen in {currency} über {network} sind noch nicht möglich: Es ist keine Einzahlungsadresse hinterlegt',
  'shell.api.depositsUnavailable':
    'Einzahlungen in dieser Währung über dieses Netzwerk sind noch nicht möglich: Es ist keine Einzahlungsadresse hinterlegt',
  'shell.api.emailUnchanged': 'Das ist bereits Ihre E-Mail-Adresse',
  'shell.api.cardNotFound': 'Karte nicht gefunden',
  'shell.api.notificationNotFound': 'Benachrichtigung nicht gefunden',
  'shell.api.depositDeclaredAlready': 'Diese Einzahlung wurde bereits gemeldet',
  'shell.api.withdrawalRequested': 'Diese Auszahlung wurde bereits beantragt',
  'shell.api.cannotWithdrawOn': '{currency} kann nicht über {network} ausgezahlt werden',
};
