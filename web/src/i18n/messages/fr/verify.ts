import type { verify as english } from '../en/verify.ts';

/** French for ../en/verify.ts. */
export const verify: Record<keyof typeof english, string> = {
  'verify.checking': 'Vérification…',
  'verify.verified': 'Vérifié',
  'verify.notVerified': 'Non vérifié : {check}',
  'verify.notFromSaiWallet': 'Ne provient pas de SAI Wallet',
  'verify.notFromSaiWalletWhy':
    "Ce fichier n'a pas été signé avec une clé que SAI Wallet publie, ou pas à une date où cette clé était en service. N'importe qui peut créer un fichier cohérent avec sa propre clé : seule une signature par la clé que SAI Wallet publie montre qu'un fichier provient de son registre.",
  'verify.announceVerified': '{name} : vérifié',
  'verify.announceNotVerified': '{name} : non vérifié, {check}',
  'verify.announceNotFromSaiWallet': '{name} : ne provient pas de SAI Wallet',
  'verify.tooLarge': '{name} dépasse {limit} Kio : un reçu ou une preuve de passif est bien plus petit.',
};
