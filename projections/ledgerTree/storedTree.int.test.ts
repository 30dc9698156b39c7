import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DigestService } from '../../app/ledgerProofs/digests.ts';
import { setUpTestApp, signedInAdmin, signedUpClient, type TestClient } from '../../testing/testApp.ts';
import { runTool } from '../../testing/toolEnv.ts';
import { StoredTreeDamagedError } from './ledgerTree.queries.ts';
import { checkStoredTree, StoredTreeAudit } from './storedTreeCheck.ts';

/**
 * The stored tree against the log (storedTreeCheck.ts), on a real log made through the API: tree rows
 * deleted or changed, and two events of one commit swapped in the log after the tree took them, are each
 * named by the check, refused by receipts (503, not a 500 nor "not reached yet") and by the digest service,
 * and make `ledger:verify --digest` exit 1. Each test edits the tables as the superuser, then puts them back.
 */
const t = setUpTestApp();

let alice: TestClient;

let admin: TestClient;

let transferId: string;

let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sai-stored-tree-'));
  admin = (await signedInAdmin(t)).client;
  const a = await signedUpClient(t);
  const b = await signedUpClient(t);
  alice = a.client;
  const deposit = { type: 'admin_deposit', amount: '50.00', receiver_id: a.user.id };
  expect((await admin.post('/api/transactions', deposit)).status).toBe(201);
  await t.settle();
  const transfer = await alice.post('/api/transactions', {
    type: 'transfer',
    amount: '5.00',
    receiver_id: b.user.id,
  });
  transferId = transfer.body.id;
  for (let i = 0; i < 3; i++) await signedUpClient(t);
  await t.settle();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each test leaves the tables as they were; the damage it recorded is cleared as a rebuild would.
afterEach(async () => {
  await t.db.pool.query('UPDATE ledger_tree_state SET damaged = NULL WHERE id = 1');
});

const sweep = () =>
  new StoredTreeAudit({
    db: t.db.pool,
    store: t.deps.store,
    logger: t.deps.logger,
    leads: () => true,
  }).sweep();

const damaged = async () =>
  (await t.db.pool.query<{ damaged: string | null }>('SELECT damaged FROM ledger_tree_state')).rows[0]!
    .damaged;

const receipt = () =>
  alice.get<{ code?: string; message?: string }>(`/api/transactions/${transferId}/receipt`);

const expectRefused = async () => {
  const reply = await receipt();
  expect(reply.status).toBe(503);
  expect(reply.body.code).toBe('ledger_proofs_unavailable');
  expect(reply.body.message).toMatch(/ledger proofs unavailable: the stored tree is damaged/i);
  await expect((t.deps.ledgerProofs.digests as DigestService).publish()).rejects.toBeInstanceOf(
    StoredTreeDamagedError,
  );
};

const verifyTool = async () => {
  const file = path.join(dir, 'digest.json');
  writeFileSync(file, JSON.stringify(await t.deps.ledgerProofs.digests.latest()));
  return runTool('verifyLedger', ['--digest', file], t.db.url);
};

describe('the stored tree agrees with the log', () => {
  it('finds nothing in an honest tree, whose receipts are served', async () => {
    expect((await receipt()).status).toBe(200);
    expect(await sweep()).toEqual([]);
    expect((await checkStoredTree(t.db.pool, t.deps.store)).damage).toEqual([]);
    expect(await damaged()).toBeNull();
  });
  it('names deleted node rows, and receipts answer 503 at once, not a 500 or "not reached yet"', async () => {
    const { rows } = await t.db.pool.query('DELETE FROM ledger_tree_nodes WHERE level <= 1 RETURNING *');
    try {
      await expectRefused();
      expect(await damaged()).toMatch(/cannot be made from the stored tree|missing/);
      expect((await sweep()).join('\n')).toMatch(/the stored tree node 0\/\d+ is missing/);
      // The admins' status still answers, and names the damage as its last mismatch.
      const status = await admin.get<{ lastMismatch: string; mismatches: number }>(
        '/api/admin/ledger/status',
      );
      expect(status.status).toBe(200);
      // Whichever recorded it last, the sweep or the refused receipt's proof, names the missing nodes.
      expect(status.body.lastMismatch).toMatch(
        /the stored tree node \d+\/\d+ is missing|cannot be made from the stored tree/,
      );
      const verify = await verifyTool();
      expect(verify.status, verify.stdout + verify.stderr).toBe(1);
      expect(verify.stdout).toMatch(/FAILED: the stored tree does not agree with the log/);
      expect(verify.stdout).toMatch(/node 0\/\d+ is missing/);
    } finally {
      for (const row of rows)
        await t.db.pool.query('INSERT INTO ledger_tree_nodes (level, idx, hash) VALUES ($1, $2, $3)', [
          row.level,
          row.idx,
          row.hash,
        ]);
    }
    await t.db.pool.query('UPDATE ledger_tree_state SET damaged = NULL WHERE id = 1');
    expect((await receipt()).status).toBe(200);
    const clean = await verifyTool();
    expect(clean.status, clean.stdout + clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/OK: the stored tree's \d+ leaves and their nodes agree with the log/);
  }, 120_000);
  it('names a deleted leaf row, rather than answering that the tree has not reached it', async () => {
    const { rows } = await t.db.pool.query(
      `DELETE FROM ledger_tree_leaves WHERE event_id IN
         (SELECT event_id FROM transaction_events WHERE transaction_id = $1) RETURNING *`,
      [transferId],
    );
    expect(rows.length).toBe(2);
    try {
      await expectRefused();
      expect(await damaged()).toMatch(/holds \d+ leaves .* \(rows were deleted\)/);
      expect((await sweep()).join('\n')).toMatch(/the leaf of event .* is missing from the stored tree/);
    } finally {
      for (const row of rows)
        await t.db.pool.query(
          `INSERT INTO ledger_tree_leaves (idx, event_id, stream_name, revision, event_hash, position_commit, position_prepare)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [
            row.idx,
            row.event_id,
            row.stream_name,
            row.revision,
            row.event_hash,
            row.position_commit,
            row.position_prepare,
          ],
        );
    }
  }, 30_000);
});

describe('the stored tree agrees with the log', () => {
  it('names changed node and leaf rows: a proof from them no longer makes the signed root', async () => {
    const { rows } = await t.db.pool.query<{ idx: string; hash: Buffer }>(
      'SELECT idx::text, hash FROM ledger_tree_nodes WHERE level = 0',
    );
    await t.db.pool.query(`UPDATE ledger_tree_nodes SET hash = sha256(hash) WHERE level = 0`);
    const leaf = await t.db.pool.query<{ idx: string; event_hash: string }>(
      'SELECT idx::text, event_hash FROM ledger_tree_leaves ORDER BY idx LIMIT 1',
    );
    await t.db.pool.query(`UPDATE ledger_tree_leaves SET event_hash = $1 WHERE idx = 0`, ['ab'.repeat(32)]);
    try {
      await expectRefused();
      expect(await damaged()).toMatch(/does not make the signed root/);
      const found = (await sweep()).join('\n');
      expect(found).toMatch(
        /public position 0: the stored leaf of event .* does not match the event in the log/,
      );
      expect(found).toMatch(/the stored tree node 0\/1 is [0-9a-f]+, the log's leaves make [0-9a-f]+/);
    } finally {
      await t.db.pool.query('UPDATE ledger_tree_leaves SET event_hash = $1 WHERE idx = 0', [
        leaf.rows[0]!.event_hash,
      ]);
      for (const row of rows)
        await t.db.pool.query('UPDATE ledger_tree_nodes SET hash = $2 WHERE level = 0 AND idx = $1', [
          row.idx,
          row.hash,
        ]);
    }
    expect(await sweep()).toEqual([]);
  });
  it('catches two events of one commit swapped in the log after the tree took them', async () => {
    // Two events written in one commit (a sign-up's), both in the tree.
    const { rows } = await t.db.pool.query<{ event_id: string; global_position: string }>(
      `SELECT event_id::text, global_position::text FROM es_events WHERE transaction_id =
         (SELECT transaction_id FROM es_events GROUP BY transaction_id HAVING count(*) >= 2 LIMIT 1)
        ORDER BY global_position LIMIT 2`,
    );
    expect(rows).toHaveLength(2);
    const [first, second] = rows;
    const move = async (to: [string, string]) => {
      await t.db.pool.query(
        'UPDATE es_events SET global_position = -global_position WHERE event_id = ANY($1)',
        [[first!.event_id, second!.event_id]],
      );
      await t.db.pool.query('UPDATE es_events SET global_position = $2 WHERE event_id = $1', [
        first!.event_id,
        to[0],
      ]);
      await t.db.pool.query('UPDATE es_events SET global_position = $2 WHERE event_id = $1', [
        second!.event_id,
        to[1],
      ]);
    };
    await move([second!.global_position, first!.global_position]);
    try {
      // The continuous check names the swap (the leaf order check); from then on nothing is served or signed.
      const found = (await sweep()).join('\n');
      expect(found).toMatch(
        new RegExp(
          `the stored leaf is event ${first!.event_id}, the log holds event ${second!.event_id} there`,
        ),
      );
      expect(await damaged()).toMatch(/the leaves' order is not the log's/);
      await expectRefused();
    } finally {
      await move([first!.global_position, second!.global_position]);
    }
    await t.db.pool.query('UPDATE ledger_tree_state SET damaged = NULL WHERE id = 1');
    expect(await sweep()).toEqual([]);
    expect((await receipt()).status).toBe(200);
  });
});

describe('the stored tree agrees with the log', () => {
  it('refuses at once a receipt whose events are no longer where the log held them when the tree took them', async () => {
    const { rows } = await t.db.pool.query<{ event_id: string; global_position: string }>(
      `SELECT event_id::text, global_position::text FROM es_events WHERE event_id IN
         (SELECT event_id FROM transaction_events WHERE transaction_id = $1) ORDER BY global_position`,
      [transferId],
    );
    const setPosition = (eventId: string, position: string) =>
      t.db.pool.query('UPDATE es_events SET global_position = $2 WHERE event_id = $1', [eventId, position]);
    // The transfer's legs trade positions (two commits: the log's order stays, the positions do not).
    await setPosition(rows[0]!.event_id, '-1');
    await setPosition(rows[1]!.event_id, rows[0]!.global_position);
    await setPosition(rows[0]!.event_id, rows[1]!.global_position);
    try {
      await expectRefused();
      expect(await damaged()).toMatch(
        /is at log position .*, its leaf was appended at .* \(the log's order is not the tree's\)/,
      );
    } finally {
      await setPosition(rows[0]!.event_id, '-1');
      await setPosition(rows[1]!.event_id, rows[1]!.global_position);
      await setPosition(rows[0]!.event_id, rows[0]!.global_position);
    }
    await t.db.pool.query('UPDATE ledger_tree_state SET damaged = NULL WHERE id = 1');
    expect((await receipt()).status).toBe(200);
  });
});
