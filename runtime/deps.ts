import type { AppContext } from '../app/context.ts';
import type { Pool } from '../infra/postgres/pool.ts';
import type { ProjectionRunner } from '../projections/engine/runner.ts';
import type { Config } from './config.ts';
import type { Metrics } from './metrics.ts';

/**
 * What a started process holds (`startServices`): the write side's context with the whole configuration,
 * and the process's own pieces beside it. The API adds its HTTP pieces on top (`api/deps.ts`).
 */
export interface RuntimeContext extends AppContext {
  config: Config;
  runner: ProjectionRunner;
  metrics: Metrics;
  /**
   * The pool of READ_DATABASE_URL (a replica endpoint), or null when reads go to `pool`. Only the read
   * models' queries of GET requests use it, through the request's `reads` (api/http/readReplica.ts).
   */
  replicaPool: Pool | null;
  /** Set when the process starts to stop: /readyz turns unready so that balancers stop sending work. */
  lifecycle: { draining: boolean };
}
