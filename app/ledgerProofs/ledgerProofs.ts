import type { Logger } from 'pino';
import type { LedgerPublicKey, LiabilitiesStatement } from '../../domain/verifiable/formats.ts';
import type { Pool } from '../../infra/postgres/pool.ts';
import { runScheduledJob, type ScheduledJob } from '../../infra/postgres/scheduledJobs.ts';
import {
  ledgerTreeBalances,
  recordLedgerMismatch,
} from '../../projections/ledgerTree/ledgerBalances.queries.ts';
import { loadKeyHistory } from './keyHistory.table.ts';
import { keyDocument } from './keyHistory.ts';
import { latestLiabilitiesStatement, storeLiabilitiesStatement } from './liabilities.table.ts';
import { LIABILITY_LAYOUT, LiabilitiesMismatchError, makeLiabilitiesStatement } from './liabilities.ts';
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
export function createLedgerProofs(parts: LedgerProofParts, pool: Pool, logger: Logger): LedgerProofs {
  const statements = new LiabilityStatements({ pool, signer: parts.signer, tree: parts.tree, logger });
  return {
    ...parts,
    statements,
    // Read per request (one small table): another process may have recorded a rotation since.
    keyDocument: async () => keyDocument(parts.signer, await loadKeyHistory(pool)),
  };
}

/** What an attempt at a statement came to: made (or the latest standing), another being made, or refused. */
export type StatementAttempt =
  | { kind: 'made'; statement: LiabilitiesStatement }
  | { kind: 'busy' }
  | { kind: 'mismatch'; reason: string };

/** The scheduled job's name (its lock and last-run row in `scheduled_jobs`). */
export const LIABILITIES_JOB = 'ledger-liabilities';

/**
 * Makes liabilities statements: once per interval across processes (a scheduled job), or when an admin
 * asks; one at a time across processes (an advisory lock), from one REPEATABLE READ snapshot of the tree
 * follower's tables, so the tree size, root and balances agree. A total that is not the ledger's
 * liabilities signs nothing: it is recorded as a mismatch (the follower's state row, an error log line).
 */
export class LiabilityStatements {
  readonly #pool: Pool;
  readonly #signer: LedgerSigner;
  readonly #tree: Pick<TreeQueries, 'treeHead'>;
  readonly #logger: Logger;
  #running: Promise<unknown> | null = null;

  constructor(options: {
    pool: Pool;
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
   * none on a schedule (an admin still can). Either way, while the latest statement has an older layout
   * (made before an upgrade) each tick makes it again, until a statement of today's layout is stored:
   * otherwise no proof could be served until the next scheduled one, or ever with 0. Returns a stop.
   */
  startSchedule(intervalSeconds: number, tickMs?: number): () => Promise<void> {
    const job = intervalSeconds > 0 ? this.scheduledJob(intervalSeconds * 1000) : null;
    let stopped = false;
    let layoutCurrent = false;
    const tick = () => {
      if (stopped || this.#running) return;
      const run = (async (): Promise<unknown> => {
        if (!layoutCurrent) {
          // Settled only by a stored statement of today's layout: a busy lock or a mismatch tries again.
          if (await this.#olderLayout()) return await this.make();
          layoutCurrent = true;
        }
        if (job) return await runScheduledJob(this.#pool, job);
        clearInterval(timer);
        return null;
      })()
        .catch((error: unknown) =>
          this.#logger.error({ err: String(error) }, 'scheduled liabilities statement failed'),
        )
        .finally(() => {
          if (this.#running === run) this.#running = null;
        });
      this.#running = run;
    };
    const everyMs = job?.everyMs ?? 60_000;
    const timer = setInterval(tick, tickMs ?? Math.min(Math.max(everyMs / 4, 1000), 60_000));
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
   * job's work. Null when another process is making one, or the liabilities do not add up (then recorded
   * as a mismatch); `attempt` tells the two apart.
   */
  async make(): Promise<LiabilitiesStatement | null> {
    const outcome = await this.attempt();
    return outcome.kind === 'made' ? outcome.statement : null;
  }

  /** As `make`, with why no statement was made: `busy` (another is being made) or `mismatch`. */
  async attempt(): Promise<StatementAttempt> {
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
        return { kind: 'busy' };
      }
      const head = await this.#tree.treeHead(client);
      // The log has not moved since the latest statement: it stands (a new one would sum the same leaves),
      // unless it was made with an older layout and so cannot serve proofs.
      if (latest && BigInt(latest.statement.treeSize) === head.size && latest.layout >= LIABILITY_LAYOUT) {
        await client.query('ROLLBACK');
        return { kind: 'made', statement: latest.statement };
      }
      const balances = await ledgerTreeBalances(client);
      let made: Awaited<ReturnType<typeof makeLiabilitiesStatement>>;
      try {
        made = await makeLiabilitiesStatement(this.#signer, { size: head.size, root: head.root, balances });
      } catch (error) {
        if (!(error instanceof LiabilitiesMismatchError) && !(error instanceof RangeError)) throw error;
        mismatch = `liabilities at tree size ${head.size}: ${error.message}`;
        await client.query('ROLLBACK');
        return { kind: 'mismatch', reason: mismatch };
      }
      await storeLiabilitiesStatement(client, made, LIABILITY_LAYOUT);
      await client.query('COMMIT');
      this.#logger.info({ treeSize: made.statement.treeSize }, 'liabilities statement signed');
      return { kind: 'made', statement: made.statement };
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
