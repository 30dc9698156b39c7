import type { Logger } from 'pino';
import type { LogPosition } from '../../infra/eventStore/eventStore.ts';

export interface Session {
  sessionId: string;
  userId: string;
  isAdmin: boolean;
}

/** Hono context variables set by the middleware in app.ts. */
export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    session: Session | null;
    /** Set by a command handler: the log position it wrote, for read-your-writes. */
    wrotePosition: LogPosition | null;
    secure: boolean;
  };
}
