import type { chat as english } from '../en/chat.ts';

/** Spanish for ../en/chat.ts. */
export const chat: Record<keyof typeof english, string> = {
  'chat.open': 'Abrir el chat de asistencia',
  'chat.region': 'Chat de asistencia',
  'chat.role': 'Asistente automático',
  'chat.minimize': 'Minimizar el chat',
  'chat.expand': 'Ampliar el chat',
  'chat.close': 'Cerrar el chat',
  'chat.log': 'Mensajes del chat',
  'chat.you': 'Usted',
  'chat.connecting': 'Conectando con {agent}...',
  'chat.typing': '{agent} está escribiendo',
  'chat.placeholder': 'Escriba su mensaje...',
  'chat.input': 'Escriba su mensaje',
  'chat.send': 'Enviar mensaje',
  'chat.note': 'Respuestas automáticas. Para preguntas sobre su cuenta, use el formulario de contacto.',
  'chat.greeting':
    'Hola, soy {agent}, el asistente automático de {brand}. Pregúnteme por las tarjetas de metal, las criptomonedas admitidas o las ventajas con nuestros socios.',
  'chat.reply.verification':
    'La verificación de la tarjeta tarda {min}-{max} días hábiles desde que se confirma su depósito. Una vez verificada, la tarjeta se activa y se envía enseguida; puede seguir su estado en el panel.',
  'chat.reply.shipping':
    'Las tarjetas se envían por mensajería con seguimiento y llegan en {min}-{max} días laborables. Añada su dirección de envío en el panel para que podamos enviarla en cuanto esté verificada.',
  'chat.reply.fees':
    'Ninguna tarjeta tiene cuota anual, las transferencias entre usuarios de {brand} son gratuitas y los depósitos de criptomonedas no tienen comisión. Convertir otras criptomonedas a {token} cuesta {rates}.',
  'chat.reply.feesUnknown':
    'Ninguna tarjeta tiene cuota anual, las transferencias entre usuarios de {brand} son gratuitas y los depósitos de criptomonedas no tienen comisión. Convertir otras criptomonedas a {token} tiene una comisión que depende de su nivel; el formulario de compra se la indica antes de pagar.',
  'chat.fees.rates': '{gold}, {ruby} y {black}',
  'chat.fees.rate': '{rate} con {tier}',
  'chat.reply.crypto':
    'Puede depositar {assets}. Los depósitos se abonan en {min}-{max} minutos y los retiros se procesan en menos de {hours, plural, one {# hora} other {# horas}}.',
  'chat.reply.partners':
    'Los titulares ahorran en establecimientos asociados de todo el mundo: {gold} con {goldName}, {ruby} con {rubyName} y hasta {black} con {blackName}, además de un {cashbackMin}-{cashbackMax} % de reembolso en cripto. Consulte la lista completa en la página de socios.',
  'chat.reply.cards':
    'Ofrecemos tres niveles de tarjeta de metal: {goldName} desde {goldStake} {token}, {rubyName} desde {rubyStake} {token} y {blackName} desde {blackStake} {token}. Ninguna tiene cuota anual; con {blackName}, los retiros gratuitos en cajeros llegan a {atm} al mes.',
  'chat.reply.greeting':
    '¡Hola! ¿En qué puedo ayudarle hoy? Puedo informarle sobre las tarjetas de metal, las criptomonedas admitidas o las ventajas con nuestros socios.',
  'chat.fallback.0':
    'No estoy seguro de haberle entendido. ¿Podría reformular la pregunta o preguntarme por las tarjetas de metal, las criptomonedas admitidas o las ventajas con nuestros socios?',
  'chat.fallback.1':
    'Lo siento, no lo he entendido. ¿Podría decirlo de otra manera? También puede preguntarme por las tarjetas de metal, las criptomonedas admitidas o las ventajas con nuestros socios.',
  'chat.fallback.2':
    'Donde mejor puedo ayudarle es con las tarjetas de metal, las criptomonedas admitidas o las ventajas con nuestros socios. ¿Podría reformular su pregunta? Para cualquier otra cosa, escriba a {email}.',
};
