import { defineArea } from '../defineArea.ts';

/**
 * The shell's longer texts, kept apart from ./shell.ts (which merges them) so that neither file grows
 * past the size a file may have: the forms' validation messages (lib/validation.ts), the API's refusals
 * the client words in the person's language (lib/api.ts), and the titles of the notifications the server
 * writes (components/NotificationBell.tsx). Every English text here is the server's or today's verbatim.
 */
export const shellMessages = defineArea({
  en: {
    'shell.validation.email': 'Please enter a valid email address',
    'shell.validation.password':
      '{min, plural, one {Password must be at least # character} other {Password must be at least # characters}}',
    'shell.validation.username':
      '{min, plural, one {Username must be at least # character} other {Username must be at least # characters}}',
    'shell.validation.passwordsMatch': "Passwords don't match",
    'shell.validation.terms': 'You must agree to the terms and conditions',
    'shell.validation.totp': 'Enter the 6-digit code from your authenticator app',
    'shell.validation.recipientEmail': 'Valid email is required',
    'shell.validation.amount': 'Amount must be a positive number',
    'shell.validation.amountPrecision': 'Amount can have at most 2 decimal places',
    'shell.validation.insufficientBalance':
      'Insufficient balance: You do not have enough SAI tokens to complete this transaction.',
    'shell.validation.description':
      '{max, plural, one {Description must be at most # character} other {Description must be at most # characters}}',
    'shell.validation.notes':
      '{max, plural, one {Notes must be at most # character} other {Notes must be at most # characters}}',
    'shell.api.unreachable': 'Could not reach the server. Check your connection and try again.',
    'shell.api.interrupted': 'The download was interrupted. Please try again.',
    'shell.api.suspended': 'Your account is suspended. Please contact support.',
    'shell.api.totpInvalid': 'Invalid authentication code. Please try again.',
    'shell.api.passkeyRequired': 'Confirm the sign-in with your passkey',
    'shell.api.passkeyInvalid': 'That passkey could not be verified. Please try again.',
    'shell.api.passkeyUnknown':
      'That passkey could not be verified. Try again, or sign in with your password.',
    'shell.api.reauthTotp': 'Enter the 6-digit code from your authenticator app to confirm',
    'shell.api.reauthPassword': 'Enter your password to confirm',
    'shell.api.reauthTotpWrong':
      'That code is not valid, or was already used. Wait for the next code and try again.',
    'shell.api.reauthPasswordWrong': 'That password is not correct',
    'shell.api.ledgerFrozen':
      'Money movements are paused: the ledger failed its continuous verification and is being checked. Please try again later.',
    'shell.api.mailReset': 'Password reset is unavailable: this server cannot send e-mail. Contact support.',
    'shell.api.mailEmailChange':
      'Changing the e-mail address is unavailable: this server cannot send e-mail. Contact support.',
    'shell.api.timeout':
      'The request took too long. It may still complete: check before retrying, or retry with the same Idempotency-Key.',
    'shell.api.csrf': 'Cross-origin request refused',
    'shell.api.receiptUnavailable': 'The receipt is not available yet. Please try again in a moment.',
    'shell.api.proofUnavailable': 'Liability proofs are unavailable until the next statement',
    'shell.api.noStatement': 'No liabilities statement has been published yet',
    'shell.api.heldNothing': 'You held no balance at the latest liabilities statement',
    'shell.api.personHoldsMoney':
      'This person still holds money or has movements open: those must be settled before the erasure.',
    'shell.api.tooMany': 'Too many attempts. Please wait a moment and try again.',
    'shell.api.serverError': 'Something went wrong on our side. Please try again.',
    'shell.api.unavailable': 'The service is temporarily unavailable. Please try again shortly.',
    'shell.api.changed': 'The data changed while your request ran. Please try again.',
    'shell.api.invalidCredentials': 'Invalid email or password',
    'shell.api.linkInvalid': 'This link is invalid, already used or expired. Ask for a new one.',
    'shell.api.linkIncomplete': 'The link is incomplete',
    'shell.api.emailTaken': 'Email already registered',
    'shell.api.usernameTaken': 'Username already taken',
    'shell.api.usernameCharacters':
      'Username may only contain letters, numbers, dots, dashes and underscores',
    'shell.title.cardRequested': 'Card request submitted',
    'shell.title.verifyingPayment': 'Verifying payment',
    'shell.title.cardActivated': 'Card activated',
    'shell.title.cardShipped': 'Card shipped',
    'shell.title.cardDelivered': 'Card delivered',
    'shell.title.cardFrozen': 'Card frozen',
    'shell.title.cardUnfrozen': 'Card unfrozen',
    'shell.title.pinChanged': 'PIN changed',
    'shell.title.cardUpgraded': 'Card upgraded',
    'shell.title.depositConfirmed': 'Deposit confirmed',
    'shell.title.depositRejected': 'Deposit rejected',
    'shell.title.withdrawalInitiated': 'Withdrawal Initiated',
    'shell.title.withdrawalCompleted': 'Withdrawal completed',
    'shell.title.withdrawalFailed': 'Withdrawal failed',
    'shell.title.moneyReceived': 'Money received',
    'shell.title.tokensReceived': 'Tokens received',
    'shell.title.depositSubmitted': 'Deposit submitted',
    'shell.title.paymentApproved': 'Payment approved',
    'shell.title.paymentRejected': 'Payment rejected',
    'shell.title.passkeyAdded': 'Passkey added',
    'shell.title.passkeyRemoved': 'Passkey removed',
    'shell.title.newSignIn': 'New sign-in',
  },
  es: {
    'shell.validation.email': 'Introduzca una dirección de correo electrónico válida',
    'shell.validation.password':
      '{min, plural, one {La contraseña debe tener al menos # carácter} other {La contraseña debe tener al menos # caracteres}}',
    'shell.validation.username':
      '{min, plural, one {El nombre de usuario debe tener al menos # carácter} other {El nombre de usuario debe tener al menos # caracteres}}',
    'shell.validation.passwordsMatch': 'Las contraseñas no coinciden',
    'shell.validation.terms': 'Debe aceptar los términos y condiciones',
    'shell.validation.totp': 'Introduzca el código de 6 dígitos de su aplicación de autenticación',
    'shell.validation.recipientEmail': 'Se requiere un correo electrónico válido',
    'shell.validation.amount': 'El importe debe ser un número positivo',
    'shell.validation.amountPrecision': 'El importe puede tener como máximo 2 decimales',
    'shell.validation.insufficientBalance':
      'Saldo insuficiente: no tiene suficientes tokens SAI para completar esta transacción.',
    'shell.validation.description':
      '{max, plural, one {La descripción debe tener como máximo # carácter} other {La descripción debe tener como máximo # caracteres}}',
    'shell.validation.notes':
      '{max, plural, one {Las notas deben tener como máximo # carácter} other {Las notas deben tener como máximo # caracteres}}',
    'shell.api.unreachable':
      'No se pudo conectar con el servidor. Compruebe su conexión e inténtelo de nuevo.',
    'shell.api.interrupted': 'La descarga se interrumpió. Inténtelo de nuevo.',
    'shell.api.suspended': 'Su cuenta está suspendida. Póngase en contacto con el servicio de asistencia.',
    'shell.api.totpInvalid': 'Código de autenticación no válido. Inténtelo de nuevo.',
    'shell.api.passkeyRequired': 'Confirme el inicio de sesión con su llave de acceso',
    'shell.api.passkeyInvalid': 'No se pudo verificar esa llave de acceso. Inténtelo de nuevo.',
    'shell.api.passkeyUnknown':
      'No se pudo verificar esa llave de acceso. Inténtelo de nuevo o inicie sesión con su contraseña.',
    'shell.api.reauthTotp':
      'Introduzca el código de 6 dígitos de su aplicación de autenticación para confirmar',
    'shell.api.reauthPassword': 'Introduzca su contraseña para confirmar',
    'shell.api.reauthTotpWrong':
      'Ese código no es válido o ya se ha usado. Espere al siguiente código e inténtelo de nuevo.',
    'shell.api.reauthPasswordWrong': 'Esa contraseña no es correcta',
    'shell.api.ledgerFrozen':
      'Los movimientos de dinero están en pausa: el libro contable no superó su verificación continua y se está revisando. Inténtelo de nuevo más tarde.',
    'shell.api.mailReset':
      'El restablecimiento de contraseña no está disponible: este servidor no puede enviar correos. Póngase en contacto con el servicio de asistencia.',
    'shell.api.mailEmailChange':
      'El cambio de dirección de correo no está disponible: este servidor no puede enviar correos. Póngase en contacto con el servicio de asistencia.',
    'shell.api.timeout':
      'La solicitud tardó demasiado. Es posible que aún se complete: compruébelo antes de volver a intentarlo.',
    'shell.api.csrf': 'Solicitud de otro origen rechazada',
    'shell.api.receiptUnavailable': 'El recibo aún no está disponible. Inténtelo de nuevo en un momento.',
    'shell.api.proofUnavailable': 'Las pruebas de pasivos no están disponibles hasta la próxima declaración',
    'shell.api.noStatement': 'Aún no se ha publicado ninguna declaración de pasivos',
    'shell.api.heldNothing': 'No tenía saldo en la última declaración de pasivos',
    'shell.api.personHoldsMoney':
      'Esta persona aún tiene dinero o movimientos abiertos: deben liquidarse antes de la supresión.',
    'shell.api.tooMany': 'Demasiados intentos. Espere un momento e inténtelo de nuevo.',
    'shell.api.serverError': 'Algo salió mal por nuestra parte. Inténtelo de nuevo.',
    'shell.api.unavailable': 'El servicio no está disponible temporalmente. Inténtelo de nuevo en breve.',
    'shell.api.changed': 'Los datos cambiaron mientras se procesaba su solicitud. Inténtelo de nuevo.',
    'shell.api.invalidCredentials': 'Correo electrónico o contraseña incorrectos',
    'shell.api.linkInvalid': 'Este enlace no es válido, ya se ha usado o ha caducado. Solicite uno nuevo.',
    'shell.api.linkIncomplete': 'El enlace está incompleto',
    'shell.api.emailTaken': 'Este correo electrónico ya está registrado',
    'shell.api.usernameTaken': 'Este nombre de usuario ya está en uso',
    'shell.api.usernameCharacters':
      'El nombre de usuario solo puede contener letras, números, puntos, guiones y guiones bajos',
    'shell.title.cardRequested': 'Solicitud de tarjeta enviada',
    'shell.title.verifyingPayment': 'Verificando el pago',
    'shell.title.cardActivated': 'Tarjeta activada',
    'shell.title.cardShipped': 'Tarjeta enviada',
    'shell.title.cardDelivered': 'Tarjeta entregada',
    'shell.title.cardFrozen': 'Tarjeta congelada',
    'shell.title.cardUnfrozen': 'Tarjeta descongelada',
    'shell.title.pinChanged': 'PIN cambiado',
    'shell.title.cardUpgraded': 'Tarjeta mejorada',
    'shell.title.depositConfirmed': 'Depósito confirmado',
    'shell.title.depositRejected': 'Depósito rechazado',
    'shell.title.withdrawalInitiated': 'Retiro iniciado',
    'shell.title.withdrawalCompleted': 'Retiro completado',
    'shell.title.withdrawalFailed': 'Retiro fallido',
    'shell.title.moneyReceived': 'Dinero recibido',
    'shell.title.tokensReceived': 'Tokens recibidos',
    'shell.title.depositSubmitted': 'Depósito enviado',
    'shell.title.paymentApproved': 'Pago aprobado',
    'shell.title.paymentRejected': 'Pago rechazado',
    'shell.title.passkeyAdded': 'Llave de acceso añadida',
    'shell.title.passkeyRemoved': 'Llave de acceso eliminada',
    'shell.title.newSignIn': 'Nuevo inicio de sesión',
  },
  fr: {
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
    'shell.api.receiptUnavailable':
      "Le reçu n'est pas encore disponible. Veuillez réessayer dans un instant.",
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
  },
  de: {
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
    'shell.api.passkeyInvalid':
      'Dieser Passkey konnte nicht überprüft werden. Bitte versuchen Sie es erneut.',
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
    'shell.api.proofUnavailable':
      'Verbindlichkeitsnachweise sind bis zur nächsten Aufstellung nicht verfügbar',
    'shell.api.noStatement': 'Es wurde noch keine Verbindlichkeitsaufstellung veröffentlicht',
    'shell.api.heldNothing': 'Sie hatten bei der letzten Verbindlichkeitsaufstellung kein Guthaben',
    'shell.api.personHoldsMoney':
      'Diese Person hat noch Guthaben oder offene Bewegungen: Diese müssen vor der Löschung abgeschlossen werden.',
    'shell.api.tooMany': 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    'shell.api.serverError': 'Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es erneut.',
    'shell.api.unavailable':
      'Der Dienst ist vorübergehend nicht verfügbar. Bitte versuchen Sie es in Kürze erneut.',
    'shell.api.changed':
      'Die Daten haben sich während Ihrer Anfrage geändert. Bitte versuchen Sie es erneut.',
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
  },
});
