import { createHash, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import client from 'prom-client';
import type { AppendResult, EventStore } from '../infra/eventStore/eventStore.ts';
import type { ProjectionRunner } from '../projections/engine/runner.ts';
import { ledgerStatus } from '../projections/ledgerTree/ledgerTree.queries.ts';

/**
 * Prometheus metrics (prom-client), one registry per app instance so tests can run several apps in a
 * process. Request rate and latency by route pattern, event-store append latency, projection lag (read
 * at scrape time), and the progress of any blue-green rebuild running (read from its shadow checkpoint).
 */
export interface Metrics {
  registry: client.Registry;
  httpRequests: client.Counter<'method' | 'route' | 'status'>;
  httpDuration: client.Histogram<'method' | 'route'>;
  appendDuration: client.Histogram<'outcome'>;
  /**
   * With READ_DATABASE_URL: the reads each source answered ('replica', or 'primary' with why: the
   * replica had not replayed the browser's last write in time, or could not be asked).
   */
  replicaReads: client.Counter<'source'>;
}

export function createMetrics(): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'sai_' });
  return {
    registry,
    httpRequests: new client.Counter({
      name: 'sai_http_requests_total',
      help: 'HTTP requests by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    httpDuration: new client.Histogram({
      name: 'sai_http_request_duration_seconds',
      help: 'HTTP request latency by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    appendDuration: new client.Histogram({
      name: 'sai_eventstore_append_duration_seconds',
      help: 'Event store append latency',
      labelNames: ['outcome'],
      buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
      registers: [registry],
    }),
    replicaReads: new client.Counter({
      name: 'sai_replica_reads_total',
      help: 'Reads of the read models by where they were answered (READ_DATABASE_URL)',
      labelNames: ['source'],
      registers: [registry],
    }),
  };
}

/**
 * Whether an Authorization header is `Bearer <METRICS_TOKEN>`: the scrape's credential, which also opens
 * /api/health's details. Compared as digests in constant time, so the answer's timing says nothing of the
 * token. Never true while no token is configured.
 */
export function hasMetricsToken(authorization: string | undefined, token: string | undefined): boolean {
  if (!token || authorization === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(authorization), digest(`Bearer ${token}`));
}

/** Wraps a store so every append is timed; everything else passes through. */
export function instrumentStore(store: EventStore, metrics: Metrics): EventStore {
  const append = store.append.bind(store);
  return Object.assign(Object.create(store) as EventStore, {
    async append(...args: Parameters<EventStore['append']>): Promise<AppendResult> {
      const end = metrics.appendDuration.startTimer();
      try {
        const result = await append(...args);
        end({ outcome: 'ok' });
        return result;
      } catch (error) {
        end({ outcome: 'error' });
        throw error;
      }
    },
  });
}

/** Gauges computed when scraped. */
export function registerScrapeGauges(metrics: Metrics, runner: ProjectionRunner, pool: pg.Pool): void {
  // The three projection gauges are collected one after another in the same scrape: they share one
  // status reading rather than asking the database three times.
  let reading: { at: number; statuses: ReturnType<ProjectionRunner['status']> } | null = null;
  const statuses = () => {
    if (!reading || Date.now() - reading.at > 1_000) {
      reading = { at: Date.now(), statuses: runner.status() };
      reading.statuses.catch(() => {
        reading = null;
      });
    }
    return reading.statuses;
  };
  new client.Gauge({
    name: 'sai_projection_lag_events',
    help: 'Events in the log a projection has not processed yet (capped at 1000)',
    labelNames: ['projection'],
    registers: [metrics.registry],
    async collect() {
      for (const s of await statuses()) this.set({ projection: s.name }, s.lagEvents);
    },
  });
  new client.Gauge({
    name: 'sai_projection_lag_seconds',
    help: 'Age of the oldest event a projection has not processed yet',
    labelNames: ['projection'],
    registers: [metrics.registry],
    async collect() {
      for (const s of await statuses()) this.set({ projection: s.name }, s.lagMs / 1000);
    },
  });
  new client.Gauge({
    name: 'sai_projection_errors',
    help: '1 while a projection keeps failing on an event (the message: admin projections screen)',
    labelNames: ['projection'],
    registers: [metrics.registry],
    async collect() {
      for (const s of await statuses()) this.set({ projection: s.name }, s.lastError ? 1 : 0);
    },
  });
  new client.Gauge({
    name: 'sai_projection_rebuild_events_processed',
    help: 'Events processed by a blue-green rebuild in progress',
    labelNames: ['projection'],
    registers: [metrics.registry],
    async collect() {
      this.reset();
      const { rows } = await pool.query<{ nspname: string }>(
        `SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rebuild\\_%'`,
      );
      for (const { nspname } of rows) {
        const progress = await pool
          .query<{ name: string; n: string }>(
            `SELECT name, events_processed::text AS n FROM "${nspname}".projection_checkpoints`,
          )
          .catch(() => ({ rows: [] as { name: string; n: string }[] }));
        for (const r of progress.rows) this.set({ projection: r.name }, Number(r.n));
      }
    },
  });
}

/**
 * The log commitment's continuous verification (projections/ledgerTree/), read from its state row when
 * scraped, so that every process shows it, whichever one leads the tree follower (the projection worker
 * serves no /metrics).
 */
export function registerLedgerGauges(metrics: Metrics, pool: pg.Pool): void {
  let reading: { at: number; status: ReturnType<typeof ledgerStatus> } | null = null;
  const status = () => {
    if (!reading || Date.now() - reading.at > 1_000) {
      reading = { at: Date.now(), status: ledgerStatus(pool) };
      reading.status.catch(() => {
        reading = null;
      });
    }
    return reading.status;
  };
  new client.Gauge({
    name: 'sai_ledger_verified_position',
    help: 'Leaves of the log commitment (events, in log order) that continuous verification has checked',
    registers: [metrics.registry],
    async collect() {
      this.set(Number((await status()).verifiedPosition));
    },
  });
  new client.Counter({
    name: 'sai_ledger_mismatches_total',
    help: 'Mismatches continuous verification found (a changed event, a broken chain, conservation, the stored tree)',
    registers: [metrics.registry],
    async collect() {
      this.reset();
      this.inc((await status()).mismatches);
    },
  });
}
