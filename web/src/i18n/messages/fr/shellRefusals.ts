import type { shellRefusals as english } from '../en/shellRefusals.ts';

/** French for ../en/shellRefusals.ts. */
export const shellRefusals: Record<keyof typeof english, string> = {
  'shell.api.reauthRequired':
    "Confirmez avec votre mot de passe ou le code de votre application d'authentification",
  'shell.api.reauthWrong': "Cette confirmation n'est pas correcte. Veuillez réessayer.",
  'shell.api.stepUp': "Confirmez ce virement avec votre mot de passe ou votre code d'authentification",
  'shell.api.mailUnavailable':
    "Ce n'est pas disponible : ce serveur ne peut pas envoyer d'e-mails. Contactez le support.",
  'shell.api.proofsDamaged':
    "Les preuves du registre sont indisponibles : l'arbre enregistré est endommagé ; l'opérateur a été alerté",
  'shell.api.shortOfResources': 'Le service manque momentanément de ressources. Veuillez réessayer sous peu.',
  'shell.api.busy': 'Le service est momentanément occupé. Veuillez réessayer.',
  'shell.api.signIn': 'Veuillez vous connecter pour continuer',
  'shell.api.twoFactorOn': "L'authentification à deux facteurs est déjà activée",
  'shell.api.alreadyVerified': 'Cette adresse e-mail est déjà confirmée.',
  'shell.api.sessionNotFound': 'Session introuvable',
  'shell.api.passkeyNotFound': "Clé d'accès introuvable",
  'shell.api.transactionNotFound': 'Transaction introuvable',
  'shell.api.invalidCharacters': 'Contient des caractères non valides',
  'shell.api.textNotAllowed':
    'Ce texte contient un caractère invisible ou de contrôle qui ne peut pas être enregistré. Supprimez-le et réessayez.',
  'shell.api.valueTaken': 'Ceci est déjà utilisé par un autre compte',
  'shell.api.networkUnsupported': '{currency} ne peut pas être déposé sur ce réseau',
  'shell.api.networkUnavailable': 'Cette devise ne peut pas être déposée sur ce réseau',
  'shell.api.selectNetwork': 'Veuillez sélectionner un réseau',
  'shell.api.txHashInvalid': "Ce n'est pas un hash de transaction valide pour ce réseau",
  'shell.api.txHashRequired': 'Saisissez le hash de transaction de ce dépôt pour le confirmer',
  'shell.api.txHashMismatch': 'Ce dépôt a été déclaré avec un autre hash de transaction',
  'shell.api.txCredited': 'Cette transaction a déjà été créditée sur un dépôt sur {network}',
  'shell.api.txDeclared': 'Ce hash de transaction a déjà été déclaré pour un dépôt sur {network}',
  'shell.api.txHashTaken': 'Ce hash de transaction est déjà utilisé par un autre dépôt',
  'shell.api.userNotFound': 'Utilisateur introuvable',
  'shell.api.recipientNotFound': 'Destinataire introuvable',
  'shell.api.receiverSuspended': 'Le compte du destinataire est suspendu et ne peut pas recevoir de fonds.',
  'shell.api.selfTransfer': 'Vous ne pouvez pas vous envoyer de jetons à vous-même',
  'shell.api.insufficientFunds': 'Votre solde disponible ne suffit pas pour cela',
  'shell.api.stakeInsufficient':
    'Le staking pour {tier} bloque {staked} SAI : {more} SAI de plus que votre mise, et vous avez {available} SAI disponibles.',
  'shell.api.passwordIncorrect': 'Le mot de passe actuel est incorrect',
  'shell.api.currencyNotPriced':
    "{currency} n'a pas de prix fixé : un achat dans cette devise ne peut pas être chiffré",
  'shell.api.notPriced':
    "Cette devise n'a pas de prix fixé : un achat dans cette devise ne peut pas être chiffré",
  'shell.api.quoteChanged':
    'Le prix a changé depuis le devis : les frais sont maintenant de {fee} SAI et vous payez {amount} {currency}. Vérifiez le nouveau devis et envoyez-le à nouveau.',
  'shell.api.quoteStale':
    'Le prix a changé depuis le devis. Vérifiez le nouveau devis et envoyez-le à nouveau.',
  'shell.api.addressInvalid':
    "Ce n'est pas une adresse valide pour ce réseau : vérifiez-la caractère par caractère ou copiez-la à nouveau depuis votre portefeuille.",
  'shell.api.depositUnavailable':
    "Les dépôts en {currency} sur {network} ne sont pas encore disponibles : aucune adresse de dépôt n'est définie",
  'shell.api.depositsUnavailable':
    "Les dépôts dans cette devise sur ce réseau ne sont pas encore disponibles : aucune adresse de dépôt n'est définie",
  'shell.api.emailUnchanged': 'Il s’agit déjà de votre adresse e-mail',
  'shell.api.cardNotFound': 'Carte introuvable',
  'shell.api.notificationNotFound': 'Notification introuvable',
  'shell.api.depositDeclaredAlready': 'Ce dépôt a déjà été déclaré',
  'shell.api.withdrawalRequested': 'Ce retrait a déjà été demandé',
  'shell.api.cannotWithdrawOn': '{currency} ne peut pas être retiré sur {network}',
};
