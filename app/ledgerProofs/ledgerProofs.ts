import type pg from 'pg';
import type { Logger } from 'pino';
import type { LedgerPublicKey, LiabilitiesStatement } from '../../domain/verifiable/formats.ts';
import { runScheduledJob, type ScheduledJob } from '../../infra/postgres/scheduledJobs.ts';
import {
  ledgerTreeBalances,
  recordLedgerMismatch,
} from '../../projections/ledgerTree/ledgerBalances.queries.ts';
import { keyDocument, loadKeyHistory } from './keyHistory.ts';
import {
  LIABILITY_LAYOUT,
  LiabilitiesMismatchError,
  latestLiabilitiesStatement,
  makeLiabilitiesStatement,
  storeLiabilitiesStatement,
} from './liabilities.ts';
import type { Digests, TreeQueries } from './ports.ts';
import type { LedgerSigner } from './signer.ts';

/**
 * The verifiable ledger's parts as the API and the tools use them (`deps.ledgerProofs`): the signer, the
 * digest service, the tree follower's queries, and the liabilities statements (made on their own schedule).
 */
export interface LedgerProofParts {
  signer: LedgerSigner;
  digests: Digests;
  tree: TreeQueries;
  /** Stops what the parts started (the digest schedule), when the process stops. */
  stop?: () => void | Promise<void>;
}

export interface LedgerProofs extends LedgerProofParts {
  statements: LiabilityStatements;
  /** The key document (GET /api/ledger/public-key): the current key with the recorded key history. */
  keyDocument(): Promise<LedgerPublicKey>;
}

/**
 * Wires the statements: made on their schedule (LIABILITIES_INTERVAL, `startSchedule`) or by an admin,
 * never because a user asked for something. A digest a receipt asks for does not make one: a statement
 * made whenever a user liked would let them compare the totals and the leaves around their own transfers.
 */
export function createLedgerProofs(parts: LedgerProofParts, pool: pg.Pool, logger: Logger): LedgerProofs {
  const statements = new LiabilityStatements({ pool, signer: parts.signer, tree: parts.tree, logger });
  return {
    ...parts,
    statements,
    // Read per request (one small table): another process may have recorded a rotation since.
    keyDocument: async () => keyDocument(parts.signer, await loadKeyHistory(pool)),
  };
}

/** The scheduled job's name (its lock and last-run row in `scheduled_jobs`). */
export const LIABILITIES_JOB = 'ledger-liabilities';

/**
 * Makes liabilities statements: once per interval across processes (a scheduled job), or when an admin
 * asks; one at a time across processes (an advisory lock), from one REPEATABLE READ snapshot of the tree
 * follower's tables, so the tree size, root and balances agree. A total that is not the ledger's
 * liabilities signs nothing: it is recorded as a mismatch (the follower's state row, an error log line).
 */
export class LiabilityStatements {
  readonly #pool: pg.Pool;
  readonly #signer: LedgerSigner;
  readonly #tree: Pick<TreeQueries, 'treeHead'>;
  readonly #logger: Logger;
  #running: Promise<unknown> | null = null;

  constructor(options: {
    pool: pg.Pool;
    signer: LedgerSigner;
    tree: Pick<TreeQueries, 'treeHead'>;
    logger: Logger;
  }) {
    this.#pool = options.pool;
    this.#signer = options.signer;
    this.#tree = options.tree;
    this.#logger = options.logger;
  }

  /** The scheduled job that makes a statement every `everyMs` (infra/postgres/scheduledJobs.ts). */
  scheduledJob(everyMs: number): ScheduledJob {
    return {
      name: LIABILITIES_JOB,
      everyMs,
      run: async () => (await this.make())?.treeSize ?? null,
    };
  }

  /**
   * Makes a statement every `intervalSeconds` (LIABILITIES_INTERVAL), once across every process; 0 =
   * never (an admin still can). Returns a stop.
   */
  startSchedule(intervalSeconds: number, tickMs?: number): () => Promise<void> {
    if (intervalSeconds <= 0) return async () => {};
    const job = this.scheduledJob(intervalSeconds * 1000);
    let stopped = false;
    // At start, a latest statement of an older layout (made before an upgrade) is made again at once:
    // otherwise no proof could be served until the next scheduled one.
    let checkLayout = true;
    const tick = () => {
      if (stopped || this.#running) return;
      const due = checkLayout ? this.#olderLayout() : Promise.resolve(false);
      checkLayout = false;
      const run = due
        .then(
          async (older): Promise<unknown> =>
            older ? await this.make() : await runScheduledJob(this.#pool, job),
        )
        .catch((error: unknown) =>
          this.#logger.error({ err: String(error) }, 'scheduled liabilities statement failed'),
        )
        .finally(() => {
          if (this.#running === run) this.#running = null;
        });
      this.#running = run;
    };
    const timer = setInterval(tick, tickMs ?? Math.min(Math.max(job.everyMs / 4, 1000), 60_000));
    timer.unref();
    return async () => {
      stopped = true;
      clearInterval(timer);
      await this.idle();
    };
  }

  async #olderLayout(): Promise<boolean> {
    const latest = await latestLiabilitiesStatement(this.#pool);
    return latest !== null && latest.layout < LIABILITY_LAYOUT;
  }

  /** Resolves once no scheduled statement is being made (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /**
   * Makes and stores a statement now (the latest again when the log has not moved since): the scheduled
   * job's work, and an admin's request. Null when another process is making one, or the liabilities do
   * not add up (then recorded as a mismatch).
   */
  async make(): Promise<LiabilitiesStatement | null> {
    const client = await this.#pool.connect();
    let mismatch: string | null = null;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      const { rows } = await client.query<{ locked: boolean }>(
        `SELECT pg_try_advisory_xact_lock(hashtextextended('sai:liabilities', 0)) AS locked`,
      );
      const latest = rows[0]?.locked ? await latestLiabilitiesStatement(client) : undefined;
      if (latest === undefined) {
        await client.query('ROLLBACK');
        return null;
      }
      const head = await this.#tree.treeHead(client);
      // The log has not moved since the latest statement: it stands (a new one would sum the same leaves),
      // unless it was made with an older layout and so cannot serve proofs.
      if (latest && BigInt(latest.statement.treeSize) === head.size && latest.layout >= LIABILITY_LAYOUT) {
        await client.query('ROLLBACK');
        return latest.statement;
      }
      const balances = await ledgerTreeBalances(client);
      let made: Awaited<ReturnType<typeof makeLiabilitiesStatement>>;
      try {
        made = await makeLiabilitiesStatement(this.#signer, { size: head.size, root: head.root, balances });
      } catch (error) {
        if (!(error instanceof LiabilitiesMismatchError) && !(error instanceof RangeError)) throw error;
        mismatch = `liabilities at tree size ${head.size}: ${error.message}`;
        await client.query('ROLLBACK');
        return null;
      }
      await storeLiabilitiesStatement(client, made);
      await client.query('COMMIT');
      this.#logger.info({ treeSize: made.statement.treeSize }, 'liabilities statement signed');
      return made.statement;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
      if (mismatch) {
        this.#logger.error({ mismatch }, 'ledger mismatch: the liabilities statement was refused');
        await recordLedgerMismatch(this.#pool, mismatch).catch((error: unknown) =>
          this.#logger.error({ err: String(error) }, 'the ledger mismatch could not be recorded'),
        );
      }
    }
  }
}
