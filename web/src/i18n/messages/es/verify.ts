import type { verify as english } from '../en/verify.ts';

/** Spanish for ../en/verify.ts. */
export const verify: Record<keyof typeof english, string> = {
  'verify.checking': 'Comprobando…',
  'verify.verified': 'Verificado',
  'verify.notVerified': 'No verificado: {check}',
  'verify.notFromSaiWallet': 'No es de SAI Wallet',
  'verify.notFromSaiWalletWhy':
    'Este archivo no se firmó con una clave que SAI Wallet publica, o no en una fecha en que esa clave estaba en uso. Cualquiera puede crear un archivo que cuadre con una clave propia: solo una firma con la clave que SAI Wallet publica demuestra que un archivo procede de su libro mayor.',
  'verify.announceVerified': '{name}: verificado',
  'verify.announceNotVerified': '{name}: no verificado, {check}',
  'verify.announceNotFromSaiWallet': '{name}: no es de SAI Wallet',
  'verify.tooLarge': '{name} supera los {limit} KiB: un recibo o una prueba de pasivos es mucho más pequeño.',
};
