import { USER_ID_SOURCE, type UserId } from '../shared/ids.ts';
import { type Asset, parseAmount } from '../shared/money.ts';
import type { Posting, TransactionType } from './posting.ts';
import { postingRulesOf, type Text, templateParts } from './postingRules.ts';

export type { Posting } from './posting.ts';

export const userAccount = (userId: UserId) => `user:${userId}`;
/**
 * A ledger account name as the audit tools accept it: a user's, or a system account of an asset. `fees:` is
 * the company's revenue (owed to nobody); `dormant:` what erased people still held (owed to them).
 */
export const LEDGER_ACCOUNT_PATTERN = new RegExp(
  `^(user:${USER_ID_SOURCE}|(issuance|custody|holds|outbound|fees|dormant):[A-Z]{3,4})$`,
);

export function accountOwner(account: string): string | null {
  return account.startsWith('user:') ? account.slice(5) : null;
}

/** Amounts in events are decimal strings with the asset's decimals; they were validated when decided. */
export function unitsOf(amount: string, asset: Asset): bigint {
  const parsed = parseAmount(amount, asset);
  if (!parsed.ok) throw new Error(`Stored amount ${amount} ${asset} is not valid: ${parsed.reason}`);
  return parsed.units;
}

/**
 * The postings an event books, by its rule in POSTING_RULES (postingRules.ts); none for an event type
 * without one. A template renders as JavaScript's template literal would, over the event's data.
 */
export function postingsOf(event: { type: string; data: unknown }): Posting[] {
  const data = event.data as Record<string, unknown>;
  return postingRulesOf(event.type)
    .filter((rule) => rule.onlyWith === undefined || (data[rule.onlyWith] ?? null) !== null)
    .map((rule) => {
      const asset = render(rule.asset, data) as Asset;
      return {
        transactionId: render(rule.transactionId, data) as string,
        kind: render(rule.kind, data) as TransactionType,
        asset,
        units: unitsOf(data[rule.amount] as string, asset),
        from: render(rule.from, data) as string,
        to: render(rule.to, data) as string,
        description: render(rule.description, data) as string,
        status: rule.status,
      };
    });
}

function render(text: Text, data: Record<string, unknown>): unknown {
  if (typeof text !== 'string')
    return render(data[text.when.field] === text.when.equals ? text.use : text.otherwise, data);
  const parts = templateParts(text);
  // One placeholder alone is the field's value itself, as `x: data.field` was.
  if (parts.length === 1 && 'field' in parts[0]!) return data[parts[0].field];
  return parts.map((part) => ('field' in part ? `${data[part.field]}` : part.text)).join('');
}
