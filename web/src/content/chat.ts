import {
  BRAND,
  type ConversionFees,
  conversionFeesByTier,
  formatUsd,
  partnerDiscountUpTo,
  SUPPORT,
  SUPPORTED_CRYPTO,
  TIERS,
  TIMINGS,
} from './constants.ts';

/**
 * The support chat's canned content (spec sections 3, 4 and 9). The widget answers locally and says it
 * is an automated assistant (docs/product-rules.md rule 15); nothing here reaches a server.
 */

export interface ChatAgent {
  name: string;
  /** Two colours of the generated avatar's gradient; both dark enough for white initials. */
  colors: readonly [string, string];
}

/** Five first-name personas; each gets an initials avatar, never a photo. */
export const CHAT_AGENTS: readonly ChatAgent[] = [
  { name: 'Sophia', colors: ['#8f6e2e', '#4a3812'] },
  { name: 'Liam', colors: ['#a3243d', '#4a0d1a'] },
  { name: 'Amara', colors: ['#1f7a55', '#0c3b28'] },
  { name: 'Kenji', colors: ['#2d4f9e', '#152552'] },
  { name: 'Elena', colors: ['#6b3aa8', '#321a52'] },
];

export const CHAT_TIMINGS = {
  connectingMs: 2000,
  typingMs: 1500,
} as const;

export function agentByName(name: string | null | undefined): ChatAgent | undefined {
  return CHAT_AGENTS.find((agent) => agent.name === name);
}

/** `random` is a number in [0, 1), as Math.random gives; passed in so tests can choose. */
export function pickAgent(random: number): ChatAgent {
  const index = Math.min(CHAT_AGENTS.length - 1, Math.floor(random * CHAT_AGENTS.length));
  return CHAT_AGENTS[index] ?? CHAT_AGENTS[0]!;
}

export function greeting(agent: ChatAgent): string {
  return `Hi, I'm ${agent.name}, ${BRAND.name}'s automated assistant. Ask me about metal cards, crypto support or partner benefits.`;
}

export type ReplyTopic = 'verification' | 'shipping' | 'fees' | 'crypto' | 'partners' | 'cards' | 'greeting';

const [gold, ruby, black] = TIERS;

/**
 * Keyword groups, most specific first: "card shipping" is about shipping, "card fees" about fees.
 * A keyword matches at the start of a word, so "cards" and "shipped" count but "this" is no greeting.
 */
const TOPICS: readonly { topic: ReplyTopic; keywords: readonly string[]; reply: string }[] = [
  {
    topic: 'verification',
    keywords: ['verify', 'verification', 'verified', 'activate', 'activation', 'confirm'],
    reply: `Card verification takes ${TIMINGS.cardVerification} after your deposit is confirmed. Once it is verified, your card is activated and ships right away; you can follow its status on your dashboard.`,
  },
  {
    topic: 'shipping',
    keywords: ['ship', 'delivery', 'deliver', 'receive', 'mail', 'courier', 'tracking'],
    reply: `Cards ship by courier with tracking and arrive in ${TIMINGS.cardShipping}. Add your shipping address on the dashboard so we can send it as soon as it is verified.`,
  },
  {
    topic: 'fees',
    keywords: ['fee', 'charge', 'cost', 'price', 'pricing', 'expensive'],
    reply: feesReply(undefined),
  },
  {
    topic: 'crypto',
    keywords: ['crypto', 'bitcoin', 'btc', 'ethereum', 'eth', 'coin', 'usdt', 'usdc', 'solana', 'xrp'],
    reply: `You can deposit ${SUPPORTED_CRYPTO.join(', ')}. Deposits are credited in ${TIMINGS.deposits} and withdrawals are processed ${TIMINGS.withdrawals}.`,
  },
  {
    topic: 'partners',
    keywords: ['partner', 'discount', 'offer', 'reward', 'benefit', 'cashback', 'deal'],
    reply: `Cardholders save at partner locations worldwide: ${gold.partnerDiscount} on ${gold.name}, ${ruby.partnerDiscount} on ${ruby.name} and up to ${partnerDiscountUpTo(black)} on ${black.name}, plus ${gold.cashbackPercent}-${black.cashbackPercent}% cashback. See the Partners page for the full list.`,
  },
  {
    topic: 'cards',
    keywords: ['metal', 'card', 'tier', 'black', 'gold', 'ruby'],
    reply: `We offer three metal card tiers: ${gold.name} from ${gold.stake} ${BRAND.token}, ${ruby.name} from ${ruby.stake} ${BRAND.token} and ${black.name} from ${black.stake} ${BRAND.token}. None has an annual fee; free ATM withdrawals go up to ${formatUsd(black.freeAtmUsdPerMonth)} a month on ${black.name}.`,
  },
  {
    topic: 'greeting',
    keywords: ['hi', 'hello', 'hey', 'hiya', 'greetings', 'good morning', 'good afternoon', 'good evening'],
    reply:
      'Hello! How can I help you today? I can tell you about metal cards, crypto support or partner benefits.',
  },
];

const FALLBACKS: readonly string[] = [
  "I'm not sure I understood. Could you rephrase, or ask me about metal cards, crypto support or partner benefits?",
  'Sorry, I did not catch that. Could you rephrase it? You can also ask me about metal cards, crypto support or partner benefits.',
  `I can help best with metal cards, crypto support or partner benefits. Could you rephrase your question? For anything else, write to ${SUPPORT.email}.`,
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const MATCHERS = TOPICS.map((group) => ({
  ...group,
  pattern: new RegExp(`\\b(?:${group.keywords.map(escapeRegExp).join('|')})`, 'i'),
}));

// Greetings must be whole words ("hi", not the start of "history").
const GREETING = new RegExp(
  `\\b(?:${TOPICS.find((group) => group.topic === 'greeting')!
    .keywords.map(escapeRegExp)
    .join('|')})\\b`,
  'i',
);

export function replyTopic(message: string): ReplyTopic | null {
  for (const group of MATCHERS) {
    const pattern = group.topic === 'greeting' ? GREETING : group.pattern;
    if (pattern.test(message)) return group.topic;
  }
  return null;
}

/** The fees reply, with the conversion fee's rates in force once they are known (an admin sets them). */
function feesReply(fees: ConversionFees | undefined): string {
  const conversion = fees
    ? `Converting other crypto to ${BRAND.token} costs ${conversionFeesByTier(fees)}.`
    : `Converting other crypto to ${BRAND.token} costs a fee that depends on your tier; the Buy form quotes it before you pay.`;
  return `There is no annual fee on any card, transfers between ${BRAND.name} users are free and crypto deposits carry no fee. ${conversion}`;
}

/**
 * The canned reply for a message; `random` in [0, 1) picks among the fallbacks; `fees`, the conversion
 * fee's rates in force (`GET /api/config/public`), for the fees answer.
 */
export function cannedReply(message: string, random: number, fees?: ConversionFees): string {
  const topic = replyTopic(message);
  if (topic === 'fees') return feesReply(fees);
  const group = topic ? TOPICS.find((candidate) => candidate.topic === topic) : undefined;
  if (group) return group.reply;
  const index = Math.min(FALLBACKS.length - 1, Math.floor(random * FALLBACKS.length));
  return FALLBACKS[index] ?? FALLBACKS[0]!;
}

/** Initials for the generated avatar: "S" for Sophia. */
export function agentInitials(agent: ChatAgent): string {
  return agent.name.slice(0, 1).toUpperCase();
}
