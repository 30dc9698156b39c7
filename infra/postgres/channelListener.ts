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

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    private readonly handlers: {
      onMessage: (payload: string) => void;
      onLive?: () => void;
      onLost?: () => void;
    },
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
      .then(() => {
        if (this.client !== client) return;
        this.liveSince = Date.now() + 1;
        this.handlers.onLive?.();
      })
      .catch(lost);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    this.liveSince = 0;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
  }
}
