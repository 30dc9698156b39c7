/**
 * The support chat (shell/ChatWidget.tsx, content/chat.ts): its controls and its canned replies. In the
 * public part, since the chat is on every page. Figures (stakes, timings, rates) are arguments, read from
 * content/constants.ts, so no language repeats a number of its own (docs/product-rules.md rule 11).
 */
export const chat = {
  'chat.open': 'Open support chat',
  'chat.region': 'Support chat',
  'chat.role': 'Automated assistant',
  'chat.minimize': 'Minimize chat',
  'chat.expand': 'Expand chat',
  'chat.close': 'Close chat',
  'chat.log': 'Chat messages',
  'chat.you': 'You',
  'chat.connecting': 'Connecting to {agent}...',
  'chat.typing': '{agent} is typing',
  'chat.placeholder': 'Type your message...',
  'chat.input': 'Type your message',
  'chat.send': 'Send message',
  'chat.note': 'Automated replies. For account questions, use the contact form.',
  'chat.greeting':
    "Hi, I'm {agent}, {brand}'s automated assistant. Ask me about metal cards, crypto support or partner benefits.",
  'chat.reply.verification':
    'Card verification takes {min}-{max} business days after your deposit is confirmed. Once it is verified, your card is activated and ships right away; you can follow its status on your dashboard.',
  'chat.reply.shipping':
    'Cards ship by courier with tracking and arrive in {min}-{max} working days. Add your shipping address on the dashboard so we can send it as soon as it is verified.',
  'chat.reply.fees':
    'There is no annual fee on any card, transfers between {brand} users are free and crypto deposits carry no fee. Converting other crypto to {token} costs {rates}.',
  'chat.reply.feesUnknown':
    'There is no annual fee on any card, transfers between {brand} users are free and crypto deposits carry no fee. Converting other crypto to {token} costs a fee that depends on your tier; the Buy form quotes it before you pay.',
  'chat.fees.rates': '{gold}, {ruby} and {black}',
  'chat.fees.rate': '{rate} on {tier}',
  'chat.reply.crypto':
    'You can deposit {assets}. Deposits are credited in {min}-{max} minutes and withdrawals are processed within {hours, plural, one {# hour} other {# hours}}.',
  'chat.reply.partners':
    'Cardholders save at partner locations worldwide: {gold} on {goldName}, {ruby} on {rubyName} and up to {black} on {blackName}, plus {cashbackMin}-{cashbackMax}% cashback. See the Partners page for the full list.',
  'chat.reply.cards':
    'We offer three metal card tiers: {goldName} from {goldStake} {token}, {rubyName} from {rubyStake} {token} and {blackName} from {blackStake} {token}. None has an annual fee; free ATM withdrawals go up to {atm} a month on {blackName}.',
  'chat.reply.greeting':
    'Hello! How can I help you today? I can tell you about metal cards, crypto support or partner benefits.',
  'chat.fallback.0':
    "I'm not sure I understood. Could you rephrase, or ask me about metal cards, crypto support or partner benefits?",
  'chat.fallback.1':
    'Sorry, I did not catch that. Could you rephrase it? You can also ask me about metal cards, crypto support or partner benefits.',
  'chat.fallback.2':
    'I can help best with metal cards, crypto support or partner benefits. Could you rephrase your question? For anything else, write to {email}.',
};
