import { generateKeyPairSync } from 'node:crypto';
import type pg from 'pg';
import type { LedgerProofParts } from '../app/ledgerProofs/ledgerProofs.ts';
import type { Digests, TreeLeaf, TreeQueries } from '../app/ledgerProofs/ports.ts';
import { type LedgerSigner, signerFromKey } from '../app/ledgerProofs/signer.ts';
import { postingsOf } from '../domain/ledger/postings.ts';
import { bytesOfHex, hexOf } from '../domain/verifiable/bytes.ts';
import { DIGEST_FORMAT, digestMessage, type LedgerDigest } from '../domain/verifiable/formats.ts';
import {
  eventLeaf,
  inclusionRanges,
  MerkleFrontier,
  nodeId,
  rangeRoots,
} from '../domain/verifiable/merkle.ts';
import type { EventStore, LogPosition, RecordedEvent } from '../infra/eventStore/eventStore.ts';
import { EVENT_UPCASTERS, rawStore } from '../infra/eventStore/upcasting.ts';

/**
 * The log's Merkle tree and the accounts' balances recomputed from the raw log (every event as stored, in
 * log order), for tests of receipts and liabilities: what the tree follower's tables and queries and the
 * digest service give in production, computed here the naive way (a replay on every call) so that the
 * tests check the proofs against an independent computation, never against hard-coded answers.
 */
export interface Replay {
  events: RecordedEvent[];
  leaves: Map<string, TreeLeaf>;
  /** Every complete node (level 0 included), by nodeId. */
  nodes: Map<string, Uint8Array>;
  /** `account|asset` → minor units, every account. */
  balances: Map<string, bigint>;
  frontier: MerkleFrontier;
}

export async function replayLog(store: EventStore, upTo?: bigint): Promise<Replay> {
  const log = rawStore(store);
  const events: RecordedEvent[] = [];
  let after: LogPosition | null = null;
  for (;;) {
    const batch = await log.readAll({ after, limit: 1_000 });
    events.push(...batch);
    if (batch.length < 1_000) break;
    after = batch[batch.length - 1]!.position;
  }
  if (upTo !== undefined) events.length = Math.min(events.length, Number(upTo));
  const frontier = new MerkleFrontier();
  const nodes = new Map<string, Uint8Array>();
  const leaves = new Map<string, TreeLeaf>();
  const balances = new Map<string, bigint>();
  events.forEach((event, i) => {
    const index = BigInt(i);
    for (const made of frontier.append(eventLeaf(index, event.metadata.hash)))
      nodes.set(nodeId(made.key), made.hash);
    leaves.set(event.id, {
      index,
      streamName: event.streamName,
      revision: event.revision,
      eventHash: event.metadata.hash,
    });
    for (const posting of postingsOf(EVENT_UPCASTERS.upcast(event))) {
      const from = `${posting.from}|${posting.asset}`;
      const to = `${posting.to}|${posting.asset}`;
      balances.set(from, (balances.get(from) ?? 0n) - posting.units);
      balances.set(to, (balances.get(to) ?? 0n) + posting.units);
    }
  });
  return { events, leaves, nodes, balances, frontier };
}

/** The balances of a replay as rows (units <> 0), as the follower's balances table holds them. */
export function balanceRows(replay: Replay) {
  return [...replay.balances]
    .filter(([, units]) => units !== 0n)
    .map(([key, units]) => {
      const [account = '', asset = ''] = key.split('|');
      return { account, asset, units };
    });
}

/** The tree follower's queries, answered by replaying the raw log each time. */
export function replayTreeQueries(store: EventStore): TreeQueries {
  return {
    async treeHead() {
      const replay = await replayLog(store);
      return { size: replay.frontier.size, root: replay.frontier.root() };
    },
    async leavesOfEvents(_db, eventIds) {
      const replay = await replayLog(store);
      const found = new Map<string, TreeLeaf>();
      for (const id of eventIds) {
        const leaf = replay.leaves.get(id);
        if (leaf) found.set(id, leaf);
      }
      return found;
    },
    async inclusionProof(_db, index, size) {
      const replay = await replayLog(store);
      if (size > replay.frontier.size)
        throw new Error(`the tree has ${replay.frontier.size} leaves, not ${size}`);
      return rangeRoots(inclusionRanges(index, size), replay.nodes);
    },
    async waitForTreeSize(_db, size, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if ((await replayLog(store)).frontier.size >= size) return true;
        if (Date.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/** A signed digest of the tree of `size` with `root`, as the digest service signs one. */
export function signTestDigest(
  signer: LedgerSigner,
  size: bigint,
  root: Uint8Array,
  now = new Date(),
): LedgerDigest {
  const time = now.toISOString();
  return {
    format: DIGEST_FORMAT,
    version: 1,
    treeSize: size.toString(),
    root: hexOf(root),
    time,
    keyId: signer.keyId,
    signature: signer.sign(
      digestMessage({ treeSize: size, root, timeMs: BigInt(now.getTime()), keyId: signer.keyId }),
    ),
  };
}

/** The digest service's part receipts use: digests of the replayed tree, in memory, with their listeners. */
export class ReplayDigests implements Digests {
  readonly published: LedgerDigest[] = [];
  readonly #listeners: ((digest: LedgerDigest) => void)[] = [];
  constructor(
    private readonly signer: LedgerSigner,
    private readonly tree: TreeQueries,
    /** Before each digest: the follower's tables a statement reads, brought up to the log. */
    private readonly beforePublish: () => Promise<void> = async () => {},
  ) {}

  async publish(): Promise<LedgerDigest> {
    await this.beforePublish();
    const head = await this.tree.treeHead(null as never);
    const digest = signTestDigest(this.signer, head.size, head.root);
    this.published.push(digest);
    for (const listener of this.#listeners) listener(digest);
    return digest;
  }
  async latest(): Promise<LedgerDigest | null> {
    return this.published[this.published.length - 1] ?? null;
  }
  async ensureCovers(size: bigint): Promise<LedgerDigest> {
    const latest = await this.latest();
    return latest && BigInt(latest.treeSize) >= size ? latest : await this.publish();
  }
  onPublished(listener: (digest: LedgerDigest) => void): void {
    this.#listeners.push(listener);
  }
}

export function testSigner(): LedgerSigner {
  return signerFromKey(generateKeyPairSync('ed25519').privateKey);
}

export function hexBytes(hex: string): Uint8Array {
  const bytes = bytesOfHex(hex);
  if (!bytes) throw new Error(`not hex: ${hex}`);
  return bytes;
}

/**
 * The tree follower's tables a liabilities statement reads (ledger_tree_state, ledger_tree_balances, as the
 * follower's contract defines them), written from a replay of the raw log.
 */
export async function syncTreeTables(pool: pg.Pool, store: EventStore): Promise<Replay> {
  const replay = await replayLog(store);
  const rows = balanceRows(replay);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`
      CREATE TABLE IF NOT EXISTS ledger_tree_balances (account text, asset text, units numeric(40,0) NOT NULL,
        PRIMARY KEY (account, asset));
      CREATE TABLE IF NOT EXISTS ledger_tree_state (id int PRIMARY KEY CHECK (id = 1), size bigint NOT NULL,
        position_commit numeric(30,0), position_prepare numeric(30,0), mismatches bigint NOT NULL DEFAULT 0,
        last_mismatch text, last_mismatch_at timestamptz)`);
    await client.query('DELETE FROM ledger_tree_balances');
    await client.query(
      'INSERT INTO ledger_tree_balances SELECT * FROM unnest($1::text[], $2::text[], $3::numeric[])',
      [rows.map((r) => r.account), rows.map((r) => r.asset), rows.map((r) => r.units.toString())],
    );
    await client.query(
      `INSERT INTO ledger_tree_state (id, size) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET size = $1`,
      [replay.frontier.size.toString()],
    );
    await client.query('COMMIT');
    return replay;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The verifiable ledger's parts for a test app: a fresh test key, the replayed tree, and digests that
 * bring the follower's tables up to the log before each (so the statement made after it sees them).
 */
export async function replayLedgerProofParts(opened: {
  pool: pg.Pool;
  store: EventStore;
}): Promise<LedgerProofParts> {
  const signer = testSigner();
  const tree = replayTreeQueries(opened.store);
  const digests = new ReplayDigests(signer, tree, async () => {
    await syncTreeTables(opened.pool, opened.store);
  });
  return { signer, tree, digests };
}
