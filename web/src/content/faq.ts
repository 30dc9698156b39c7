import {
  BRAND,
  type ConversionFees,
  conversionFeesByTier,
  formatUsd,
  SECURITY,
  SUPPORT,
  SUPPORTED_CRYPTO,
  TIERS,
  TIMINGS,
} from './constants.ts';

/** Help centre FAQ (docs/product-rules.md spec 2, "Help"): three categories of four questions. Answers read the constants. */

export type FaqCategoryId = 'account' | 'cards' | 'crypto' | 'cards-page';

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

export interface FaqCategory {
  /** Also the anchor on /help: #account, #cards, #crypto. */
  id: FaqCategoryId;
  title: string;
  description: string;
  items: readonly FaqItem[];
}

const [gold, ruby, black] = TIERS;
const tierStakes = `${gold.name} (${gold.stake} ${BRAND.token}), ${ruby.name} (${ruby.stake} ${BRAND.token}) and ${black.name} (${black.stake} ${BRAND.token})`;
const atmAllowances = TIERS.map((tier) => `${tier.name} ${formatUsd(tier.freeAtmUsdPerMonth)}`).join(', ');

export const HELP_FAQ: readonly FaqCategory[] = [
  {
    id: 'account',
    title: 'Account & Security',
    description: 'Signing up, protecting your account and reaching us.',
    items: [
      {
        id: 'create-account',
        question: 'How do I create an account?',
        answer: `Choose Get Started, enter your name, a username, your e-mail and a password of at least 6 characters, and accept the terms. Your ${BRAND.name} is ready straight away; you can deposit and order a card from the dashboard.`,
      },
      {
        id: 'account-protection',
        question: 'How are my account and funds protected?',
        answer: `Every movement of money is recorded in an append-only ledger, and you can check a receipt yourself on the Verify page. Personal data is sealed with ${SECURITY.encryption}. You can add an authenticator app or a passkey as a second sign-in factor, see every device signed in on your profile, and freeze your card at any time; a withdrawal asks for your code or password again.`,
      },
      {
        id: 'two-factor',
        question: 'How do I turn on two-factor authentication?',
        answer:
          'Open your profile, go to Security and choose Enable 2FA. Scan the QR code with an authenticator app and confirm with the 6-digit code it shows. From then on, signing in asks for a fresh code.',
      },
      {
        id: 'support-hours',
        question: 'When can I reach support?',
        answer: `Support is available ${SUPPORT.availability} in the ${SUPPORT.regions.join(', ')} regions. Use the chat in the corner of any page or the contact form, or write to ${SUPPORT.email}.`,
      },
    ],
  },
  {
    id: 'cards',
    title: 'Cards & Payments',
    description: 'Card tiers, delivery, fees and ATM allowances.',
    items: [
      {
        id: 'card-tiers',
        question: 'Which card tiers can I choose?',
        answer: `There are three tiers, set by the ${BRAND.token} you stake for your card: ${tierStakes}. No tier has an annual fee, and higher tiers earn more cashback and partner discounts.`,
      },
      {
        id: 'card-delivery',
        question: 'How long does card delivery take?',
        answer: `Once your deposit is confirmed, card verification takes ${TIMINGS.cardVerification}. The card then ships by courier with tracking and arrives in ${TIMINGS.cardShipping}.`,
      },
      {
        id: 'card-fees',
        question: 'What fees do I pay?',
        answer: feesAnswer(undefined),
      },
      {
        id: 'atm-allowance',
        question: 'How much can I withdraw from ATMs for free?',
        answer: `Each month you can withdraw, free of charge: ${atmAllowances}.`,
      },
    ],
  },
  {
    id: 'crypto',
    title: 'Cryptocurrency',
    description: 'Deposits, withdrawals and buying SAI.',
    items: [
      {
        id: 'supported-crypto',
        question: 'Which cryptocurrencies can I deposit?',
        answer: `${SUPPORTED_CRYPTO.join(', ')}, each on the networks listed on the deposit page. Always send on the network you selected, and at least the minimum shown for it.`,
      },
      {
        id: 'deposit-time',
        question: 'How long do deposits take?',
        answer: `Deposits are credited in ${TIMINGS.deposits}, once the network has confirmed them (${TIMINGS.depositConfirmations.ETH} confirmations for ETH, ${TIMINGS.depositConfirmations.other} for the others).`,
      },
      {
        id: 'withdrawal-time',
        question: 'How long do withdrawals take?',
        answer: `Withdrawals are processed ${TIMINGS.withdrawals}. The amount is held from your available balance as soon as you request it.`,
      },
      {
        id: 'buy-sai',
        question: `How do I buy ${BRAND.token}?`,
        answer: `Send ETH, USDT or USDC to the deposit address shown on your dashboard and submit the proof of payment. After review, the ${BRAND.token} are added to your balance, usually in ${TIMINGS.deposits}.`,
      },
    ],
  },
];

/** The fees question's answer, with the rates in force once they are known (constants.ts, `ConversionFees`). */
function feesAnswer(fees: ConversionFees | undefined): string {
  const conversion = fees
    ? `Converting other crypto to ${BRAND.token} costs ${conversionFeesByTier(fees)}; the Buy form quotes the rate before you pay.`
    : `Converting other crypto to ${BRAND.token} costs a fee that depends on your tier; the Buy form quotes the rate before you pay.`;
  return `No annual fee on any tier, no fee on transfers between ${BRAND.name} users and no fee on crypto deposits. ${conversion}`;
}

/** `categories` with the fees answer naming the rates in force (an admin may change them at any time). */
export function withLiveFees(
  categories: readonly FaqCategory[],
  fees: ConversionFees | undefined,
): FaqCategory[] {
  return categories.map((category) => ({
    ...category,
    items: category.items.map((item) =>
      item.id === 'card-fees' ? { ...item, answer: feesAnswer(fees) } : item,
    ),
  }));
}

/** The /cards page's questions. */
export const CARDS_FAQ: readonly FaqItem[] = [
  {
    id: 'cards-annual-fee',
    question: 'Is there an annual fee?',
    answer: 'No. Gold, Ruby Steel and Black have no annual fee.',
  },
  {
    id: 'cards-upgrade',
    question: 'How do I move up a tier?',
    answer: `Your tier follows the ${BRAND.token} you stake: ${ruby.stake} for ${ruby.name}, ${black.stake} for ${black.name}. Choose "Upgrade card" on your dashboard to stake for the next tier; the staked ${BRAND.token} stays yours and comes back when you release the stake.`,
  },
  {
    id: 'cards-shipping',
    question: 'When will my card arrive?',
    answer: `Verification takes ${TIMINGS.cardVerification}; the courier then delivers in ${TIMINGS.cardShipping}, with tracking.`,
  },
  {
    id: 'cards-freeze',
    question: 'Can I freeze my card or change my PIN?',
    answer:
      'Yes. Card settings on your dashboard let you freeze and unfreeze the card at any time and change its 4-digit PIN.',
  },
];

/**
 * What the help search looks through: the help centre's FAQ and the answers on the Cards page (freezing
 * the card, its PIN), so a question answered anywhere on the site is found from the help centre.
 */
export const SEARCHABLE_FAQ: readonly FaqCategory[] = [
  ...HELP_FAQ,
  {
    id: 'cards-page',
    title: 'Card questions',
    description: 'The answers on the Cards page.',
    items: CARDS_FAQ,
  },
];

/**
 * docs/product-rules.md rule 15: the help search filters the FAQ. Every word of the query must appear in the question
 * or the answer, ignoring case; categories left without questions are dropped.
 */
export function filterFaq(categories: readonly FaqCategory[], query: string): FaqCategory[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...categories];
  return categories
    .map((category) => ({
      ...category,
      items: category.items.filter((item) => {
        const text = `${item.question} ${item.answer}`.toLowerCase();
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((category) => category.items.length > 0);
}
