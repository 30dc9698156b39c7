import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { bytesOfHex, equalBytes, hexOf } from '../../domain/verifiable/bytes.ts';
import { DIGEST_FORMAT, digestMessage, type LedgerDigest } from '../../domain/verifiable/formats.ts';
import { verifyConsistency, webCryptoSha256 } from '../../domain/verifiable/merkle.ts';
import { verifyDigest } from '../../domain/verifiable/verify.ts';
import { type Pool, type PoolClient, withTransaction } from '../../infra/postgres/pool.ts';
import { runScheduledJob } from '../../infra/postgres/scheduledJobs.ts';
import { StoredTreeDamagedError } from '../../projections/ledgerTree/ledgerTree.queries.ts';
import { readDigestFile, scanDigestFolder, setAside, writeFileAtomically } from './digestFiles.ts';
import {
  insertDigest,
  latestDigest,
  listDigests,
  listedDigestFiles,
  lockPublishing,
} from './digests.table.ts';
import type { LedgerSigner } from './signer.ts';
import { coarsenBlocks, MAX_DIGEST_BLOCKS, rootOfBlocks, type TreeBlocks } from './treeReplay.ts';

/**
 * Signed digests of the log (docs/architecture/verifiable-ledger.md): the tree's size and root, the time and
 * the key id, signed with the ledger's key. The service publishes one on a schedule, and on demand for a
 * receipt newer than the last one; each goes to a file in DIGEST_DIR (for auditors to copy elsewhere) and to
 * the `ledger_digests` catalogue (a migration's table: the signed statements, not a read model).
 */

/**
 * Signs the tree head; `blocks` (any block size) are coarsened to at most MAX_DIGEST_BLOCKS and checked.
 * `after` is the previous digest's time: a head whose time is not strictly later is refused (digest times
 * strictly increase, so an auditor can order them and no two share a file name).
 */
export function signDigest(
  signer: LedgerSigner,
  head: { treeSize: bigint; root: Uint8Array; time: Date },
  blocks?: TreeBlocks,
  after?: string,
): LedgerDigest {
  if (after !== undefined && !(head.time.getTime() > Date.parse(after)))
    throw new Error(
      `a digest's time (${head.time.toISOString()}) must be after the previous one's (${after})`,
    );
  const timeMs = BigInt(head.time.getTime());
  const signature = signer.sign(
    digestMessage({ treeSize: head.treeSize, root: head.root, timeMs, keyId: signer.keyId }),
  );
  const digest: LedgerDigest = {
    format: DIGEST_FORMAT,
    version: 1,
    treeSize: head.treeSize.toString(),
    root: hexOf(head.root),
    time: head.time.toISOString(),
    keyId: signer.keyId,
    signature,
  };
  if (blocks && head.treeSize > 0n) {
    const coarse = coarsenBlocks(head.treeSize, blocks, MAX_DIGEST_BLOCKS);
    if (!equalBytes(rootOfBlocks(head.treeSize, coarse), head.root))
      throw new Error('the block hashes do not make the root being signed');
    digest.blocks = { blockSize: coarse.blockSize.toString(), hashes: coarse.hashes.map(hexOf) };
  }
  return digest;
}

/**
 * The time a new digest is signed with: the clock's, unless it is not after the previous digest's (the
 * clock stepped back, or two digests in one millisecond), then the previous time + 1 ms. Bumping rather
 * than refusing keeps receipts answering through a clock step; the signed times stay strictly increasing,
 * at worst slightly ahead of the wall clock until it catches up.
 */
export function nextDigestTime(now: Date, previous: { time: string } | null): Date {
  if (!previous) return now;
  const floor = Date.parse(previous.time) + 1;
  return now.getTime() >= floor ? now : new Date(floor);
}

/** Where digests are published: DIGEST_DIR, else a `digests` folder in DATA_DIR. */
export function digestDirOf(config: { DIGEST_DIR?: string; dataDir: string }): string {
  return path.resolve(config.DIGEST_DIR ?? path.join(config.dataDir, 'digests'));
}

/** A digest's file name: `digest-<treeSize>-<time>.json`, the time without colons (portable names). */
export function digestFileName(digest: LedgerDigest): string {
  return `digest-${digest.treeSize}-${digest.time.replaceAll(':', '')}.json`;
}

export { writeFileAtomically } from './digestFiles.ts';

/** Why a digest was not published: the tree does not extend the previous digest (a mismatch). */
export class DigestMismatchError extends Error {}

export interface DigestServiceOptions {
  pool: Pool;
  signer: LedgerSigner;
  logger: Logger;
  /** DIGEST_DIR: where each digest's file is written. */
  dir: string;
  /** The tree's current size and root (the tree follower's stored head). */
  head: () => Promise<{ size: bigint; root: Uint8Array }>;
  /** The consistency proof from an earlier size to a later one, from the stored tree. */
  consistency: (from: bigint, to: bigint) => Promise<Uint8Array[]>;
  /** The tree's block roots at a size, when the tree can give them (a digest is complete without them). */
  blocks?: (size: bigint) => Promise<TreeBlocks>;
  /** The stored tree's recorded damage (null: it agrees with the log): a damaged tree is not signed. */
  damage?: () => Promise<string | null>;
  now?: () => Date;
}

export class DigestService {
  readonly #options: DigestServiceOptions;
  readonly #listeners = new Set<(digest: LedgerDigest) => void | Promise<void>>();
  /** The signing in flight in this process, which concurrent ensureCovers callers share. */
  #pending: Promise<LedgerDigest> | null = null;

  constructor(options: DigestServiceOptions) {
    this.#options = options;
  }

  /**
   * Signs the tree's head and publishes it: checked first to extend the previous published digest (a
   * consistency proof from its size to this one, verified as any auditor would); a tree that does not is
   * a mismatch, logged and refused. Then the file (atomic) and the catalogue row, then the listeners.
   */
  async publish(): Promise<LedgerDigest> {
    return await this.#publish(null);
  }

  async #publish(unlessCovers: bigint | null): Promise<LedgerDigest> {
    const { pool, signer, logger, dir } = this.#options;
    const published = await withTransaction(
      pool,
      async (client) => {
        await lockPublishing(client);
        await this.#reconcileFiles(client);
        const previous = await latestDigest(client);
        if (
          unlessCovers !== null &&
          previous &&
          BigInt(previous.treeSize) >= unlessCovers &&
          previous.keyId === signer.keyId
        ) {
          return { digest: previous, signed: false };
        }
        const damage = await this.#options.damage?.();
        if (damage) {
          logger.error({ damage }, 'ledger digest refused: the stored tree is damaged');
          throw new StoredTreeDamagedError(
            `the stored tree is damaged (${damage}): not signing a digest of it`,
          );
        }
        const head = await this.#options.head();
        if (previous) await this.#checkExtends(previous, head);
        const blocks =
          this.#options.blocks && head.size > 0n ? await this.#options.blocks(head.size) : undefined;
        const now = this.#options.now?.() ?? new Date();
        const time = nextDigestTime(now, previous);
        if (time !== now)
          logger.warn(
            { clock: now.toISOString(), previous: previous?.time, time: time.toISOString() },
            'the clock is not after the last digest: signing with the last digest time + 1 ms',
          );
        const digest = signDigest(
          signer,
          { treeSize: head.size, root: head.root, time },
          blocks,
          previous?.time,
        );
        const fileName = digestFileName(digest);
        await writeFileAtomically(path.join(dir, fileName), `${JSON.stringify(digest, null, 2)}\n`);
        await insertDigest(client, digest, fileName);
        return { digest, signed: true };
      },
      { closeOnFailure: true },
    );
    const { digest, signed } = published;
    if (!signed) return digest;
    logger.info(
      { treeSize: digest.treeSize, root: digest.root, keyId: digest.keyId },
      'ledger digest published',
    );
    for (const listener of this.#listeners) {
      try {
        await listener(digest);
      } catch (error) {
        logger.error({ err: String(error), treeSize: digest.treeSize }, 'a ledger digest listener failed');
      }
    }
    return digest;
  }

  /**
   * A digest file with no catalogue row is what a crash (or a failed insert) between writing the file and
   * committing the row leaves: signed, possibly copied already by an auditor, but unlisted. Under the
   * publishing lock, before the next digest, each is registered when it is a digest this key signed, later
   * than the last listed one and extending it (what publish would have checked); anything else is set
   * aside (`.rejected`, kept as evidence) and logged. Leftover temporaries, never published, are removed.
   */
  async #reconcileFiles(client: PoolClient): Promise<void> {
    const { dir, logger, signer } = this.#options;
    const scan = await scanDigestFolder(dir);
    for (const name of scan.temporaries) await rm(path.join(dir, name), { force: true });
    if (scan.digests.length === 0) return;
    const listed = await listedDigestFiles(client, scan.digests);
    const unlisted = scan.digests.filter((name) => !listed.has(name));
    // Most publishes find every file listed: the stored tree's head is read only when one is not.
    if (unlisted.length === 0) return;
    const tree = await this.#options.head();
    for (const name of unlisted) {
      const digest = (await readDigestFile(path.join(dir, name))) as LedgerDigest | undefined;
      // A file of a size the stored tree has not reached yet (a tree rebuilt since) waits for a later look.
      if (digest && /^\d+$/.test(String(digest.treeSize)) && BigInt(digest.treeSize) > tree.size) continue;
      const previous = await latestDigest(client);
      const problem =
        !digest || !(await verifyDigest(digest, signer.publicKey)).ok
          ? 'not a digest signed by the ledger key'
          : digestFileName(digest) !== name
            ? 'its name does not match its contents'
            : previous && !(Date.parse(digest.time) > Date.parse(previous.time))
              ? 'not later than the last listed digest'
              : previous &&
                  !(await this.#extends(previous, {
                    size: BigInt(digest.treeSize),
                    root: bytesOfHex(digest.root)!,
                  }))
                ? 'its tree does not extend the last listed digest'
                : // The key alone does not make it this log's: a folder shared with another database
                  // signed by the same key (or a file copied in) holds digests of another tree. What
                  // this database's stored tree does not extend is not its digest, listed or not.
                  !(await this.#extends(digest!, tree))
                  ? "its tree is not this database's (this log's tree does not extend it)"
                  : null;
      if (problem === null) {
        await insertDigest(client, digest!, name);
        logger.warn({ file: name }, 'an unlisted digest file was registered in the catalogue');
      } else {
        const aside = await setAside(dir, name);
        logger.error({ file: name, aside }, `an unlisted digest file was set aside: ${problem}`);
      }
    }
  }

  async #extends(previous: LedgerDigest, head: { size: bigint; root: Uint8Array }): Promise<boolean> {
    const from = BigInt(previous.treeSize);
    if (head.size < from) return false;
    if (from === 0n) return true; // the empty tree is a prefix of every tree
    const proof = await this.#options.consistency(from, head.size);
    const fromRoot = bytesOfHex(previous.root)!;
    return await verifyConsistency(webCryptoSha256, from, head.size, fromRoot, head.root, proof);
  }

  async #checkExtends(previous: LedgerDigest, head: { size: bigint; root: Uint8Array }): Promise<void> {
    const from = BigInt(previous.treeSize);
    if (!(await this.#extends(previous, head))) {
      const message = `the log's tree (size ${head.size}, root ${hexOf(head.root)}) does not extend the last published digest (size ${from}, root ${previous.root}): not publishing`;
      this.#options.logger.error(
        { previousSize: previous.treeSize, previousRoot: previous.root, size: String(head.size) },
        `ledger digest mismatch: ${message}`,
      );
      throw new DigestMismatchError(message);
    }
  }

  async latest(): Promise<LedgerDigest | null> {
    return await latestDigest(this.#options.pool);
  }

  async list(limit: number, cursor: string | null = null) {
    return await listDigests(this.#options.pool, limit, cursor);
  }

  /**
   * A digest covering the log's first `size` events (without its block roots): the latest if it does, else
   * a fresh one. Callers in
   * this process share one signing; across processes the publishing lock makes the later one find the
   * digest the first made. Throws when the tree itself has not reached `size`.
   */
  async ensureCovers(size: bigint): Promise<LedgerDigest> {
    for (let attempt = 0; attempt < 3; attempt++) {
      // Without its block roots (up to MAX_DIGEST_BLOCKS hashes): a receipt is checked against the root.
      const latest = await latestDigest(this.#options.pool, false);
      // A digest of a replaced key is not reused: the receipt carries the current key (a rotation).
      if (latest && BigInt(latest.treeSize) >= size && latest.keyId === this.#options.signer.keyId)
        return latest;
      if (!this.#pending) {
        this.#pending = this.#publish(size).finally(() => {
          this.#pending = null;
        });
      }
      const { blocks: _blocks, ...digest } = await this.#pending;
      if (BigInt(digest.treeSize) >= size) return digest;
    }
    throw new Error(`the ledger's tree has not reached ${size} events yet`);
  }

  /** Called after each digest is published (no listener today: statements keep their own schedule). Returns an unsubscribe. */
  onPublished(listener: (digest: LedgerDigest) => void | Promise<void>): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Publishes every `intervalSeconds` (DIGEST_INTERVAL), once across every process: a scheduled job
   * (infra/postgres/scheduledJobs.ts: its own advisory lock and last-run row). 0 = never. Returns a stop.
   */
  startSchedule(intervalSeconds: number, tickMs?: number): () => Promise<void> {
    if (intervalSeconds <= 0) return async () => {};
    const everyMs = intervalSeconds * 1000;
    const job = { name: 'ledger-digest', everyMs, run: async () => (await this.publish()).treeSize };
    let stopped = false;
    let running: Promise<unknown> = Promise.resolve();
    const tick = () => {
      if (stopped) return;
      running = runScheduledJob(this.#options.pool, job).catch((error: unknown) =>
        this.#options.logger.error({ err: String(error) }, 'scheduled ledger digest failed'),
      );
    };
    const timer = setInterval(tick, tickMs ?? Math.min(Math.max(everyMs / 4, 1000), 60_000));
    timer.unref();
    return async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    };
  }
}
