import type { Posting, TransactionType } from './posting.ts';

/**
 * The posting rules as data: for each event type that moves value, the postings (legs) it books. This table
 * is the single source of the rules: postingsOf (postings.ts) interprets it for the projections, the
 * audit and the tests, and projections/ledger/postingsSql.ts compiles it into the SQL a rebuild computes
 * the ledger with, so the two cannot disagree by being written twice.
 *
 * The vocabulary, all over the event's `data`:
 * - a template: text where `{name}` stands for the field `name` (`'user:{userId}'`, `'issuance:{asset}'`);
 *   a template that is one placeholder alone (`'{transactionId}'`) is the field's value itself, and one
 *   without a placeholder is a constant;
 * - a choice: one template when a field equals a given text, another otherwise;
 * - the amount: the name of a field holding a decimal string with the asset's decimals;
 * - an event type books one rule, or a list of them (its legs, in order: leg 0 first); a leg with `onlyWith`
 *   is booked only when the event carries that field (a purchase's fee, absent on older events and when
 *   there is none).
 * Field names are letters, digits and underscores.
 */
export type Template = string;

export interface Choice<T extends Template = Template> {
  when: { field: string; equals: string };
  use: T;
  otherwise: T;
}

export type Text<T extends Template = Template> = T | Choice<T>;

export interface PostingRule {
  transactionId: Template;
  kind: Text<TransactionType>;
  asset: Template;
  /** The field holding the amount. */
  amount: string;
  from: Template;
  to: Template;
  description: Template;
  status: Posting['status'];
  /** The field the event must carry (not null) for this leg to be booked; every event books it without. */
  onlyWith?: string;
}

/** One rule, or the legs of an event that books more than one posting. */
export type PostingRules = PostingRule | readonly PostingRule[];

export const POSTING_RULES = {
  // A purchase books its conversion fee beside the tokens, under the same transaction: both are issued, the
  // fee to the company's fee account (docs/product-rules.md rule 25).
  TokensMinted: [
    {
      transactionId: '{transactionId}',
      kind: { when: { field: 'source', equals: 'payment' }, use: 'deposit', otherwise: 'admin_deposit' },
      asset: '{asset}',
      amount: 'amount',
      from: 'issuance:{asset}',
      to: 'user:{userId}',
      description: '{description}',
      status: 'completed',
    },
    {
      transactionId: '{transactionId}',
      kind: 'deposit',
      asset: '{asset}',
      amount: 'fee',
      from: 'issuance:{asset}',
      to: 'fees:{asset}',
      description: 'Conversion fee ({feeRate}%)',
      status: 'completed',
      onlyWith: 'fee',
    },
  ],
  TokensTransferred: {
    transactionId: '{transactionId}',
    kind: 'transfer',
    asset: '{asset}',
    amount: 'amount',
    from: 'user:{fromUserId}',
    to: 'user:{toUserId}',
    description: '{description}',
    status: 'completed',
  },
  CryptoDepositCredited: {
    transactionId: '{transactionId}',
    kind: 'crypto_deposit',
    asset: '{asset}',
    amount: 'amount',
    from: 'custody:{asset}',
    to: 'user:{userId}',
    description: '{asset} deposit confirmed',
    status: 'completed',
  },
  WithdrawalHoldPlaced: {
    transactionId: '{transactionId}',
    kind: 'withdrawal',
    asset: '{asset}',
    amount: 'amount',
    from: 'user:{userId}',
    to: 'holds:{asset}',
    description: 'Withdrawal to {address}',
    status: 'pending',
  },
  // The hold's settlement: the withdrawal's id is its transaction's.
  WithdrawalCompleted: {
    transactionId: '{withdrawalId}',
    kind: 'withdrawal',
    asset: '{asset}',
    amount: 'amount',
    from: 'holds:{asset}',
    to: 'outbound:{asset}',
    description: 'Withdrawal sent ({txHash})',
    status: 'completed',
  },
  WithdrawalFailed: {
    transactionId: '{withdrawalId}',
    kind: 'withdrawal',
    asset: '{asset}',
    amount: 'amount',
    from: 'holds:{asset}',
    to: 'user:{userId}',
    description: 'Withdrawal failed: {reason}',
    status: 'failed',
  },
  // A card stake (docs/product-rules.md rule 30): held in holds:SAI, still owed to the user, for as long as
  // it backs the card's tier; a downgrade or an unstake releases it back. Its own transaction each.
  CardStakePlaced: {
    transactionId: '{transactionId}',
    kind: 'other',
    asset: '{asset}',
    amount: 'amount',
    from: 'user:{userId}',
    to: 'holds:{asset}',
    description: 'Card stake ({tier})',
    status: 'completed',
  },
  CardStakeReleased: {
    transactionId: '{transactionId}',
    kind: 'other',
    asset: '{asset}',
    amount: 'amount',
    from: 'holds:{asset}',
    to: 'user:{userId}',
    description: 'Card stake released ({tier})',
    status: 'completed',
  },
  // An erased person's residual balance: still owed, in the asset's dormant account (docs/ledger.md).
  BalanceMovedToDormant: {
    transactionId: '{transactionId}',
    kind: 'dormant',
    asset: '{asset}',
    amount: 'amount',
    from: 'user:{userId}',
    to: 'dormant:{asset}',
    description: 'Balance moved to dormant',
    status: 'completed',
  },
} as const satisfies Record<string, PostingRules>;

export type PostingEventType = keyof typeof POSTING_RULES;

/** The event types that book a posting. */
export const POSTING_EVENT_TYPES = Object.keys(POSTING_RULES) as PostingEventType[];

/** An event type's legs, leg 0 first; none for a type without a rule. */
export function postingRulesOf(
  type: string,
  rules: Readonly<Record<string, PostingRules>> = POSTING_RULES,
): readonly PostingRule[] {
  if (!Object.hasOwn(rules, type)) return [];
  return legsOf(rules[type]!);
}

export function legsOf(rules: PostingRules): readonly PostingRule[] {
  return Array.isArray(rules) ? rules : [rules as PostingRule];
}

type TemplatePart = { readonly text: string } | { readonly field: string };

/**
 * Each template's pieces, parsed once: the rules are a fixed set, and every event's postings are rendered
 * from them several times over (the ledger projection, the tree follower's checks, the freeze), where
 * parsing each template again was most of `postingsOf`'s time (3.2–3.5 µs an event, 0.8–1.7 once parsed:
 * BENCHMARKS.md, issue 51).
 */
const PARTS = new Map<Template, readonly TemplatePart[]>();

/** A template's pieces in order: literal text, and the fields its placeholders name. */
export function templateParts(template: Template): readonly TemplatePart[] {
  const known = PARTS.get(template);
  if (known) return known;
  const parts: TemplatePart[] = [];
  let at = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    if (match.index > at) parts.push({ text: template.slice(at, match.index) });
    parts.push({ field: match[1]! });
    at = match.index + match[0].length;
  }
  if (at < template.length || parts.length === 0) parts.push({ text: template.slice(at) });
  if (parts.some((part) => 'text' in part && /[{}]/.test(part.text)))
    throw new Error(`Posting template ${template} has a brace that is not a placeholder`);
  // Bounded in case a caller renders templates of its own (a test's rules): the rules' own stay.
  if (PARTS.size < 1_000) PARTS.set(template, Object.freeze(parts));
  return PARTS.get(template) ?? parts;
}
