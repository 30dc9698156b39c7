import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import { migratePool } from '../../infra/postgres/migrate.ts';
import { createPool } from '../../infra/postgres/pool.ts';
import { projectIntoSchema } from '../../testing/projections.ts';
import { createTestDatabase, setUpTestDatabase } from '../../testing/testDb.ts';
import { initProjectionSchemas } from '../engine/checkpoints.ts';
import { allProjections } from '../index.ts';
import { ledgerProjection } from './ledger.projection.ts';

/**
 * The ledger projection's schema and its rebuild path. A rebuild copies each batch's transactions instead
 * of upserting them (copyNewTransactions): the rows must come out as the per-event upsert leaves them, for the cases the workload of projections/batch.int.test.ts
 * cannot produce. A withdrawal settled a batch after its hold is there too, but here it sits beside a
 * transaction id a later event names again after it settled, which no decider writes: the COPY then breaks
 * the key, and the batch must take the upsert instead of failing the rebuild.
 */
const db = setUpTestDatabase('ledgertx');

let commit = 100n;

const event = (type: string, data: Record<string, unknown>): RecordedEvent => {
  commit += 1n;
  return {
    id: randomUUID(),
    streamName: `test-${commit}`,
    revision: 0n,
    type,
    data,
    metadata: {
      actorId: 'admin1',
      correlationId: randomUUID(),
      causationId: null,
      prevHash: null,
      hash: 'x',
    },
    position: { commit, prepare: commit },
    recordedAt: new Date(Date.UTC(2026, 10, 1, 0, 0, Number(commit))),
  };
};

const mint = (transactionId: string, amount: string) =>
  event('TokensMinted', {
    transactionId,
    userId: 'alice',
    asset: 'SAI',
    amount,
    source: 'distribution',
    paymentId: null,
    description: 'Welcome',
    mintedBy: 'admin1',
    mintedAt: '2026-11-01T00:00:00.000Z',
  });

const hold = (transactionId: string) =>
  event('WithdrawalHoldPlaced', {
    transactionId,
    userId: 'alice',
    asset: 'ETH',
    amount: '0.5',
    address: '0xabc',
    chain: 'ethereum',
  });

const settle = (type: 'WithdrawalCompleted' | 'WithdrawalFailed', withdrawalId: string) =>
  event(type, {
    withdrawalId,
    userId: 'alice',
    asset: 'ETH',
    amount: '0.5',
    txHash: '0xfeed',
    reason: 'rejected',
    completedBy: 'admin1',
    failedBy: 'admin1',
    at: '2026-11-01T00:00:00.000Z',
  });

describe('the ledger read model', () => {
  it('settles a hold from an earlier batch, and keeps a settled transaction named again as it was', async () => {
    const batches = [
      [mint('t-1', '10.00'), hold('w-1'), hold('w-2'), hold('w-3')],
      [settle('WithdrawalCompleted', 'w-1'), mint('t-2', '5.00')],
      // w-2 settles and a second event names it again; w-3 is held twice (both still pending).
      [settle('WithdrawalFailed', 'w-2'), settle('WithdrawalCompleted', 'w-2'), hold('w-3')],
      // t-1 again, after it settled: the COPY breaks the key, the upsert leaves t-1 as it was.
      [mint('t-1', '99.00'), mint('t-3', '1.00'), settle('WithdrawalFailed', 'w-3')],
    ];
    const oneByOne = await projectIntoSchema(db.pool, ledgerProjection, 'tx_one', batches, 'one');
    const rebuilt = await projectIntoSchema(db.pool, ledgerProjection, 'tx_first', batches, 'first');
    for (const table of ledgerProjection.tables) expect(rebuilt[table], table).toEqual(oneByOne[table]);
    const statuses = Object.fromEntries(
      (oneByOne.ledger_transactions as { id: string; status: string; amount: number }[]).map((row) => [
        row.id,
        `${row.status} ${row.amount}`,
      ]),
    );
    expect(statuses).toEqual({
      't-1': 'completed 10',
      't-2': 'completed 5',
      't-3': 'completed 1',
      'w-1': 'completed 0.5',
      'w-2': 'failed 0.5',
      'w-3': 'failed 0.5',
    });
  });
  it('turns the history table of before stop 22 into the view where its schema runs, and leaves it elsewhere', async () => {
    const client = await db.pool.connect();
    try {
      await client.query('CREATE SCHEMA old_live');
      await client.query('CREATE SCHEMA old_shadow');
      await client.query('SET search_path = old_live, public');
      await client.query('CREATE TABLE account_history (account_id text)');
      // A shadow build puts its own schema first: the live table behind it is not its to drop.
      await client.query('SET search_path = old_shadow, old_live, public');
      await client.query(ledgerProjection.schema);
      const kinds = async () =>
        (
          await client.query<{ at: string; kind: string }>(
            `SELECT n.nspname AS at, c.relkind::text AS kind FROM pg_class c
               JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE c.relname = 'account_history' AND n.nspname LIKE 'old_%' ORDER BY 1`,
          )
        ).rows;
      expect(await kinds()).toEqual([
        { at: 'old_live', kind: 'r' },
        { at: 'old_shadow', kind: 'v' },
      ]);
      await client.query('SET search_path = old_live, public');
      await client.query(ledgerProjection.schema);
      expect(await kinds()).toEqual([
        { at: 'old_live', kind: 'v' },
        { at: 'old_shadow', kind: 'v' },
      ]);
      // Run again, it changes nothing.
      await client.query(ledgerProjection.schema);
      expect(await kinds()).toHaveLength(2);
    } finally {
      await client.query('SET search_path = public');
      client.release();
    }
  });
  it('comes up in two processes starting at once on a database that still has the history table', async () => {
    const spare = await createTestDatabase('ledgerup');
    const pools = [spare.pool, createPool(spare.url, 2)];
    try {
      await migratePool(spare.pool);
      await spare.pool.query('CREATE TABLE account_history (account_id text)');
      await Promise.all(pools.map((pool) => initProjectionSchemas(pool, allProjections)));
      const { rows } = await spare.pool.query<{ kind: string }>(
        `SELECT relkind::text AS kind FROM pg_class WHERE oid = 'public.account_history'::regclass`,
      );
      expect(rows).toEqual([{ kind: 'v' }]);
    } finally {
      await pools[1]!.end();
      await spare.drop();
    }
  });
});
