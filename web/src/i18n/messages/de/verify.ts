import type { verify as english } from '../en/verify.ts';

/** German for ../en/verify.ts. */
export const verify: Record<keyof typeof english, string> = {
  'verify.checking': 'Wird geprüft…',
  'verify.verified': 'Verifiziert',
  'verify.notVerified': 'Nicht verifiziert: {check}',
  'verify.notFromSaiWallet': 'Nicht von SAI Wallet',
  'verify.notFromSaiWalletWhy':
    'Diese Datei wurde nicht mit einem Schlüssel signiert, den SAI Wallet veröffentlicht, oder nicht zu einer Zeit, in der dieser Schlüssel galt. Jeder kann eine Datei erstellen, die mit einem eigenen Schlüssel stimmig ist; nur eine Signatur mit dem von SAI Wallet veröffentlichten Schlüssel zeigt, dass eine Datei aus dessen Hauptbuch stammt.',
  'verify.announceVerified': '{name}: verifiziert',
  'verify.announceNotVerified': '{name}: nicht verifiziert, {check}',
  'verify.announceNotFromSaiWallet': '{name}: nicht von SAI Wallet',
  'verify.tooLarge':
    '{name} ist größer als {limit} KiB: Ein Beleg oder ein Verbindlichkeitsnachweis ist weit kleiner.',
};
