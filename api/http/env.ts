import type { Logger } from 'pino';
import type { UserId } from '../../domain/shared/ids.ts';
import type { LogPosition } from '../../infra/eventStore/eventStore.ts';
import type { Pool } from '../../infra/postgres/pool.ts';

export interface Session {
  sessionId: string;
  userId: UserId;
  isAdmin: boolean;
}

/** Hono context variables set by the middleware in app.ts. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /**
     * The process's logger. Each line a request writes names it (`reqId`) in its own fields: a child logger
     * per request cost every request its bindings' serialisation, logged or not (BENCHMARKS.md, stop 20).
     */
    logger: Logger;
    session: Session | null;
    /** Set by a command handler: the log position it wrote, for read-your-writes. */
    wrotePosition: LogPosition | null;
    secure: boolean;
    /** Where this request's read-model queries go (api/http/readReplica.ts): the replica or the primary. */
    reads: Pool;
  };
}
