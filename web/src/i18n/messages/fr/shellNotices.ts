import type { shellNotices as english } from '../en/shellNotices.ts';

/** French for ../en/shellNotices.ts. */
export const shellNotices: Record<keyof typeof english, string> = {
  'shell.title.cardStakeChanged': 'Mise de la carte modifiée',
  'shell.notice.CardRequested':
    'Votre carte {tier} a été demandée. Elle sera activée dès que votre dépôt sera confirmé.',
  'shell.notice.CardPaymentSubmitted': 'Nous vérifions le paiement de votre carte (1 à 2 jours ouvrés).',
  'shell.notice.CardActivated': 'Votre carte en métal est active.',
  'shell.notice.CardShipped':
    'Votre carte est en route par coursier (3 à 7 jours ouvrés). Numéro de suivi {trackingNumber}, livraison prévue le {estimatedDelivery}.',
  'shell.notice.CardDelivered': 'Votre carte a été livrée. Profitez-en bien !',
  'shell.notice.CardFrozen':
    'Votre carte est bloquée ; aucun paiement ne passe tant que vous ne la débloquez pas.',
  'shell.notice.CardUnfrozen': 'Votre carte fonctionne à nouveau.',
  'shell.notice.CardPinChanged':
    'Le code PIN de votre carte a été modifié. Si ce n’était pas vous, bloquez la carte et contactez le support.',
  'shell.notice.CardTierUpgraded': 'Votre carte est désormais {to}.',
  'shell.notice.CardStaked': 'Votre carte est désormais {tier}. SAI misés pour elle : {staked}.',
  'shell.notice.CardUpgraded':
    'Vous avez fait passer votre carte de {from} à {to}. Ses avantages s’appliquent dès maintenant.',
  'shell.notice.CryptoDepositConfirmed': '{amount} ont été crédités sur votre solde.',
  'shell.notice.CryptoDepositRejected': 'Votre dépôt déclaré a été refusé.',
  'shell.notice.CryptoDepositRejectedBecause': 'Votre dépôt déclaré a été refusé : {reason}',
  'shell.notice.WithdrawalRequested':
    'Votre retrait de {amount} est en cours de traitement (sous 24 heures).',
  'shell.notice.WithdrawalCompleted': '{amount} ont été envoyés (transaction {txHash}).',
  'shell.notice.WithdrawalFailed': 'Votre retrait a échoué. {amount} sont de retour sur votre solde.',
  'shell.notice.WithdrawalFailedBecause':
    'Votre retrait a échoué : {reason}. {amount} sont de retour sur votre solde.',
  'shell.notice.TokensTransferred': 'Vous avez reçu {amount} de {from}.',
  'shell.notice.TokensMinted': '{amount} ont été ajoutés à votre solde.',
  'shell.notice.PaymentProofSubmitted':
    'Votre preuve de paiement pour {amount} attend sa confirmation. Les jetons sont ajoutés automatiquement une fois confirmée (10 à 60 minutes).',
  'shell.notice.PaymentApproved': 'Votre paiement a été approuvé : {amount} sont désormais sur votre solde.',
  'shell.notice.fee': 'Des frais de conversion de {fee} ({rate} %) ont été facturés en plus.',
  'shell.notice.PaymentRejected':
    'Votre preuve de paiement a été refusée. Vous pouvez en soumettre une nouvelle.',
  'shell.notice.PaymentRejectedBecause':
    'Votre preuve de paiement a été refusée : {reason} Vous pouvez en soumettre une nouvelle.',
  'shell.notice.PasskeyAdded':
    'Une clé d’accès a été ajoutée à votre compte. Si ce n’était pas vous, supprimez-la sous Profil, Sécurité, et changez votre mot de passe.',
  'shell.notice.PasskeyRemoved':
    'Une clé d’accès a été supprimée de votre compte. Si ce n’était pas vous, changez votre mot de passe.',
  'shell.notice.SignedIn':
    'Nouvelle connexion depuis {browser} sur {os}. Si ce n’était pas vous, déconnectez cette session sous Profil, Sécurité et changez votre mot de passe.',
  'shell.notice.unknownBrowser': 'un navigateur inconnu',
  'shell.notice.unknownSystem': 'un système inconnu',
  'shell.notice.erasedUser': 'Personne effacée',
  'shell.notice.distribution': 'Distribution de jetons',
  'shell.notice.quoted': '« {text} »',
};
