import type { shellMessages as english } from '../en/shellMessages.ts';

/** Spanish for ../en/shellMessages.ts. */
export const shellMessages: Record<keyof typeof english, string> = {
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
  'shell.api.unreachable': 'No se pudo conectar con el servidor. Compruebe su conexión e inténtelo de nuevo.',
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
  'shell.validation.cryptoPositive': 'El importe debe ser mayor que 0',
  'shell.validation.cryptoPrecision': 'El importe puede tener como máximo {places} decimales',
  'shell.validation.cryptoInsufficient': 'Saldo insuficiente. Tiene {amount} {currency} disponibles.',
  'shell.api.receiverUnverified':
    'La dirección de correo de esta cuenta aún no está confirmada: no puede recibir fondos hasta que se abra el enlace que se le envió.',
  'shell.api.secondFactorUnverified':
    'Confirma primero tu dirección de correo: podrás añadir un segundo factor cuando abras el enlace que te enviamos.',
  'shell.api.mailVerify':
    'La confirmación de la dirección de correo no está disponible: este servidor no puede enviar correos. Contacta con el servicio de asistencia.',
};
