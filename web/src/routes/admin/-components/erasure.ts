import { ApiError } from '@/lib/api.ts';
import { formatAsset } from '@/lib/assets.ts';

/**
 * What the admin's "Erase personal data" dialog needs beyond the call itself: the confirmation word, the
 * reason's bounds, and the refusal while the person still holds money (409, its `blockers`) read into
 * sentences that say what must happen first.
 */

/** The word the admin types to enable the destructive button; the API wants it as `confirm` too. */
export const ERASE_WORD = 'ERASE';
export const REASON_MAX = 500;

export type EraseBlockerKind = 'balance' | 'hold' | 'pendingWithdrawal' | 'pendingDeposit' | 'pendingPayment';

export interface EraseBlocker {
  kind: EraseBlockerKind | (string & {});
  asset?: string | undefined;
  amount?: string | undefined;
  id?: string | undefined;
}

export interface EraseRefusal {
  /** The API's own sentence (`detail`). */
  detail: string;
  blockers: EraseBlocker[];
}

/** The reason's problem, or undefined when it may be sent (1 to 500 characters once trimmed). */
export function reasonProblem(reason: string): string | undefined {
  const text = reason.trim();
  if (text === '') return 'Say why, e.g. the ticket number of the request';
  if (text.length > REASON_MAX) return `Keep the reason to ${REASON_MAX} characters`;
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const optionalText = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The 409 "person holds money" refusal of an erase call, or null for any other failure. */
export function readRefusal(error: unknown): EraseRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.problem) return null;
  const listed = error.problem.blockers;
  if (!Array.isArray(listed)) return null;
  const blockers = listed.filter(isRecord).flatMap((item): EraseBlocker[] =>
    typeof item.kind === 'string'
      ? [
          {
            kind: item.kind,
            asset: optionalText(item.asset),
            amount: optionalText(item.amount),
            id: optionalText(item.id),
          },
        ]
      : [],
  );
  const detail = optionalText(error.problem.detail) ?? error.message;
  return { detail, blockers };
}

function money(blocker: EraseBlocker): string | undefined {
  if (blocker.amount && blocker.asset)
    return `${formatAsset(blocker.amount, blocker.asset)} ${blocker.asset}`;
  return blocker.asset;
}

/**
 * The blockers as the dialog lists them: a pending withdrawal's hold (the API names both, by the same id)
 * is folded into the withdrawal, which then shows the amount held, so one withdrawal is one step.
 */
export function foldBlockers(blockers: readonly EraseBlocker[]): EraseBlocker[] {
  const pending = new Set(blockers.filter((b) => b.kind === 'pendingWithdrawal' && b.id).map((b) => b.id));
  const holds = new Map(blockers.filter((b) => b.kind === 'hold' && b.id).map((b) => [b.id, b]));
  return blockers.flatMap((blocker) => {
    if (blocker.kind === 'hold' && blocker.id && pending.has(blocker.id)) return [];
    const hold = blocker.kind === 'pendingWithdrawal' && blocker.id ? holds.get(blocker.id) : undefined;
    return [hold && !blocker.amount ? { ...blocker, asset: hold.asset, amount: hold.amount } : blocker];
  });
}

/** One blocker as the step that must come first, naming the admin screen where it is taken. */
export function blockerText(blocker: EraseBlocker): string {
  const what = money(blocker);
  switch (blocker.kind) {
    case 'balance':
      return `A balance of ${what ?? 'funds'}: tick “Move remaining balances to dormant”, or let the person withdraw it first.`;
    case 'hold':
      // A card stake (app/privacy/erasureBlockers.ts): only its holder releases it, from the card panel.
      if (blocker.id === 'card-stake')
        return `${what ?? 'Funds'} staked for the person's card: the person releases the stake first (card panel).`;
      return `${what ?? 'Funds'} on hold for a withdrawal: complete or fail that withdrawal first (Deposits & withdrawals).`;
    case 'pendingWithdrawal':
      return `A pending withdrawal${what ? ` of ${what}` : ''}: complete or fail it first (Deposits & withdrawals).`;
    case 'pendingDeposit':
      return `A pending crypto deposit${what ? ` of ${what}` : ''}: confirm or reject it first (Deposits & withdrawals).`;
    case 'pendingPayment':
      return `A payment proof waiting for review${what ? ` (${what})` : ''}: approve or reject it first (Dashboard).`;
    default:
      return `${blocker.kind}${what ? ` (${what})` : ''}: settle it first.`;
  }
}
