import { Hono } from 'hono';
import { z } from 'zod';
import { pingDatabase } from '../../app/maintenance/databasePing.ts';
import { formatPosition } from '../../infra/eventStore/eventStore.ts';
import { hasMetricsToken } from '../../runtime/metrics.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { problem } from '../http/problem.ts';
import { responds } from '../http/validate.ts';

/** The probes' paths: they answer whatever the Host (hostGuard), since orchestrators probe by address. */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/livez', '/readyz']);

/** How long /readyz waits for the database before it answers 503 (probes time out in a second or a few). */
export const READY_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `/livez`: the process is up and serving HTTP (no database). `/readyz`: the database and the event store
 * answer, so requests can be served. Both say only that, to anyone: they are mounted at the root, outside
 * the API's session and CSRF middleware, and are neither logged nor counted per request.
 */
export function probeRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/livez', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'live' });
  });
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (deps.lifecycle.draining) {
      return problem(c, 503, 'Not ready: this process is shutting down', { code: 'draining' });
    }
    try {
      await withTimeout(
        Promise.all([pingDatabase(deps.pool), deps.store.ping()]),
        READY_TIMEOUT_MS,
        'the database',
      );
      return c.json({ status: 'ready' });
    } catch (error) {
      deps.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'not ready');
      return problem(c, 503, 'Not ready: the database is not reachable', {
        code: 'not_ready',
        headers: { 'Retry-After': '5' },
      });
    }
  });
  return app;
}

/**
 * `/api/health`: 200 `{"status":"ok"}`, or 503 `{"status":"degraded"}` while the event store or the
 * database is unreachable, a projection keeps failing, or one is more than PROJECTION_LAG_DEGRADED_EVENTS
 * behind the log's head (each projection's `lagging` says which). The details (each store's reachability and error,
 * every projection's checkpoint, counts, lag and last error) go to an admin session or a caller with the
 * metrics token only: they map the system for a stranger. Loopback is not privileged here, unlike
 * /metrics without a token: a reverse proxy on the same machine makes every caller loopback.
 */
const healthAnswer = z
  .object({
    status: z.enum(['ok', 'degraded']).describe('503 with "degraded" while unhealthy'),
    eventStore: z.looseObject({ kind: z.string(), reachable: z.boolean() }).optional(),
    database: z.looseObject({ reachable: z.boolean() }).optional(),
    projections: z.array(z.looseObject({ name: z.string(), state: z.string() })).optional(),
  })
  .describe('The details (eventStore, database, projections) for an admin session or the metrics token only');

export function healthRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/health', responds(200, healthAnswer), async (c) => {
    const detailed =
      c.get('session')?.isAdmin === true ||
      hasMetricsToken(c.req.header('authorization'), deps.config.METRICS_TOKEN);
    const probe = async (work: () => Promise<unknown>) => {
      try {
        await work();
        return { reachable: true as const };
      } catch (error) {
        return { reachable: false as const, error: error instanceof Error ? error.message : String(error) };
      }
    };
    const [eventStore, database] = await Promise.all([
      probe(() => deps.store.ping()),
      probe(() => pingDatabase(deps.pool)),
    ]);
    let projections: unknown[] = [];
    let projectionsHealthy = false;
    if (database.reachable && eventStore.reachable) {
      try {
        // Lag is counted up to one past the limit: enough to tell "more than the limit behind".
        const limit = deps.config.PROJECTION_LAG_DEGRADED_EVENTS;
        const statuses = limit > 0 ? await deps.runner.status(limit + 1) : await deps.runner.status();
        const lagging = (lagEvents: number) => limit > 0 && lagEvents > limit;
        projections = statuses.map((s) => ({
          name: s.name,
          state: s.state,
          checkpoint: s.checkpoint ? formatPosition(s.checkpoint) : null,
          eventsProcessed: s.eventsProcessed,
          lagEvents: s.lagEvents,
          lagEventsCapped: s.lagEventsCapped,
          lagMs: s.lagMs,
          lastError: s.lastError,
          lastErrorAt: s.lastErrorAt,
          retryCount: s.retryCount,
          lagging: lagging(s.lagEvents),
        }));
        // A projection that keeps failing on an event, or is more than PROJECTION_LAG_DEGRADED_EVENTS behind,
        // makes the service unhealthy; a standby worker is fine.
        projectionsHealthy = statuses.every((s) => s.lastError === null && !lagging(s.lagEvents));
      } catch {
        projectionsHealthy = false;
      }
    }
    const healthy = eventStore.reachable && database.reachable && projectionsHealthy;
    const status = healthy ? 'ok' : 'degraded';
    c.header('Cache-Control', 'no-store');
    if (!detailed) return c.json({ status }, healthy ? 200 : 503);
    return c.json(
      { status, eventStore: { kind: deps.store.kind, ...eventStore }, database, projections },
      healthy ? 200 : 503,
    );
  });
  return app;
}
