import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { startSessionCache, stopSessionCache } from '../app/auth/sessionCache.ts';
import type { SessionSettings } from '../app/auth/sessions.ts';
import { StateCache } from '../app/commands/handleCommand.ts';
import { LedgerFreeze } from '../app/commands/ledgerFreeze.ts';
import { DigestService, digestDirOf } from '../app/ledgerProofs/digests.ts';
import { recordSigningKey } from '../app/ledgerProofs/keyHistory.ts';
import { createLedgerProofs, type LedgerProofs } from '../app/ledgerProofs/ledgerProofs.ts';
import type { LedgerSigner } from '../app/ledgerProofs/signer.ts';
import { treeBlocks } from '../app/ledgerProofs/treeBlocks.ts';
import { createMailer } from '../app/mail/mailer.ts';
import { purgeExpiredRows } from '../app/maintenance/purge.ts';
import { KeyRing } from '../app/privacy/keyRing.ts';
import { PersonalDataKeys } from '../app/privacy/personalDataKeys.ts';
import { sealingStore } from '../app/privacy/sealingStore.ts';
import { ledgerFollowUps } from '../app/workflows/followUps.ts';
import type { EventStore } from '../infra/eventStore/eventStore.ts';
import { PostgresEventStore } from '../infra/eventStore/postgresEventStore.ts';
import { EVENT_UPCASTERS, upcastingStore } from '../infra/eventStore/upcasting.ts';
import { migratePool } from '../infra/postgres/migrate.ts';
import { createPool, type Pool } from '../infra/postgres/pool.ts';
import { setPreparedStatements } from '../infra/postgres/prepared.ts';
import { type ScheduledJob, startScheduler } from '../infra/postgres/scheduledJobs.ts';
import { initProjectionSchemas } from '../projections/engine/checkpoints.ts';
import { ProjectionRunner } from '../projections/engine/runner.ts';
import { allProjections } from '../projections/index.ts';
import { logFindings, recordFindings, streamFailureFinding } from '../projections/ledgerTree/findings.ts';
import { LedgerTreeFollower } from '../projections/ledgerTree/follower.ts';
import {
  consistencyProof,
  frozenAccounts,
  inclusionProof,
  leavesOfEvents,
  ledgerMismatches,
  reportTreeDamage,
  treeDamage,
  treeHead,
  waitForTreeSize,
} from '../projections/ledgerTree/ledgerTree.queries.ts';
import { initLedgerTreeSchema } from '../projections/ledgerTree/schema.ts';
import { StoredTreeAudit } from '../projections/ledgerTree/storedTreeCheck.ts';
import type { Projection } from '../projections/projection.ts';
import { bringReadModelsUpToDate } from '../projections/versions.ts';
import type { Config } from './config.ts';
import type { RuntimeContext } from './deps.ts';
import { loadLedgerSigner, loadPreviousLedgerSigner } from './ledgerSigningKey.ts';
import {
  createMetrics,
  instrumentStore,
  type Metrics,
  registerLedgerGauges,
  registerScrapeGauges,
} from './metrics.ts';
import { loadPrivacyKeys, type PrivacyKeys } from './privacyKeys.ts';

export async function openEventStore(
  config: Config,
  db: Pick<Connections, 'pool' | 'sessionPool' | 'sessionUrl'>,
  logger?: Logger,
): Promise<EventStore> {
  if (config.EVENT_STORE === 'eventstoredb') {
    // Loaded only when chosen: the gRPC client is heavy and the default deployment never needs it.
    const { connectEventStoreDb } = await import('../infra/eventStore/eventStoreDbEventStore.ts');
    return await connectEventStoreDb(config.EVENTSTORE_URL!);
  }
  const store = new PostgresEventStore(db.pool, db.sessionUrl);
  await store.init(logger, db.sessionPool);
  return store;
}

async function sessionSecret(config: Config): Promise<Uint8Array> {
  if (config.SESSION_SECRET) return new TextEncoder().encode(config.SESSION_SECRET);
  // Development convenience: one random key kept beside the embedded database, never printed.
  const file = path.join(config.dataDir, 'session-secret');
  if (!existsSync(file)) {
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
    await chmod(file, 0o600);
  }
  return new TextEncoder().encode((await readFile(file, 'utf8')).trim());
}

/** What runs once per interval across every process. */
function scheduledJobs(config: Config): ScheduledJob[] {
  if (config.PURGE_INTERVAL_MINUTES === 0) return [];
  return [
    {
      name: 'purge-expired-rows',
      everyMs: config.PURGE_INTERVAL_MINUTES * 60_000,
      run: (tx) =>
        purgeExpiredRows(tx, {
          endedSessionHours: 24,
          idempotencyHours: config.IDEMPOTENCY_RETENTION_HOURS,
        }),
    },
  ];
}

/** The freeze of money movements on a ledger mismatch (LEDGER_FREEZE_ON_MISMATCH), and how it records one. */
function createLedgerFreeze(config: Config, pool: Pool, logger: Logger): LedgerFreeze {
  return new LedgerFreeze({
    mode: config.LEDGER_FREEZE_ON_MISMATCH,
    mismatches: () => ledgerMismatches(pool),
    frozenAccounts: () => frozenAccounts(pool),
    // A stream a command loaded failed its check: recorded as the tree follower records a finding.
    recordStreamFailure: async (failure) => {
      const found = [streamFailureFinding(failure)];
      // Logged first: a record that fails (the database gone) still leaves the line.
      logFindings(logger, found);
      await recordFindings(pool, found);
    },
  });
}

/** The log's tree follower (where the projections run) and the audit of its stored tree (storedTreeCheck.ts). */
async function ledgerTreeOf(
  config: Config,
  db: Connections,
  store: EventStore,
  logger: Logger,
  opts: { follow: boolean; onMismatch: () => void },
) {
  const { pool } = db;
  // The log commitment's tables exist wherever its queries may run; the follower runs with the projections.
  await initLedgerTreeSchema(db.sessionPool);
  const ledgerTree = opts.follow
    ? new LedgerTreeFollower({
        pool,
        databaseUrl: db.sessionUrl,
        store,
        logger,
        onMismatch: opts.onMismatch,
      })
    : null;
  // The stored tree against the log, a block a second, where the follower leads (storedTreeCheck.ts).
  const treeAudit =
    ledgerTree && config.LEDGER_TREE_CHECK_INTERVAL_MS > 0
      ? new StoredTreeAudit({
          db: pool,
          store,
          logger,
          leads: () => ledgerTree.state === 'running',
          everyMs: config.LEDGER_TREE_CHECK_INTERVAL_MS,
          onDamage: opts.onMismatch,
        })
      : null;
  return { ledgerTree, treeAudit };
}

/**
 * The verifiable ledger (docs/architecture/verifiable-ledger.md): digests of the tree the follower keeps,
 * published on a schedule by one process at a time, and liabilities statements on a schedule of their own
 * (both only where `scheduled`).
 */
function startLedgerProofs(
  config: Config,
  pool: Pool,
  logger: Logger,
  ledgerSigner: LedgerSigner,
  scheduled: boolean,
): LedgerProofs {
  const tree = { treeHead, leavesOfEvents, inclusionProof, waitForTreeSize, treeDamage, reportTreeDamage };
  const digests = new DigestService({
    pool,
    signer: ledgerSigner,
    logger,
    dir: digestDirOf(config),
    head: () => treeHead(pool),
    consistency: (from, to) => consistencyProof(pool, from, to),
    blocks: (size) => treeBlocks(pool, size),
    damage: () => treeDamage(pool),
  });
  const stopDigests = !scheduled ? async () => {} : digests.startSchedule(config.DIGEST_INTERVAL);
  let stopStatements: () => Promise<void> = async () => {};
  const ledgerProofs = createLedgerProofs(
    {
      signer: ledgerSigner,
      digests,
      tree,
      stop: async () => {
        await stopDigests();
        await stopStatements();
      },
    },
    pool,
    logger,
  );
  if (scheduled) stopStatements = ledgerProofs.statements.startSchedule(config.LIABILITIES_INTERVAL);
  return ledgerProofs;
}

/** How long a session lives, idle and in all, and the secret its cookie is signed with. */
async function sessionSettings(config: Config): Promise<SessionSettings> {
  return {
    secret: await sessionSecret(config),
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
    rememberAbsoluteMs: config.SESSION_REMEMBER_DAYS * 86_400_000,
    renewAfterMs: 60_000,
  };
}

/** The log, as every part of the app sees it: personal fields sealed and opened, each event upcast. */
async function openSealedStore(
  config: Config,
  db: Connections,
  logger: Logger,
  ring: KeyRing,
  metrics: Metrics,
): Promise<EventStore> {
  // Personal fields are sealed as they are appended and opened as they are read (app/privacy), and
  // deciders and projections read every event in its type's current shape (upcasting: the store itself
  // while no upcaster is registered).
  return upcastingStore(
    sealingStore(instrumentStore(await openEventStore(config, db, logger), metrics), ring),
    EVENT_UPCASTERS,
  );
}

/**
 * The process's connections to its database. `pool`: DATABASE_URL, every query. `sessionUrl` and
 * `sessionPool`: what needs a session of its own — LISTEN, the lock sessions, the start's migrations and
 * schema changes under a session lock — on DATABASE_SESSION_URL behind a transaction-mode pooler
 * (docs/architecture/pgbouncer.md), else the same as `pool`. `replicaPool`: READ_DATABASE_URL, the read
 * models' reads (docs/architecture/replica-reads.md). A tool given a database of its own uses it for all.
 */
export interface Connections {
  pool: Pool;
  sessionUrl: string;
  sessionPool: Pool;
  replicaPool: Pool | null;
  end(): Promise<void>;
}

function openConnections(config: Config, databaseUrl: string): Connections {
  const pool = createPool(databaseUrl, config.DATABASE_POOL_SIZE);
  const configured = databaseUrl === config.DATABASE_URL;
  const pooled = configured && config.DATABASE_POOLER === 'transaction';
  setPreparedStatements(!pooled);
  const sessionUrl = pooled ? config.DATABASE_SESSION_URL! : databaseUrl;
  const sessionPool = pooled ? createPool(sessionUrl, 4) : pool;
  const replicaPool =
    configured && config.READ_DATABASE_URL
      ? createPool(config.READ_DATABASE_URL, config.DATABASE_POOL_SIZE, {
          application_name: 'sai-reads',
          // A replica that stops answering (stopped, cut off) fails its reads before the request's own
          // timeout would answer for it, so the API sees the failure and sets it aside (api/http/readReplica.ts).
          connectionTimeoutMillis: Math.min(5_000, Math.ceil(config.REQUEST_TIMEOUT_MS / 2)),
          query_timeout: Math.max(1, Math.floor(config.REQUEST_TIMEOUT_MS * 0.8)),
        })
      : null;
  return {
    pool,
    sessionUrl,
    sessionPool,
    replicaPool,
    async end() {
      await Promise.all([pool.end(), replicaPool?.end(), sessionPool === pool ? null : sessionPool.end()]);
    },
  };
}

export interface Services {
  deps: RuntimeContext;
  stop(): Promise<void>;
}

/** Opens the store and database, migrates, and starts the projections: everything but the HTTP server. */
export async function startServices(
  config: Config,
  logger: Logger,
  options: {
    databaseUrl: string;
    projections?: readonly Projection[];
    runProjections?: boolean;
    /**
     * 'current' (the default): read models of another version are rebuilt first, or the start refused
     * (AUTO_REBUILD). 'any': left as they are, for the rebuild tool itself.
     */
    readModels?: 'current' | 'any';
    /** The scheduled jobs (the purge of expired rows); on unless false (tools leave them to the servers). */
    scheduledJobs?: boolean;
    /** The keys of crypto-shredding when the caller loaded them already; else loaded here from the config. */
    privacyKeys?: PrivacyKeys;
    /** The ledger's signer when the caller loaded it already; else loaded here from the config. */
    ledgerSigner?: LedgerSigner;
  },
): Promise<Services> {
  const privacyKeys = options.privacyKeys ?? (await loadPrivacyKeys(config, logger));
  const ledgerSigner = options.ledgerSigner ?? (await loadLedgerSigner(config, logger));
  const db = openConnections(config, options.databaseUrl);
  const { pool, sessionUrl } = db;
  const ring = new KeyRing(
    new PersonalDataKeys(pool, privacyKeys.personalDataKey),
    privacyKeys.pseudonymKey,
    sessionUrl,
  );
  let store: EventStore | null = null;
  try {
    const metrics = createMetrics();
    store = await openSealedStore(config, db, logger, ring, metrics);
    // The Postgres store's init() applied the versioned migrations (the log's tables with the app's); with
    // the log in EventStoreDB, the app's tables in Postgres still need them.
    if (store.kind !== 'postgres') await migratePool(db.sessionPool, logger, { eventLog: false });
    const cache = new StateCache();
    const ledgerFreeze = createLedgerFreeze(config, pool, logger);
    const now = () => new Date();
    // The key history (app/ledgerProofs/keyHistory.ts): a key this database has not seen is recorded, as
    // a rotation signed by the previous key, before anything is signed with it.
    await recordSigningKey(pool, {
      signer: ledgerSigner,
      previous: await loadPreviousLedgerSigner(config),
      now: now(),
      logger,
    });
    const projections = [
      ...(options.projections ?? allProjections),
      // The process manager that finishes transfers and approvals a crash interrupted.
      ledgerFollowUps({ store, cache, pool, now }),
    ];
    await initProjectionSchemas(db.sessionPool, projections);
    if (options.readModels !== 'any')
      await bringReadModelsUpToDate({
        pool: db.sessionPool,
        databaseUrl: sessionUrl,
        store,
        projections,
        autoRebuild: config.AUTO_REBUILD === 'on',
        log: logger,
      });
    const runner = new ProjectionRunner({
      pool,
      databaseUrl: sessionUrl,
      store,
      projections,
      logger,
    });
    const { ledgerTree, treeAudit } = await ledgerTreeOf(config, db, store, logger, {
      follow: options.runProjections !== false,
      onMismatch: () => ledgerFreeze.trip(),
    });
    if (options.runProjections !== false) {
      await runner.start();
      await ledgerTree?.start();
      treeAudit?.start();
    }
    const scheduler = startScheduler(pool, options.scheduledJobs === false ? [] : scheduledJobs(config), {
      tickMs: Math.min(config.PURGE_INTERVAL_MINUTES * 15_000, 60_000) || 60_000,
      onRun: (job, result) => logger.info({ job, result }, 'scheduled job ran'),
      onError: (job, error) => logger.warn({ job, err: String(error) }, 'scheduled job failed'),
    });
    registerScrapeGauges(metrics, runner, pool);
    registerLedgerGauges(metrics, pool);
    const ledgerProofs = startLedgerProofs(
      config,
      pool,
      logger,
      ledgerSigner,
      options.scheduledJobs !== false,
    );
    const deps: RuntimeContext = {
      config,
      logger,
      pool,
      store,
      runner,
      cache,
      sessions: await sessionSettings(config),
      metrics,
      replicaPool: db.replicaPool,
      lifecycle: { draining: false },
      now,
      privacy: { keys: ring.keys, ring, pseudonymKey: privacyKeys.pseudonymKey },
      ledgerFreeze,
      ledgerProofs,
      mailer: createMailer(config, logger, now),
    };
    const openedStore = store;
    // After the migrations: the sessions table's trigger is what keeps the cache true.
    startSessionCache(pool, sessionUrl);
    return {
      deps,
      async stop() {
        await stopSessionCache(pool);
        deps.mailer.close?.();
        await scheduler.stop();
        await treeAudit?.stop();
        await ledgerTree?.stop();
        await ledgerProofs.stop?.();
        await ledgerProofs.statements.idle();
        await runner.stop();
        await openedStore.close();
        await ring.close();
        await db.end();
      },
    };
  } catch (error) {
    await store?.close().catch(() => {});
    await stopSessionCache(pool);
    await ring.close();
    await db.end().catch(() => {});
    throw error;
  }
}
