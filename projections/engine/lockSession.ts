import pg from 'pg';

/** An advisory lock held on the session: `lost` rejects if its connection dies; `release` unlocks it. */
export interface HeldLock {
  lost: Promise<never>;
  release(): Promise<void>;
}

interface Connection {
  client: pg.Client;
  /** The `lost` of each lock held on it. */
  holders: Set<(error: Error) => void>;
  /** The last query asked for: the next waits for it. */
  queue: Promise<unknown>;
}

/**
 * The one connection on which a runner's workers take and hold their session-level advisory locks (one per
 * projection). A standby worker tries again every second: on this same connection, not a new one per
 * attempt, and one connection per process instead of one per projection. Session locks need a session of
 * their own (a pooled connection would be handed to other work while held), hence a client outside the
 * pool. If it dies, every lock on it is lost at once (what a dead process means anyway): each holder's
 * `lost` rejects, and the next attempt opens a new connection.
 */
export class LockSession {
  private current: Connection | null = null;
  private opening: Promise<Connection> | null = null;

  constructor(private readonly databaseUrl: string) {}

  /** Takes the lock without waiting; null when another session holds it. */
  async tryLock(key: string): Promise<HeldLock | null> {
    const connection = await this.connection();
    const { rows } = await this.query<{ locked: boolean }>(
      connection,
      'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked',
      key,
    );
    if (this.current !== connection) throw new Error('projection lock connection closed');
    if (!rows[0]?.locked) return null;
    let lose: (error: Error) => void = () => {};
    const lost = new Promise<never>((_, reject) => {
      lose = reject;
    });
    lost.catch(() => {});
    connection.holders.add(lose);
    return {
      lost,
      release: async () => {
        if (!connection.holders.delete(lose)) return; // its connection is gone, and the lock with it
        try {
          await this.query(connection, 'SELECT pg_advisory_unlock(hashtextextended($1, 0))', key);
        } catch {
          // Not unlocked: close the session rather than keep a lock nobody works under.
          this.drop(connection, new Error(`could not release the advisory lock ${key}`));
        }
      },
    };
  }

  /** Ends the connection, and with it every lock on it (the runner stops its workers first). */
  async close(): Promise<void> {
    const connection = this.current ?? (await this.opening?.catch(() => null));
    if (connection) this.drop(connection, new Error('projection lock connection closed'));
  }

  /** One query at a time on the connection (the workers ask concurrently; pg no longer queues for them). */
  private query<R extends pg.QueryResultRow>(connection: Connection, text: string, key: string) {
    const result = connection.queue.then(() => connection.client.query<R>(text, [key]));
    connection.queue = result.catch(() => {});
    return result;
  }

  private async connection(): Promise<Connection> {
    if (this.current) return this.current;
    this.opening ??= this.open().finally(() => {
      this.opening = null;
    });
    return await this.opening;
  }

  private async open(): Promise<Connection> {
    const connection: Connection = {
      client: new pg.Client({ connectionString: this.databaseUrl }),
      holders: new Set(),
      queue: Promise.resolve(),
    };
    connection.client.on('error', (error) => this.drop(connection, error));
    connection.client.on('end', () => this.drop(connection, new Error('projection lock connection closed')));
    try {
      await connection.client.connect();
    } catch (error) {
      this.drop(connection, error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    this.current = connection;
    return connection;
  }

  /** Forgets a connection: its holders lose their locks, and it is closed (which releases them). */
  private drop(connection: Connection, error: Error): void {
    if (this.current === connection) this.current = null;
    connection.client.removeAllListeners('end');
    for (const lose of connection.holders) lose(error);
    connection.holders.clear();
    connection.client.end().catch(() => {});
  }
}
