import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { EventStore } from '../../infra/eventStore/eventStore.ts';
import { createPool, type Pool } from '../../infra/postgres/pool.ts';
import { appStore } from '../appStore.ts';
import { TEST_DEPOSIT_ADDRESSES } from '../depositAddresses.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  runWorkload,
  setUpWorld,
  type WorkloadResult,
  type World,
} from '../faults/workload.ts';
import { businessId, checkLedgerInvariants, expectCaughtUpAndConserved } from '../ledgerInvariants.ts';
import { readWholeLog } from '../projections.ts';
import { Random, seedFrom } from '../random.ts';
import { pgbackrest, type RestoredServer, restoreToTime } from './backups.ts';
import { type ClusterState, logTail, writeState } from './cluster.ts';
import { clusterDown } from './down.ts';
import { clusterKeys, runTool } from './product.ts';
import { clusterUp } from './up.ts';

/**
 * The restore drill (docs/architecture/cluster.md "Backups and restore"): the cluster archives its WAL
 * into pgBackRest's repository; a full backup is taken under the money workload; a digest is signed;
 * more money moves; an insider with the product's database role rewrites an amount in the log. pgBackRest
 * restores the backup into a new server and Postgres replays the archive up to the moment the digest was
 * signed. The restored ledger verifies against that digest (`ledger:verify --digest`), holds every
 * acknowledged command of before and none of after, shows the amount as it was, and keeps every invariant;
 * the tampered live ledger fails the same check. A person erased before the backup stays unreadable in it. FAULT_SEED=n replays the workload.
 */
describe('backups: restored to a point in time, the ledger verifies against the digest of that time', () => {
  const seed = seedFrom('FAULT_SEED');
  let state: ClusterState;
  const pools: Pool[] = [];
  const stores: EventStore[] = [];
  let restored: RestoredServer | null = null;

  beforeAll(async () => {
    process.env.SAI_CLUSTER_STATE = path.join(os.tmpdir(), `sai-cluster-restore-${process.pid}.json`);
    state = await clusterUp({
      admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      env: { IDEMPOTENCY_LEASE_SECONDS: '2', ...TEST_DEPOSIT_ADDRESSES },
    });
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    for (const pool of pools) await pool.end();
    await restored?.stop();
    await clusterDown();
  });

  const toolEnv = (databaseUrl: string) => ({
    ...state.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(state.root, 'tools'),
  });
  const harness = (url: string) => {
    const pool = createPool(url, 10);
    const store = appStore(pool, url, clusterKeys(state.root));
    pools.push(pool);
    stores.push(store);
    return { pool, store };
  };
  const ledgerOf = (target: { pool: Pool; store: EventStore }, world: World, result: WorkloadResult) => ({
    ...target,
    userIds: world.users.map((u) => u.id),
    acknowledged: result.acknowledged,
  });

  it('restores the honest ledger of before the tamper, and it proves itself against the digest', async () => {
    console.info(`restore drill: seed ${seed} (FAULT_SEED=${seed} replays the workload)`);
    onTestFailed(() =>
      console.error(state.daemons.map((d) => `--- ${d.name} ---\n${logTail(d)}`).join('\n')),
    );
    const random = new Random(seed);
    const [api] = state.apiUrls as [string];
    const world = await setUpWorld(
      () => api,
      () => {},
      5,
      `restore${seed}`,
    );
    // One person erased before the backup (their balances moved to dormant): their key is destroyed.
    const erased = world.users.pop()!;
    await runTool(
      ['userErase', '--user', erased.id, '--reason', 'restore drill', '--move-to-dormant'],
      toolEnv(state.writeUrl),
    );
    const backup = await timed(() => pgbackrest(state.root, ['backup', '--type=full']));
    const before = await runWorkload(world, random.fork(), { lanes: 3, opsPerLane: 10 });
    expect(before.unexpected).toEqual([]);

    // Settled (read models and follow-ups caught up, every invariant), then signed, then the moment.
    const live = harness(state.writeUrl);
    await expectCaughtUpAndConserved({ ...ledgerOf(live, world, before), refused: before.refused });
    const digest = path.join(state.root, 'published.digest.json');
    await runTool(['ledgerDigest', '--out', digest], toolEnv(state.writeUrl));
    const { rows } = await live.pool.query<{ at: string }>('SELECT now()::text AS at');
    const target = rows[0]!.at;

    const after = await runWorkload(world, random.fork(), { lanes: 3, opsPerLane: 10 });
    expect(after.unexpected).toEqual([]);
    // The insider: a minted amount of before the moment rewritten in place, as the product's own role.
    const { rows: minted } = await live.pool.query<{ event_id: string; amount: string }>(
      `SELECT event_id, data->>'amount' AS amount FROM es_events
        WHERE event_type = 'TokensMinted' ORDER BY global_position LIMIT 1`,
    );
    const honest = minted[0]!;
    await live.pool.query(
      `UPDATE es_events SET data = jsonb_set(data, '{amount}', '"99999.00"') WHERE event_id = $1`,
      [honest.event_id],
    );
    await expect(runTool(['verifyLedger', '--digest', digest], toolEnv(state.writeUrl))).rejects.toThrow(
      /FAILED/,
    );
    // `check` switches to a new WAL file and waits until the archive has it: the moment is archived.
    await pgbackrest(state.root, ['check']);

    const restore = await timed(async () => {
      restored = await restoreToTime(state, target, 'restored');
      state.daemons.push(restored.daemon);
      await writeState(state);
    });
    console.info(`full backup in ${backup.seconds} s; restored to ${target} in ${restore.seconds} s`);
    const copy = harness(restored!.url);
    const verified = await runTool(['verifyLedger', '--digest', digest], toolEnv(restored!.url));
    expect(verified).toContain('OK: every hash chain and every balance agrees with the log');
    expect(verified).toContain('OK: the log extends the signed digest');

    const log = await readWholeLog(copy.store);
    const inLog = new Set(log.map(businessId));
    expect(before.acknowledged.filter((a) => !inLog.has(a.id))).toEqual([]);
    expect(after.acknowledged.filter((a) => inLog.has(a.id))).toEqual([]);
    const { rows: amount } = await copy.pool.query<{ amount: string }>(
      `SELECT data->>'amount' AS amount FROM es_events WHERE event_id = $1`,
      [honest.event_id],
    );
    expect(amount[0]?.amount).toBe(honest.amount);
    // The erased person stays erased: the backup holds no key of theirs, so their sealed fields open to
    // the placeholders even with the master key (docs/architecture/cluster.md "Backups and restore").
    const registered = log.find(
      (e) => e.type === 'UserRegistered' && (e.data as { userId: string }).userId === erased.id,
    );
    expect(registered?.data).toMatchObject({ email: '', username: 'Erased user', firstName: '' });
    const { rows: keys } = await copy.pool.query(
      'SELECT wrapped_key FROM personal_data_keys WHERE subject_id = $1',
      [erased.id],
    );
    expect(keys).toEqual([{ wrapped_key: null }]);
    // The restored database is one consistent whole: its read models too.
    await checkLedgerInvariants(ledgerOf(copy, world, before));
  });
});

async function timed(work: () => Promise<unknown>): Promise<{ seconds: string }> {
  const started = Date.now();
  await work();
  return { seconds: ((Date.now() - started) / 1000).toFixed(1) };
}
