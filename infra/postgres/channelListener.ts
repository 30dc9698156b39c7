import pg from 'pg';

/**
 * One LISTEN connection to one channel, kept open: reconnects half a second after it is lost. What a
 * process caches on the strength of the channel's announcements is only safe while the connection is live,
 * so the owner hears both edges: `onLive` once LISTEN is in place (anything cached before that instant may
 * have missed an announcement), `onLost` as soon as the connection is gone (forget what the channel guards).
 */
export class ChannelListener {
  private client: pg.Client | null = null;
  private closed = false;
  /** When the LISTEN took effect (ms since the epoch, a tick after); 0 while there is none. */
  liveSince = 0;
  /** The LISTEN connection's server process id while it is live (names this listener in acknowledgements). */
  backendPid = 0;

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    private readonly handlers: {
      onMessage: (payload: string) => void;
      onLive?: () => void;
      onLost?: () => void;
    },
    /**
     * Set as the connection's `application_name` once LISTEN is in place, so that others can count the live
     * listeners of a channel in `pg_stat_activity` (app/auth/sessionCache.ts does).
     */
    private readonly applicationName?: string,
  ) {}

  /** Opens the connection unless it is open or opening; idempotent. */
  start(): void {
    if (this.client || this.closed) return;
    const client = new pg.Client({ connectionString: this.databaseUrl, keepAlive: true });
    this.client = client;
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      this.liveSince = 0;
      this.backendPid = 0;
      this.handlers.onLost?.();
      client.end().catch(() => {});
      if (!this.closed) setTimeout(() => this.start(), 500).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.handlers.onMessage(message.payload ?? '');
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${this.channel}`))
      .then(() =>
        client.query<{ pid: number }>(
          this.applicationName
            ? {
                text: "SELECT pg_backend_pid() AS pid, set_config('application_name', $1, false)",
                values: [this.applicationName],
              }
            : 'SELECT pg_backend_pid() AS pid',
        ),
      )
      .then(({ rows }) => {
        if (this.client !== client) return;
        this.backendPid = rows[0]!.pid;
        this.liveSince = Date.now() + 1;
        this.handlers.onLive?.();
      })
      .catch(lost);
  }

  /**
   * Sends `payload` on this listener's channel through its own connection; false without a live one. Sent
   * from here, it follows everything this connection delivered before it.
   */
  async notify(payload: string): Promise<boolean> {
    const client = this.client;
    if (!client || this.liveSince === 0) return false;
    await client.query('SELECT pg_notify($1, $2)', [this.channel, payload]);
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    this.liveSince = 0;
    this.backendPid = 0;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
  }
}
