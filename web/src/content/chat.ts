import { currentLocale, t } from '../i18n/i18n.ts';
import { formatDecimal, formatPercentChange, formatUsdValue } from '../lib/format.ts';
import type { ReplyTopic } from './chatKeywords.ts';
import { replyTopic } from './chatKeywords.ts';
import {
  BRAND,
  type ConversionFees,
  feePercent,
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

/**
 * The texts below are in the page's language at the moment they are written (web/src/i18n): a message the
 * chat saved earlier (ChatWidgetStorage) stays in the language it was written in, as a conversation
 * would; only new messages follow a language switch. Translating the saved ones again would need their
 * topic stored beside them, and a user's own messages cannot be translated anyway.
 */
export function greeting(agent: ChatAgent): string {
  return t('chat.greeting', { agent: agent.name, brand: BRAND.name });
}

export { replyTopic } from './chatKeywords.ts';

const [gold, ruby, black] = TIERS;

/** The two figures of a timing constant ("1-2 business days" → 1 and 2), for the message's own words. */
function range(timing: string): { min: string; max: string } {
  const [, min = timing, max = timing] = /^(\d+)-(\d+)\b/.exec(timing) ?? [];
  return { min, max };
}

/** The hours of "within 24 hours". */
function hours(timing: string): number {
  return Number(/\d+/.exec(timing)?.[0] ?? Number.NaN);
}

/**
 * A constant's percentage as the language writes one: "0.45%" → "0,45 %" in German, a range "5-15%" →
 * "5-15 %" (the sign after its upper figure). The figures are the constant's.
 */
function percentText(value: string): string {
  const figures = value.replace(/%$/, '').split('-');
  const last = formatPercentChange(figures.pop() ?? '').replace(/^\+/, '');
  return [...figures.map((figure) => formatDecimal(figure, figure.split('.')[1]?.length ?? 0)), last].join(
    '-',
  );
}

/** The conversion fee's rates in force, per tier ("0.45% on Gold, 0.3% on Ruby Steel and 0.25% on Black"). */
function ratesByTier(fees: ConversionFees): string {
  const [goldRate, rubyRate, blackRate] = TIERS.map((tier) =>
    t('chat.fees.rate', { rate: percentText(feePercent(fees[tier.id])), tier: tier.name }),
  );
  return t('chat.fees.rates', { gold: goldRate, ruby: rubyRate, black: blackRate });
}

/** The fees reply, with the conversion fee's rates in force once they are known (an admin sets them). */
function feesReply(fees: ConversionFees | undefined): string {
  const values = { brand: BRAND.name, token: BRAND.token };
  return fees
    ? t('chat.reply.fees', { ...values, rates: ratesByTier(fees) })
    : t('chat.reply.feesUnknown', values);
}

const REPLIES: Record<Exclude<ReplyTopic, 'fees'>, () => string> = {
  verification: () => t('chat.reply.verification', range(TIMINGS.cardVerification)),
  shipping: () => t('chat.reply.shipping', range(TIMINGS.cardShipping)),
  crypto: () =>
    t('chat.reply.crypto', {
      assets: new Intl.ListFormat(currentLocale(), { type: 'conjunction' }).format(SUPPORTED_CRYPTO),
      ...range(TIMINGS.deposits),
      hours: hours(TIMINGS.withdrawals),
    }),
  partners: () =>
    t('chat.reply.partners', {
      gold: percentText(gold.partnerDiscount),
      goldName: gold.name,
      ruby: percentText(ruby.partnerDiscount),
      rubyName: ruby.name,
      black: percentText(partnerDiscountUpTo(black)),
      blackName: black.name,
      cashbackMin: gold.cashbackPercent,
      cashbackMax: black.cashbackPercent,
    }),
  cards: () =>
    t('chat.reply.cards', {
      goldName: gold.name,
      goldStake: gold.stake,
      rubyName: ruby.name,
      rubyStake: ruby.stake,
      blackName: black.name,
      blackStake: black.stake,
      token: BRAND.token,
      atm: formatUsdValue(String(black.freeAtmUsdPerMonth), { decimals: 0 }),
    }),
  greeting: () => t('chat.reply.greeting'),
};

const FALLBACKS = ['chat.fallback.0', 'chat.fallback.1', 'chat.fallback.2'] as const;

/**
 * The canned reply for a message, in the page's language whatever language the question was asked in;
 * `random` in [0, 1) picks among the fallbacks; `fees`, the conversion fee's rates in force
 * (`GET /api/config/public`), for the fees answer.
 */
export function cannedReply(message: string, random: number, fees?: ConversionFees): string {
  const topic = replyTopic(message);
  if (topic === 'fees') return feesReply(fees);
  if (topic) return REPLIES[topic]();
  const index = Math.min(FALLBACKS.length - 1, Math.floor(random * FALLBACKS.length));
  return t(FALLBACKS[index] ?? FALLBACKS[0], { email: SUPPORT.email });
}

/** Initials for the generated avatar: "S" for Sophia. */
export function agentInitials(agent: ChatAgent): string {
  return agent.name.slice(0, 1).toUpperCase();
}
