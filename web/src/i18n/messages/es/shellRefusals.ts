import type { shellRefusals as english } from '../en/shellRefusals.ts';

/** Spanish for ../en/shellRefusals.ts. */
export const shellRefusals: Record<keyof typeof english, string> = {
  'shell.api.reauthRequired': 'Confirme con su contraseña o con el código de su aplicación de autenticación',
  'shell.api.reauthWrong': 'Esa confirmación no es correcta. Inténtelo de nuevo.',
  'shell.api.stepUp': 'Confirme esta transferencia con su contraseña o su código de autenticación',
  'shell.api.mailUnavailable':
    'No está disponible: este servidor no puede enviar correos electrónicos. Póngase en contacto con el servicio de asistencia.',
  'shell.api.proofsDamaged':
    'Las pruebas del libro mayor no están disponibles: el árbol almacenado está dañado; se ha avisado al operador',
  'shell.api.shortOfResources':
    'El servicio se ha quedado sin recursos por un momento. Inténtelo de nuevo en breve.',
  'shell.api.busy': 'El servicio está ocupado en este momento. Inténtelo de nuevo.',
  'shell.api.signIn': 'Inicie sesión para continuar',
  'shell.api.twoFactorOn': 'La autenticación de dos factores ya está activada',
  'shell.api.alreadyVerified': 'Esta dirección de correo electrónico ya está confirmada.',
  'shell.api.sessionNotFound': 'Sesión no encontrada',
  'shell.api.passkeyNotFound': 'Llave de acceso no encontrada',
  'shell.api.transactionNotFound': 'Transacción no encontrada',
  'shell.api.invalidCharacters': 'Contiene caracteres no válidos',
  'shell.api.textNotAllowed':
    'Este texto contiene un carácter invisible o de control que no se puede guardar. Elimínelo e inténtelo de nuevo.',
  'shell.api.valueTaken': 'Otra cuenta ya lo está usando',
  'shell.api.networkUnsupported': '{currency} no se puede depositar en esa red',
  'shell.api.networkUnavailable': 'Esta moneda no se puede depositar en esa red',
  'shell.api.selectNetwork': 'Seleccione una red',
  'shell.api.txHashInvalid': 'Este no es un hash de transacción válido para esa red',
  'shell.api.txHashRequired': 'Introduzca el hash de la transacción de este depósito para confirmarlo',
  'shell.api.txHashMismatch': 'Este depósito se declaró con otro hash de transacción',
  'shell.api.txCredited': 'Esta transacción ya se ha abonado a un depósito en {network}',
  'shell.api.txDeclared': 'Este hash de transacción ya se ha declarado para un depósito en {network}',
  'shell.api.txHashTaken': 'Este hash de transacción ya lo usa otro depósito',
  'shell.api.userNotFound': 'Usuario no encontrado',
  'shell.api.recipientNotFound': 'Destinatario no encontrado',
  'shell.api.receiverSuspended': 'La cuenta del destinatario está suspendida y no puede recibir fondos.',
  'shell.api.selfTransfer': 'No puede enviar tokens a su propia cuenta',
  'shell.api.insufficientFunds': 'Su saldo disponible no es suficiente para esto',
  'shell.api.stakeInsufficient':
    'El staking de {tier} retiene {staked} SAI: {more} SAI más que su participación actual, y tiene {available} SAI disponibles.',
  'shell.api.passwordIncorrect': 'La contraseña actual es incorrecta',
  'shell.api.currencyNotPriced':
    '{currency} no tiene precio fijado, así que no se puede cotizar una compra con esa moneda',
  'shell.api.notPriced':
    'Esta moneda no tiene precio fijado, así que no se puede cotizar una compra con ella',
  'shell.api.quoteChanged':
    'El precio cambió desde la cotización: la comisión es ahora de {fee} SAI y paga {amount} {currency}. Revise la nueva cotización y envíela de nuevo.',
  'shell.api.quoteStale':
    'El precio cambió desde la cotización. Revise la nueva cotización y envíela de nuevo.',
  'shell.api.addressInvalid':
    'Esta no es una dirección válida para esa red: revísela carácter por carácter o vuelva a copiarla desde su monedero.',
  'shell.api.depositUnavailable':
    'Los depósitos en {currency} en {network} aún no están disponibles: no hay ninguna dirección de depósito configurada',
  'shell.api.depositsUnavailable':
    'Los depósitos en esta moneda en esa red aún no están disponibles: no hay ninguna dirección de depósito configurada',
  'shell.api.emailUnchanged': 'Esta ya es su dirección de correo electrónico',
  'shell.api.cardNotFound': 'Tarjeta no encontrada',
  'shell.api.notificationNotFound': 'Notificación no encontrada',
  'shell.api.depositDeclaredAlready': 'Este depósito ya se declaró',
  'shell.api.withdrawalRequested': 'Este retiro ya se solicitó',
  'shell.api.cannotWithdrawOn': '{currency} no se puede retirar en {network}',
};
