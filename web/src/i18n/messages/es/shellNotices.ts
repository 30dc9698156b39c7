import type { shellNotices as english } from '../en/shellNotices.ts';

/** Spanish for ../en/shellNotices.ts. */
export const shellNotices: Record<keyof typeof english, string> = {
  'shell.title.cardStakeChanged': 'Depósito de la tarjeta modificado',
  'shell.notice.CardRequested':
    'Se ha solicitado su tarjeta {tier}. Se activará en cuanto se confirme su depósito.',
  'shell.notice.CardPaymentSubmitted': 'Estamos verificando el pago de su tarjeta (1-2 días hábiles).',
  'shell.notice.CardActivated': 'Su tarjeta metálica está activa.',
  'shell.notice.CardShipped':
    'Su tarjeta va de camino por mensajería (3-7 días hábiles). Número de seguimiento {trackingNumber}, entrega prevista {estimatedDelivery}.',
  'shell.notice.CardDelivered': 'Su tarjeta ha sido entregada. ¡Que la disfrute!',
  'shell.notice.CardFrozen':
    'Su tarjeta está congelada; no se realizará ningún pago hasta que la descongele.',
  'shell.notice.CardUnfrozen': 'Su tarjeta vuelve a funcionar.',
  'shell.notice.CardPinChanged':
    'Se ha cambiado el PIN de su tarjeta. Si no ha sido usted, congele la tarjeta y contacte con soporte.',
  'shell.notice.CardTierUpgraded': 'Su tarjeta ahora es {to}.',
  'shell.notice.CardStaked': 'Su tarjeta ahora es {tier}. SAI depositados para ella: {staked}.',
  'shell.notice.CardUpgraded':
    'Ha mejorado su tarjeta de {from} a {to}. Sus ventajas se aplican desde ahora.',
  'shell.notice.CryptoDepositConfirmed': 'Se han abonado {amount} en su saldo.',
  'shell.notice.CryptoDepositRejected': 'Su depósito declarado ha sido rechazado.',
  'shell.notice.CryptoDepositRejectedBecause': 'Su depósito declarado ha sido rechazado: {reason}',
  'shell.notice.WithdrawalRequested': 'Su retiro de {amount} se está procesando (en 24 horas como máximo).',
  'shell.notice.WithdrawalCompleted': 'Se han enviado {amount} (transacción {txHash}).',
  'shell.notice.WithdrawalFailed': 'Su retiro ha fallado. {amount} han vuelto a su saldo.',
  'shell.notice.WithdrawalFailedBecause': 'Su retiro ha fallado: {reason}. {amount} han vuelto a su saldo.',
  'shell.notice.TokensTransferred': 'Ha recibido {amount} de {from}.',
  'shell.notice.TokensMinted': 'Se han añadido {amount} a su saldo.',
  'shell.notice.PaymentProofSubmitted':
    'Su comprobante de pago por {amount} está pendiente de confirmación. Los tokens se añaden automáticamente una vez confirmado (10-60 minutos).',
  'shell.notice.PaymentApproved': 'Su pago ha sido aprobado: {amount} ya están en su saldo.',
  'shell.notice.fee': 'Además se cobró una comisión de conversión de {fee} ({rate} %).',
  'shell.notice.PaymentRejected': 'Su comprobante de pago ha sido rechazado. Puede enviar uno nuevo.',
  'shell.notice.PaymentRejectedBecause':
    'Su comprobante de pago ha sido rechazado: {reason} Puede enviar uno nuevo.',
  'shell.notice.PasskeyAdded':
    'Se ha añadido una llave de acceso a su cuenta. Si no ha sido usted, elimínela en Perfil, Seguridad, y cambie su contraseña.',
  'shell.notice.PasskeyRemoved':
    'Se ha eliminado una llave de acceso de su cuenta. Si no ha sido usted, cambie su contraseña.',
  'shell.notice.SignedIn':
    'Nuevo inicio de sesión desde {browser} en {os}. Si no ha sido usted, cierre esa sesión en Perfil, Seguridad y cambie su contraseña.',
  'shell.notice.unknownBrowser': 'un navegador desconocido',
  'shell.notice.unknownSystem': 'un sistema desconocido',
  'shell.notice.erasedUser': 'Persona eliminada',
  'shell.notice.distribution': 'Distribución de tokens',
  'shell.notice.quoted': '«{text}»',
};
