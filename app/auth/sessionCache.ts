import type pg from 'pg';
import { Batcher } from '../../infra/batcher.ts';
import { ChannelListener } from '../../infra/postgres/channelListener.ts';
import { LastSeenRecorder } from './lastSeen.ts';

/**
 * Announced by the `sessions` table's triggers (migrations/1764201600010_session-changes.sql, narrowed by
 * 1764201600012_session-devices.sql: an update that moves only `last_seen_at` or the device columns, which
 * this cache does not read, announces nothing).
 */
export const SESSION_CHANGED_CHANNEL = 'sai_session_changed';

/**
 * How long a process answers a session's check from memory at most. Changes reach every process at once
 * through NOTIFY; this bound only matters while a process's LISTEN connection is down, and then nothing is
 * answered from memory at all. It caps what a lost announcement could cost.
 */
const SESSION_TTL_MS = 60_000;
/** Sessions kept at most (oldest out first): about 10 MB. */
const CAPACITY = 50_000;

export interface SessionRow {
  user_id: string;
  is_admin: boolean;
  remember: boolean;
  revoked_at: Date | null;
  idle_expires_at: Date;
  absolute_expires_at: Date;
}

/**
 * Concurrent requests' session checks share one query (group reads, see infra/batcher.ts); each is issued
 * after its request arrived, so a revocation committed before is seen.
 */
const lookups = new WeakMap<pg.Pool, Batcher<string, SessionRow | undefined>>();
function sessionLookups(db: pg.Pool): Batcher<string, SessionRow | undefined> {
  let batcher = lookups.get(db);
  if (!batcher) {
    batcher = new Batcher<string, SessionRow | undefined>(
      async (ids) => {
        const { rows } = await db.query<SessionRow & { id: string }>({
          name: 'session-lookup',
          text: `SELECT id, user_id, is_admin, remember, revoked_at, idle_expires_at, absolute_expires_at
             FROM sessions WHERE id = ANY($1::text[])`,
          values: [ids],
        });
        const byId = new Map<string, SessionRow>(rows.map((row) => [row.id, row]));
        return ids.map((id) => byId.get(id));
      },
      { maxInFlight: 1, maxBatch: 256 },
    );
    lookups.set(db, batcher);
  }
  return batcher;
}

/**
 * The sessions a process checked lately, kept in memory so that a signed-in read costs no query for its
 * session (docs/architecture/security.md). Every change to a session row (revocation, renewal, deletion,
 * an operator's SQL) is announced by the table's trigger after it commits, and every process forgets that
 * session when it hears it; the revoking process forgets it before it answers. Only while the LISTEN
 * connection is live is anything answered from memory, and only what was read after it became live.
 */
export class SessionCache {
  private readonly cache = new Map<string, { row: SessionRow; at: number }>();
  private readonly listener: ChannelListener;
  /**
   * Counts the changes heard. A row read while one was announced may predate it (the read's snapshot began
   * before the change committed): it answers that one check and is not kept.
   */
  private changes = 0;
  private closed = false;
  /** Sessions whose announcement a revoker waits for (see `announced`), and when each was last heard. */
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly heard = new Map<string, number>();
  /** Checks answered from memory (the tests read it). */
  readonly stats = { memory: 0 };
  /** The sessions' "last seen", written in batches off the request path (lastSeen.ts). */
  readonly lastSeen: LastSeenRecorder;

  constructor(
    private readonly db: pg.Pool,
    databaseUrl: string,
  ) {
    this.listener = new ChannelListener(databaseUrl, SESSION_CHANGED_CHANNEL, {
      onMessage: (sessionId) => {
        if (sessionId === '*') this.forgetAll();
        else this.forget([sessionId]);
        this.hear(sessionId);
      },
      // Whatever changed while we were deaf must not be answered from memory.
      onLost: () => this.forgetAll(),
    });
    this.listener.start();
    this.lastSeen = new LastSeenRecorder(db);
    this.lastSeen.start();
  }

  async get(sessionId: string): Promise<SessionRow | undefined> {
    const hit = this.cache.get(sessionId);
    if (hit) {
      const liveSince = this.listener.liveSince;
      if (liveSince !== 0 && hit.at >= liveSince && Date.now() - hit.at < SESSION_TTL_MS) {
        this.stats.memory++;
        return hit.row;
      }
      this.cache.delete(sessionId);
    }
    const changes = this.changes;
    const row = await sessionLookups(this.db).submit(sessionId);
    if (row && changes === this.changes && this.listener.liveSince !== 0 && !this.closed) {
      this.cache.set(sessionId, { row, at: Date.now() });
      if (this.cache.size > CAPACITY) this.cache.delete(this.cache.keys().next().value!);
    }
    return row;
  }

  forget(sessionIds: readonly string[]): void {
    this.changes++;
    for (const id of sessionIds) this.cache.delete(id);
  }

  /**
   * Resolves once this process has heard the change of every one of these sessions announced (bounded by
   * `timeoutMs`; at once without a live LISTEN connection). The announcement goes to every listening
   * process at the same commit, so a revoker that waits for its own copy before it answers (logout,
   * password change, suspension) answers once the others were told as well. Another process forgets the
   * session when its event loop reads that copy, within a millisecond or so of ours: a request the client
   * sends after the answer finds it gone (not a proof: the one strict bound is a query per request, which
   * is what this replaces; docs/architecture/security.md).
   */
  async announced(sessionIds: readonly string[], since: number, timeoutMs = 250): Promise<void> {
    if (this.listener.liveSince === 0 || sessionIds.length === 0) return;
    const pending = sessionIds.filter(
      (id) => (this.heard.get(id) ?? 0) < since && (this.heard.get('*') ?? 0) < since,
    );
    if (pending.length === 0) return;
    await new Promise<void>((resolve) => {
      let left = pending.length;
      const done: (() => void)[] = [];
      const timer = setTimeout(finish, timeoutMs);
      function finish() {
        clearTimeout(timer);
        for (const undo of done) undo();
        // After the I/O this turn of the event loop read: another listener's copy that arrived with ours.
        setImmediate(resolve);
      }
      for (const id of pending) {
        const waiter = () => {
          if (--left === 0) finish();
        };
        let set = this.waiters.get(id);
        if (!set) {
          set = new Set();
          this.waiters.set(id, set);
        }
        set.add(waiter);
        done.push(() => {
          set.delete(waiter);
          if (set.size === 0 && this.waiters.get(id) === set) this.waiters.delete(id);
        });
      }
    });
  }

  private hear(sessionId: string): void {
    const now = Date.now();
    this.heard.set(sessionId, now);
    // Kept for a few seconds only: long enough for a revoker that reads its result after the announcement.
    if (this.heard.size > 1_000)
      for (const [id, at] of this.heard) if (now - at > 5_000) this.heard.delete(id);
    if (sessionId === '*') for (const set of this.waiters.values()) for (const waiter of [...set]) waiter();
    else for (const waiter of [...(this.waiters.get(sessionId) ?? [])]) waiter();
  }

  private forgetAll(): void {
    this.changes++;
    this.cache.clear();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.forgetAll();
    await this.lastSeen.stop().catch(() => {});
    await this.listener.close();
  }
}

const caches = new WeakMap<pg.Pool, SessionCache>();

/** Turns the session cache on for the sessions read through this pool (the API's composition root does). */
export function startSessionCache(db: pg.Pool, databaseUrl: string): SessionCache {
  const existing = caches.get(db);
  if (existing) return existing;
  const cache = new SessionCache(db, databaseUrl);
  caches.set(db, cache);
  return cache;
}

export async function stopSessionCache(db: pg.Pool): Promise<void> {
  const cache = caches.get(db);
  caches.delete(db);
  await cache?.close();
}

export function sessionCacheOf(db: pg.Pool): SessionCache | undefined {
  return caches.get(db);
}

/** A session's row: from this pool's cache when it has one and holds it, else from the database. */
export function sessionRow(db: pg.Pool, sessionId: string): Promise<SessionRow | undefined> {
  return caches.get(db)?.get(sessionId) ?? sessionLookups(db).submit(sessionId);
}
