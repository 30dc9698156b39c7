import type pg from 'pg';
import {
  comparePositions,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
} from '../../infra/eventStore/eventStore.ts';
import { withTransaction } from '../../infra/postgres/pool.ts';
import { advanceCheckpoints } from '../engine/checkpoints.ts';
import { applyBatchOrNamePoison, pastCheckpoint } from '../engine/commit.ts';
import type { Projection } from '../projection.ts';
import { earliest, ident, shadowSchema } from './shadow.ts';

/**
 * The pass through Node: the log from the earliest shadow checkpoint, a batch at a time (the next one read
 * while this one is written), applied to every shadow (applyToShadowsAtOnce), until a batch comes back short:
 * near the head, what is left (and whatever keeps arriving) is applied under the switch's locks. Calls
 * `onBatch` with each batch's size once it is written. The checkpoints follow the commits.
 */
export async function catchUpPass(
  pool: pg.Pool,
  store: EventStore,
  projections: readonly Projection[],
  checkpoints: Map<string, LogPosition | null>,
  batchSize: number,
  onBatch: (events: number) => Promise<void>,
): Promise<void> {
  let after = earliest([...checkpoints.values()]);
  let next = store.readAll({ after, limit: batchSize });
  for (;;) {
    const batch = await next;
    if (batch.length === 0) break;
    after = batch[batch.length - 1]!.position;
    // Read ahead while this batch is written.
    next = store.readAll({ after, limit: batchSize });
    next.catch(() => {});
    await applyToShadowsAtOnce(pool, projections, checkpoints, batch);
    await onBatch(batch.length);
    // Near the head: what is left (and whatever keeps arriving) is applied under the switch's locks.
    if (batch.length < batchSize) break;
  }
}

/**
 * A batch of the log applied to each projection's shadow tables and checkpoint, on a connection and in a
 * transaction of its own, all of them at once: they share nothing but the batch, and Postgres then works on
 * every core. One that fails leaves the others' batches committed; each resumes from its own checkpoint.
 * `positions` follows each commit (the rebuild's pass over the log, and the bulk pass's feed).
 */
export async function applyToShadowsAtOnce(
  pool: pg.Pool,
  projections: readonly Projection[],
  positions: Map<string, LogPosition | null>,
  batch: readonly RecordedEvent[],
) {
  await Promise.all(
    projections.map(async (projection) => {
      const from = positions.get(projection.name) ?? null;
      // The batch is in log order: nothing in it is new to this projection unless its last event is.
      if (comparePositions(batch[batch.length - 1]!.position, from) <= 0) return;
      const moved = await withTransaction(pool, async (tx) => {
        await tx.query(`SET LOCAL synchronous_commit = 'off'`);
        return await applyToShadow(tx, projection, from, batch);
      });
      if (moved) positions.set(projection.name, moved);
    }),
  );
}

/**
 * Applies a batch of the log to each projection's shadow tables and moves its shadow checkpoint, inside
 * the caller's transaction. Returns the new checkpoints (to be trusted once the caller commits).
 */
export async function applyToShadows(
  tx: pg.PoolClient,
  projections: readonly Projection[],
  checkpoints: ReadonlyMap<string, LogPosition | null>,
  batch: readonly RecordedEvent[],
): Promise<Map<string, LogPosition>> {
  const moved = new Map<string, LogPosition>();
  for (const projection of projections) {
    const last = await applyToShadow(tx, projection, checkpoints.get(projection.name) ?? null, batch);
    if (last) moved.set(projection.name, last);
  }
  return moved;
}

/**
 * The events of a batch past `from`, applied to one projection's shadow tables, and its shadow checkpoint
 * moved, inside the caller's transaction. Returns the new checkpoint, or null when nothing was past it.
 */
async function applyToShadow(
  tx: pg.PoolClient,
  projection: Projection,
  from: LogPosition | null,
  batch: readonly RecordedEvent[],
): Promise<LogPosition | null> {
  const past = pastCheckpoint(batch, from);
  if (!past) return null;
  await tx.query(`SET LOCAL search_path = ${ident(shadowSchema(projection.name))}, public`);
  // Past the shadow checkpoint that commits with it, each event once: no redelivery to guard against.
  await applyBatchOrNamePoison(projection, past.events, tx, { firstDelivery: true });
  // The live runner's own statement, on the shadow checkpoint (first on the search path).
  await advanceCheckpoints(tx, [{ name: projection.name, last: past.last, events: past.events.length }]);
  await tx.query('SET LOCAL search_path = public');
  return past.last;
}
