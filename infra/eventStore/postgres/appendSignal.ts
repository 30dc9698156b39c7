import pg from 'pg';

const NOTIFY_CHANNEL = 'es_appended';

/**
 * Tells subscription loops that an append committed: at once in this process (a version number they
 * wait on), and across processes by NOTIFY, which one LISTEN connection per store turns into the same
 * wake-up.
 */
export class AppendSignal {
  private version = 0;
  private waiters = new Set<() => void>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;
  private notifyPending = false;
  connected = false;

  constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
  ) {}

  current(): number {
    return this.version;
  }

  bump(): void {
    this.version++;
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  /**
   * Tells subscribers that an append committed: at once in this process, and to other processes with one
   * NOTIFY per 5 ms at most, sent after the commit. Not inside the append transaction on purpose: a
   * transaction that has notified holds Postgres's database-wide notify lock through its commit, WAL flush
   * included, which serialises every appending commit and defeats group commit (measured in
   * BENCHMARKS.md). A NOTIFY lost to a crash only delays other processes until their next poll.
   */
  announce(): void {
    this.bump();
    if (this.notifyPending) return;
    this.notifyPending = true;
    // At most one NOTIFY per 5 ms: other processes learn of a burst of appends once, a few ms later.
    setTimeout(() => {
      this.notifyPending = false;
      this.pool.query(`SELECT pg_notify('${NOTIFY_CHANNEL}', '')`).catch(() => {});
    }, 5);
  }

  /** Resolves when the version moves past `seen`, or after `ms`. */
  async wait(seen: number, ms: number): Promise<void> {
    if (this.version !== seen || this.closed) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.waiters.add(done);
    });
  }

  ensureListening(): void {
    if (this.client || this.connecting || this.closed) return;
    this.connecting = this.connect().finally(() => {
      this.connecting = null;
    });
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      this.connected = false;
      client.end().catch(() => {});
      this.bump();
      if (!this.closed) setTimeout(() => this.ensureListening(), 500).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', () => this.bump());
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
      this.client = client;
      this.connected = true;
      // Anything committed while we were not listening must be looked at.
      this.bump();
    } catch {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      if (!this.closed) setTimeout(() => this.ensureListening(), 500).unref();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.bump();
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
    await this.connecting;
  }
}
