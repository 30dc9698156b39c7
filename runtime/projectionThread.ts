import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { Logger } from 'pino';
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { startServices } from './services.ts';

/**
 * `npm start`'s read models, built in a worker thread of the API's own process (PROJECTIONS=on, the
 * default): what `npm run projections:worker` does in a process of its own, without a second process to
 * run. The HTTP server and the projections then each have an event loop, and on a machine with two cores or
 * more they run at the same time instead of taking turns: measured, the one-process shape moved about a
 * third fewer transfers than the API plus a worker (BENCHMARKS.md, "What bounds each figure"). The thread
 * shares the process's memory limit, signals and exit: it cannot outlive the API, and a crash of it is
 * restarted by the API.
 *
 * The thread loads the same module as the process (`entry`: the bundle `npm start` runs, or api/main.ts
 * under a loader), which calls `runProjectionThreadIfAsked` first thing.
 */
interface ThreadData {
  role: 'projections';
  databaseUrl: string;
}

const RESTART_AFTER_MS = 1_000;
const THREAD_POOL_SIZE = 10;

/** Starts the thread; resolves with a stop that ends it (its services closed) and waits for it. */
export async function startProjectionThread(
  entry: URL,
  databaseUrl: string,
  logger: Logger,
  /** The thread's tree follower recorded a ledger mismatch: freeze this thread's money movements at once. */
  onLedgerMismatch: () => void = () => {},
): Promise<() => Promise<void>> {
  let stopping = false;
  let current: Worker | null = null;
  let exited: Promise<void> = Promise.resolve();
  const start = async () => {
    const data: ThreadData = { role: 'projections', databaseUrl };
    const worker = new Worker(entry, { workerData: data });
    current = worker;
    let running: () => void = () => {};
    let failed: (error: Error) => void = () => {};
    const ready = new Promise<void>((resolve, reject) => {
      running = resolve;
      failed = reject;
    });
    worker.on('message', (message: unknown) => {
      if (message === 'running') running();
      if (message === 'ledger-mismatch') onLedgerMismatch();
    });
    worker.on('error', (error) => {
      logger.error({ err: error.message }, 'projection thread failed');
      failed(error);
    });
    exited = new Promise<void>((resolve) =>
      worker.once('exit', (code) => {
        if (current === worker) current = null;
        resolve();
        if (!stopping) {
          logger.error({ code }, 'projection thread exited: starting it again');
          setTimeout(() => {
            if (!stopping) start().catch(() => {});
          }, RESTART_AFTER_MS).unref();
        }
      }),
    );
    await ready;
  };
  await start();
  return async () => {
    stopping = true;
    const worker = current as Worker | null;
    if (!worker) return;
    worker.postMessage('stop');
    // Its services close their connections and locks; a thread that does not end in time is ended.
    const timeout = setTimeout(() => void worker.terminate(), 15_000);
    await exited;
    clearTimeout(timeout);
  };
}

/**
 * In the projection thread: runs the projections and returns true; anywhere else does nothing and returns
 * false. The caller (the process's entry) returns at once when this answers true.
 */
export function runProjectionThreadIfAsked(): boolean {
  const data = workerData as ThreadData | undefined;
  if (isMainThread || data?.role !== 'projections' || !parentPort) return false;
  const port = parentPort;
  void (async () => {
    const processConfig = loadConfig({ ...process.env, DATABASE_URL: data.databaseUrl });
    // The projections use a few connections at a time (a batch's transaction, the tree follower's, the
    // follow-ups'): a pool of ten keeps the process's total well within Postgres's max_connections.
    const config = {
      ...processConfig,
      DATABASE_POOL_SIZE: Math.min(processConfig.DATABASE_POOL_SIZE, THREAD_POOL_SIZE),
    };
    const logger = createLogger(config.LOG_LEVEL).child({ thread: 'projections' });
    const services = await startServices(config, logger, {
      databaseUrl: data.databaseUrl,
      runProjections: true,
      // The API's thread runs the scheduled jobs; the read models are this thread's only work.
      scheduledJobs: false,
    });
    port.on('message', (message: unknown) => {
      if (message !== 'stop') return;
      void services
        .stop()
        .catch((error: unknown) => logger.error({ err: String(error) }, 'projection thread stop failed'))
        .finally(() => {
          logger.info('projection thread stopped');
          // Its buffered lines out first; then, in a worker thread, process.exit ends the thread only.
          logger.flush(() => process.exit(0));
        });
    });
    // The freeze on a mismatch takes effect in the API's thread at once, as it does in one event loop (the
    // API would otherwise see it at its next read of the state row, within two seconds).
    services.deps.ledgerFreeze?.onTrip(() => port.postMessage('ledger-mismatch'));
    logger.info({ projections: services.deps.runner.names }, 'projection thread running');
    port.postMessage('running');
  })().catch((error: unknown) => {
    // Thrown to the API's thread as the worker's 'error' (it starts the thread again).
    setImmediate(() => {
      throw error;
    });
  });
  return true;
}
