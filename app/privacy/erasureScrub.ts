import type { UserId } from '../../domain/shared/ids.ts';
import { userStream } from '../../domain/users/user.ts';
import type { EventStore } from '../../infra/eventStore/eventStore.ts';
import { type Pool, withTransaction } from '../../infra/postgres/pool.ts';
import { applyEvent, type Projection } from '../../projections/projection.ts';
import { tableOwners } from '../tableOwners.ts';
import type { ErasureSubject } from '../tables.ts';

/**
 * The erasure's part outside the log (docs/architecture/personal-data.md "Tables outside the log"):
 * these tables are not rebuilt from events, so the person's rows are deleted here, each by its table's
 * owner (`erase`, app/tables.ts), in the registry's order (app/tableOwners.ts) in one transaction: their
 * sessions end first (revoked, then deleted with the rest), so a request already past its session check
 * finishes and the next one is signed out. Each statement is idempotent, so running it again after an
 * interruption is safe. What an owner does after the commit (`afterErase`: the VACUUM of the destroyed
 * key's old row versions) follows it, outside a transaction.
 *
 * `email` is the person's e-mail before the erasure (for the rate-limit keys that name it); null when
 * the erasure is being finished after an interruption and the e-mail is already gone: those counters
 * expire within their window anyway.
 *
 * `names` (their e-mail, username, first and last name before the erasure; empty when finishing an
 * interrupted one) are also taken out of the replies stored for *other* people's requests, which may
 * name them (app/idempotency/idempotencyKeys.table.ts).
 */
export async function scrubOutsideLog(
  pool: Pool,
  userId: UserId,
  email: string | null,
  names: readonly string[] = [],
): Promise<void> {
  const subject: ErasureSubject = { userId, email, names };
  await withTransaction(pool, async (client) => {
    for (const owner of tableOwners) await owner.erase?.(client, subject);
  });
  for (const owner of tableOwners) await owner.afterErase?.(pool);
}

/**
 * The read models' part of an erasure, done now instead of when a projection worker reaches PersonErased:
 * each projection's PersonErased handler, applied to the person's PersonErased event in one transaction.
 * `npm run user:erase` calls it, since no projection may be running when it does (the server stopped):
 * without it, `users`, `ledger_transactions`, `ledger_postings` and `notifications` kept the person's
 * name, e-mail and texts until some process projected the event. The handlers only scrub (idempotent),
 * so the worker applying the same event later writes the same rows, and events before it that a worker
 * has not projected yet open to placeholders: the person's key is destroyed by then. Checkpoints are left
 * alone. Returns false when the person has no PersonErased event.
 */
export async function scrubReadModelsNow(
  deps: { pool: Pool; store: EventStore },
  projections: readonly Projection[],
  userId: UserId,
): Promise<boolean> {
  const erased = (await deps.store.readStream(userStream(userId))).findLast(
    (event) => event.type === 'PersonErased',
  );
  if (!erased) return false;
  await withTransaction(deps.pool, async (client) => {
    for (const projection of projections) await applyEvent(projection, erased, client);
  });
  return true;
}
