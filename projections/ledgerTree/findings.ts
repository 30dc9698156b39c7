import type { Logger } from 'pino';
import { MoneyAudit, PENDING_BOUND_MS } from '../../domain/ledger/moneyAudit.ts';
import {
  comparePositions,
  type EventStore,
  type LogPosition,
  type StreamIntegrityError,
} from '../../infra/eventStore/eventStore.ts';
import { EVENT_UPCASTERS } from '../../infra/eventStore/upcasting.ts';
import { describe, type Mismatch, usersOf } from './verification.ts';

/**
 * What the tree follower (follower.ts) does with the money beyond one batch: the money audit's state
 * rebuilt from the log when it takes the lead, the steps awaited too long, and the freeze of the accounts
 * a finding involves; and how a finding made outside a batch is recorded, the follower's own and the write
 * side's (a stream that failed its check as a command loaded it).
 */

/**
 * What the money audit remembers of settled transactions while the follower leads: enough to name a
 * second credit of any recent one as such, bounded so a long-lived process does not grow with the log
 * (domain/ledger/moneyAudit.ts, BoundedSet).
 */
const SETTLED_MEMORY = 200_000;

/**
 * The money audit of the log up to `upTo` (the tree's checkpoint), replayed from the log's start: the
 * legs and mints it matches may lie anywhere behind. Findings of the replay are not recorded again (they
 * were when the follower first passed them, or `ledger:verify` names them); it only rebuilds the state
 * the next batches are checked against, each step named as a finding names its event. One pass over the
 * log each time the follower takes the lead. `log` is the store as stored (rawStore).
 */
export async function replayMoney(
  log: EventStore,
  upTo: LogPosition | null,
  stopped: () => boolean,
): Promise<MoneyAudit> {
  const money = new MoneyAudit({ settledMemory: SETTLED_MEMORY, overdrafts: false });
  let after: LogPosition | null = null;
  let index = 0n;
  while (upTo && !stopped()) {
    const events = await log.readAll({ after, limit: 5_000 });
    for (const event of events) {
      if (comparePositions(event.position, upTo) > 0) return money;
      try {
        money.observe(EVENT_UPCASTERS.upcast(event), describe(event, index));
      } catch {
        // An event that cannot be read was a finding when the follower passed it.
      }
      index++;
    }
    if (events.length === 0) break;
    after = events[events.length - 1]!.position;
  }
  return money;
}

/**
 * The steps of commands awaited longer than `boundMs` (a debit whose credit never came…) not yet in
 * `reported`, which they join. A step that never came proves no money wrong by itself (a worker may be
 * down): a finding that freezes nothing.
 */
export function overdueFindings(
  money: MoneyAudit,
  reported: Set<string>,
  boundMs = PENDING_BOUND_MS,
): Mismatch[] {
  const fresh = money.finish(new Date(), boundMs).problems.filter((problem) => !reported.has(problem));
  for (const problem of fresh) reported.add(problem);
  return fresh.map((message) => ({ kind: 'money', message }));
}

/**
 * The user accounts the findings involve, frozen with the first finding that named each (the freeze reads
 * them: app/commands/ledgerFreeze.ts). Written with the batch's rows, so a finding is never recorded
 * without its freeze. An operator lifts one by deleting its row (docs/architecture/operations.md).
 */
export async function freezeAccounts(
  db: { query: (text: string, values: unknown[]) => Promise<unknown> },
  found: readonly Mismatch[],
): Promise<void> {
  const reasons = new Map<string, string>();
  for (const mismatch of found)
    for (const account of mismatch.accounts ?? [])
      if (!reasons.has(account)) reasons.set(account, mismatch.message.slice(0, 2000));
  if (reasons.size === 0) return;
  await db.query(
    `INSERT INTO ledger_frozen_accounts (account, reason)
     SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (account) DO NOTHING`,
    [[...reasons.keys()], [...reasons.values()]],
  );
}

/** Logs findings as the follower does (`ledger mismatch`, at error level, the first 20 of them). */
export function logFindings(logger: Pick<Logger, 'error'>, found: readonly Mismatch[]): void {
  for (const mismatch of found.slice(0, 20))
    logger.error({ kind: mismatch.kind, mismatch: mismatch.message }, 'ledger mismatch');
  if (found.length > 20) logger.error({ more: found.length - 20 }, 'ledger mismatch: more in this batch');
}

/**
 * Records findings made outside a batch's transaction (the totals loaded at the lead, overdue steps, a
 * stream the write side found failing): counted on the state row with the last one's message, and the
 * accounts they involve frozen.
 */
export async function recordFindings(
  db: { query: (text: string, values: unknown[]) => Promise<unknown> },
  found: readonly Mismatch[],
): Promise<void> {
  if (found.length === 0) return;
  await db.query(
    `UPDATE ledger_tree_state SET mismatches = mismatches + $1, last_mismatch = $2, last_mismatch_at = now() WHERE id = 1`,
    [found.length, found[found.length - 1]!.message.slice(0, 2000)],
  );
  await freezeAccounts(db, found);
}

/**
 * A stream that failed its integrity check as the write side loaded it to decide
 * (app/commands/stateCache.ts) as a finding of the same kind the follower gives the same problem, freezing
 * the same accounts: the users its event's postings touch and the owner of its account stream.
 */
export function streamFailureFinding(failure: StreamIntegrityError): Mismatch {
  return {
    kind: failure.kind,
    message: `write side: ${failure.message}`,
    accounts: usersOf(failure.event),
  };
}
