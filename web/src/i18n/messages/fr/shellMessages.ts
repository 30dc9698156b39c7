import type { shellMessages as english } from '../en/shellMessages.ts';

/** French for ../en/shellMessages.ts. */
export const shellMessages: Record<keyof typeof english, string> = {
  'shell.validation.email': 'Veuillez saisir une adresse e-mail valide',
  'shell.validation.password':
    '{min, plural, one {Le mot de passe doit contenir au moins # caractère} other {Le mot de passe doit contenir au moins # caractères}}',
  'shell.validation.username':
    "{min, plural, one {Le nom d'utilisateur doit contenir au moins # caractère} other {Le nom d'utilisateur doit contenir au moins # caractères}}",
  'shell.validation.passwordsMatch': 'Les mots de passe ne correspondent pas',
  'shell.validation.terms': 'Vous devez accepter les conditions générales',
  'shell.validation.totp': "Saisissez le code à 6 chiffres de votre application d'authentification",
  'shell.validation.recipientEmail': 'Une adresse e-mail valide est requise',
  'shell.validation.amount': 'Le montant doit être un nombre positif',
  'shell.validation.amountPrecision': 'Le montant peut avoir au plus 2 décimales',
  'shell.validation.insufficientBalance':
    "Solde insuffisant : vous n'avez pas assez de jetons SAI pour effectuer cette transaction.",
  'shell.validation.description':
    '{max, plural, one {La description doit contenir au plus # caractère} other {La description doit contenir au plus # caractères}}',
  'shell.validation.notes':
    '{max, plural, one {Les notes doivent contenir au plus # caractère} other {Les notes doivent contenir au plus # caractères}}',
  'shell.api.unreachable': 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.',
  'shell.api.interrupted': 'Le téléchargement a été interrompu. Veuillez réessayer.',
  'shell.api.suspended': 'Votre compte est suspendu. Veuillez contacter le support.',
  'shell.api.totpInvalid': "Code d'authentification invalide. Veuillez réessayer.",
  'shell.api.passkeyRequired': "Confirmez la connexion avec votre clé d'accès",
  'shell.api.passkeyInvalid': "Cette clé d'accès n'a pas pu être vérifiée. Veuillez réessayer.",
  'shell.api.passkeyUnknown':
    "Cette clé d'accès n'a pas pu être vérifiée. Réessayez ou connectez-vous avec votre mot de passe.",
  'shell.api.reauthTotp':
    "Saisissez le code à 6 chiffres de votre application d'authentification pour confirmer",
  'shell.api.reauthPassword': 'Saisissez votre mot de passe pour confirmer',
  'shell.api.reauthTotpWrong':
    "Ce code n'est pas valide ou a déjà été utilisé. Attendez le code suivant et réessayez.",
  'shell.api.reauthPasswordWrong': "Ce mot de passe n'est pas correct",
  'shell.api.ledgerFrozen':
    "Les mouvements d'argent sont suspendus : le registre a échoué à sa vérification continue et est en cours de contrôle. Veuillez réessayer plus tard.",
  'shell.api.mailReset':
    "La réinitialisation du mot de passe n'est pas disponible : ce serveur ne peut pas envoyer d'e-mails. Contactez le support.",
  'shell.api.mailEmailChange':
    "Le changement d'adresse e-mail n'est pas disponible : ce serveur ne peut pas envoyer d'e-mails. Contactez le support.",
  'shell.api.timeout':
    'La requête a pris trop de temps. Elle peut encore aboutir : vérifiez avant de réessayer.',
  'shell.api.csrf': "Requête d'une autre origine refusée",
  'shell.api.receiptUnavailable': "Le reçu n'est pas encore disponible. Veuillez réessayer dans un instant.",
  'shell.api.proofUnavailable': 'Les preuves de passif ne sont pas disponibles avant le prochain relevé',
  'shell.api.noStatement': "Aucun relevé de passif n'a encore été publié",
  'shell.api.heldNothing': 'Vous ne déteniez aucun solde lors du dernier relevé de passif',
  'shell.api.personHoldsMoney':
    "Cette personne détient encore de l'argent ou a des mouvements en cours : ils doivent être réglés avant l'effacement.",
  'shell.api.tooMany': 'Trop de tentatives. Veuillez patienter un instant et réessayer.',
  'shell.api.serverError': 'Un problème est survenu de notre côté. Veuillez réessayer.',
  'shell.api.unavailable': 'Le service est temporairement indisponible. Veuillez réessayer sous peu.',
  'shell.api.changed': 'Les données ont changé pendant le traitement de votre requête. Veuillez réessayer.',
  'shell.api.invalidCredentials': 'E-mail ou mot de passe incorrect',
  'shell.api.linkInvalid': 'Ce lien est invalide, déjà utilisé ou expiré. Demandez-en un nouveau.',
  'shell.api.linkIncomplete': 'Le lien est incomplet',
  'shell.api.emailTaken': 'Cette adresse e-mail est déjà enregistrée',
  'shell.api.usernameTaken': "Ce nom d'utilisateur est déjà pris",
  'shell.api.usernameCharacters':
    "Le nom d'utilisateur ne peut contenir que des lettres, des chiffres, des points, des tirets et des tirets bas",
  'shell.title.cardRequested': 'Demande de carte envoyée',
  'shell.title.verifyingPayment': 'Vérification du paiement',
  'shell.title.cardActivated': 'Carte activée',
  'shell.title.cardShipped': 'Carte expédiée',
  'shell.title.cardDelivered': 'Carte livrée',
  'shell.title.cardFrozen': 'Carte gelée',
  'shell.title.cardUnfrozen': 'Carte dégelée',
  'shell.title.pinChanged': 'Code PIN modifié',
  'shell.title.cardUpgraded': 'Carte surclassée',
  'shell.title.depositConfirmed': 'Dépôt confirmé',
  'shell.title.depositRejected': 'Dépôt refusé',
  'shell.title.withdrawalInitiated': 'Retrait lancé',
  'shell.title.withdrawalCompleted': 'Retrait effectué',
  'shell.title.withdrawalFailed': 'Échec du retrait',
  'shell.title.moneyReceived': 'Argent reçu',
  'shell.title.tokensReceived': 'Jetons reçus',
  'shell.title.depositSubmitted': 'Dépôt soumis',
  'shell.title.paymentApproved': 'Paiement approuvé',
  'shell.title.paymentRejected': 'Paiement refusé',
  'shell.title.passkeyAdded': "Clé d'accès ajoutée",
  'shell.title.passkeyRemoved': "Clé d'accès supprimée",
  'shell.title.newSignIn': 'Nouvelle connexion',
  'shell.validation.cryptoPositive': 'Le montant doit être supérieur à 0',
  'shell.validation.cryptoPrecision': 'Le montant peut avoir au plus {places} décimales',
  'shell.validation.cryptoInsufficient': 'Solde insuffisant. Vous avez {amount} {currency} disponibles.',
  'shell.api.receiverUnverified':
    "L'adresse e-mail de ce compte n'est pas encore confirmée : il ne peut pas recevoir de fonds tant que le lien qui lui a été envoyé n'a pas été ouvert.",
  'shell.api.secondFactorUnverified':
    "Confirmez d'abord votre adresse e-mail : un second facteur pourra être ajouté une fois le lien envoyé ouvert.",
  'shell.api.mailVerify':
    "La confirmation de l'adresse e-mail est indisponible : ce serveur ne peut pas envoyer d'e-mails. Contactez le support.",
};
