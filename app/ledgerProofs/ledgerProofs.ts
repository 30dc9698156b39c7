import type pg from 'pg';
import type { Logger } from 'pino';
import type { LedgerPublicKey, LiabilitiesStatement } from '../../domain/verifiable/formats.ts';
import {
  ledgerTreeBalances,
  recordLedgerMismatch,
} from '../../projections/ledgerTree/ledgerBalances.queries.ts';
import { keyDocument, loadKeyHistory } from './keyHistory.ts';
import {
  LiabilitiesMismatchError,
  latestLiabilitiesStatement,
  makeLiabilitiesStatement,
  storeLiabilitiesStatement,
} from './liabilities.ts';
import type { Digests, TreeQueries } from './ports.ts';
import type { LedgerSigner } from './signer.ts';

/**
 * The verifiable ledger's parts as the API and the tools use them (`deps.ledgerProofs`): the signer, the
 * digest service, the tree follower's queries, and the liabilities statements made after each digest.
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

/** Wires the statements to the digests: one after each published digest (throttled, see below). */
export function createLedgerProofs(parts: LedgerProofParts, pool: pg.Pool, logger: Logger): LedgerProofs {
  const statements = new LiabilityStatements({ pool, signer: parts.signer, tree: parts.tree, logger });
  parts.digests.onPublished(() => statements.afterDigest());
  return {
    ...parts,
    statements,
    // Read per request (one small table): another process may have recorded a rotation since.
    keyDocument: async () => keyDocument(parts.signer, await loadKeyHistory(pool)),
  };
}

/** Statements are made at most this often, across processes: a receipt may ask for a fresh digest often. */
export const STATEMENT_MIN_INTERVAL_MS = 60_000;

/**
 * Makes liabilities statements: at each digest the service publishes (at most one a minute; one at a
 * time in a process, and across processes by an advisory lock), from one REPEATABLE READ snapshot of the
 * tree follower's tables, so the tree size, root and balances agree. A total that is not the ledger's
 * liabilities signs nothing: it is recorded as a mismatch (the follower's state row, an error log line).
 */
export class LiabilityStatements {
  readonly #pool: pg.Pool;
  readonly #signer: LedgerSigner;
  readonly #tree: Pick<TreeQueries, 'treeHead'>;
  readonly #logger: Logger;
  readonly #minIntervalMs: number;
  #running: Promise<void> | null = null;
  #again = false;

  constructor(options: {
    pool: pg.Pool;
    signer: LedgerSigner;
    tree: Pick<TreeQueries, 'treeHead'>;
    logger: Logger;
    minIntervalMs?: number;
  }) {
    this.#pool = options.pool;
    this.#signer = options.signer;
    this.#tree = options.tree;
    this.#logger = options.logger;
    this.#minIntervalMs = options.minIntervalMs ?? STATEMENT_MIN_INTERVAL_MS;
  }

  /** After a digest: a statement soon, coalesced with one already being made. Never throws. */
  afterDigest(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = (async () => {
      do {
        this.#again = false;
        await this.make().catch((error: unknown) =>
          this.#logger.error({ err: String(error) }, 'liabilities statement failed'),
        );
      } while (this.#again);
      this.#running = null;
    })();
  }

  /** Resolves once no statement is being made (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /**
   * Makes and stores a statement now (the latest again when the log has not moved since); null when
   * another process is making one, one was made within the minimum interval, or the liabilities do not
   * add up (then recorded as a mismatch).
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
      if (
        latest === undefined ||
        (latest && Date.now() - latest.created_at.getTime() < this.#minIntervalMs)
      ) {
        await client.query('ROLLBACK');
        return null;
      }
      const head = await this.#tree.treeHead(client);
      // The log has not moved since the latest statement: it stands (a new one would sum the same leaves).
      if (latest && BigInt(latest.statement.treeSize) === head.size) {
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
