import { Hono } from 'hono';
import { formatPosition } from '../../infra/eventStore/eventStore.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';

/** Liveness and readiness: event store, database, and each projection's checkpoint, lag and last error. */
export function healthRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/health', async (c) => {
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
      probe(() => deps.pool.query('SELECT 1')),
    ]);
    let projections: unknown[] = [];
    let projectionsHealthy = false;
    if (database.reachable && eventStore.reachable) {
      try {
        const statuses = await deps.runner.status();
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
        }));
        // A projection that keeps failing on an event makes the service unhealthy; a standby worker is fine.
        projectionsHealthy = statuses.every((s) => s.lastError === null);
      } catch {
        projectionsHealthy = false;
      }
    }
    const healthy = eventStore.reachable && database.reachable && projectionsHealthy;
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        status: healthy ? 'ok' : 'degraded',
        eventStore: { kind: deps.store.kind, ...eventStore },
        database,
        projections,
      },
      healthy ? 200 : 503,
    );
  });
  return app;
}
