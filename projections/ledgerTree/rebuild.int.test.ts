import { spawn } from 'node:child_process';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { hexOf } from '../../domain/verifiable/bytes.ts';
import { rawStore } from '../../infra/eventStore/upcasting.ts';
import { fund } from '../../testing/ledgerApp.ts';
import { readWholeLog } from '../../testing/projections.ts';
import { setUpAdminClient, setUpTestApp, signedUpClient, type TestApp } from '../../testing/testApp.ts';
import { toolEnv } from '../../testing/toolEnv.ts';
import { treeHead, waitForTreeSize } from './ledgerTree.queries.ts';
import { rebuildLedgerTree } from './rebuild.ts';

/** Every row of the tree's tables but the state's time stamps, in order. */
async function treeTables(t: TestApp) {
  const q = async (sql: string) => (await t.deps.pool.query(sql)).rows;
  return {
    leaves: await q('SELECT * FROM ledger_tree_leaves l ORDER BY l.idx'),
    nodes: await q(
      `SELECT level, idx::text, encode(hash, 'hex') AS hash FROM ledger_tree_nodes n ORDER BY n.level, n.idx`,
    ),
    streams: await q('SELECT * FROM ledger_tree_streams ORDER BY stream_name'),
    balances: await q('SELECT account, asset, units::text FROM ledger_tree_balances ORDER BY account, asset'),
    state: await q(
      'SELECT size::text, position_commit::text, position_prepare::text, mismatches::text FROM ledger_tree_state',
    ),
  };
}

async function settledTree(t: TestApp) {
  await t.settle();
  const log = await readWholeLog(rawStore(t.deps.store));
  expect(await waitForTreeSize(t.deps.pool, BigInt(log.length), 20_000)).toBe(true);
  return log;
}

describe('ledger:tree-rebuild', () => {
  const t = setUpTestApp();
  const admin = setUpAdminClient(t);

  it('builds the same leaves, nodes, heads, balances and root again, beside the live follower', {
    timeout: 120_000,
  }, async () => {
    const alice = await signedUpClient(t);
    const bob = await signedUpClient(t);
    await fund(admin, alice.user.id, '20.00');
    for (let i = 0; i < 5; i++)
      await alice.client.post('/api/transactions', {
        type: 'transfer',
        amount: '1.00',
        sender_id: alice.user.id,
        receiver_id: bob.user.id,
      });
    await settledTree(t);
    const live = await treeTables(t);
    const head = await treeHead(t.deps.pool);
    // The app's own follower keeps running (and leading) while the tool resets and rebuilds.
    const report = await rebuildLedgerTree({
      pool: t.deps.pool,
      databaseUrl: t.db.url,
      store: t.deps.store,
      logger: pino({ level: 'silent' }),
      batchSize: 3,
    });
    expect(report.sameRoots).toBe(true);
    expect(report.mismatches).toBe(0n);
    expect(hexOf(report.before.root)).toBe(hexOf(head.root));
    expect(report.after.size).toBe(head.size);
    await settledTree(t);
    expect(await treeTables(t)).toEqual(live);
  });

  it('as a command: exit 0 and the root on an honest log; exit 1 naming the old root a changed log no longer gives', {
    timeout: 180_000,
  }, async () => {
    // Not spawnSync: this process's own follower (the app's) must keep running beside the tool.
    const run = (...args: string[]) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['scripts/tool.mjs', 'ledgerTreeRebuild', ...args], {
          cwd: path.resolve(import.meta.dirname, '../..'),
          env: toolEnv(t.db.url),
          timeout: 120_000,
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk) => {
          stdout += String(chunk);
        });
        child.stderr.on('data', (chunk) => {
          stderr += String(chunk);
        });
        child.on('close', (status) => resolve({ status, stdout, stderr }));
      });
    const log = await settledTree(t);
    const head = await treeHead(t.deps.pool);
    const honest = await run();
    expect(honest.status, honest.stderr + honest.stdout).toBe(0);
    expect(honest.stdout).toContain(`${log.length} leaves, root ${hexOf(head.root)}`);
    expect(honest.stdout).toContain('is reproduced');
    expect((await run('--bogus')).status).toBe(2);

    // An insider rewrites an old event and its hash: the old root can no longer be rebuilt from the log.
    const victim = log[3]!;
    await t.deps.pool.query(
      `UPDATE es_events SET metadata = jsonb_set(metadata, '{hash}', to_jsonb($2::text)) WHERE event_id = $1`,
      [victim.id, 'f'.repeat(64)],
    );
    const tampered = await run();
    expect(tampered.status).toBe(1);
    expect(tampered.stdout).toContain(
      `FAILED: the old tree of size ${log.length} had root ${hexOf(head.root)}`,
    );
    expect(tampered.stdout).toMatch(/FAILED: continuous verification found \d+ mismatch/);
    expect(tampered.stdout).toContain(victim.streamName);
  });
});
