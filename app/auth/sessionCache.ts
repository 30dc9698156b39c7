import { randomBytes } from 'node:crypto';
import { Batcher } from '../../infra/batcher.ts';
import { ChannelListener } from '../../infra/postgres/channelListener.ts';
import type { Pool } from '../../infra/postgres/pool.ts';
import { LastSeenRecorder } from './lastSeen.ts';
import { type SessionRow, sessionRowsByIds } from './sessions.table.ts';

/**
 * Announced by the `sessions` table's triggers (migrations/1764201600010_session-changes.sql, narrowed by
 * 1764201600012_session-devices.sql: an update that moves only `last_seen_at` or the device columns, which
 * this cache does not read, announces nothing).
 */
export const SESSION_CHANGED_CHANNEL = 'sai_session_changed';
/** The `application_name` of every live session-cache listener (see `SessionCache.propagated`). */
export const SESSION_CACHE_APPLICATION = 'sai-session-cache';

/**
 * How long a process answers a session's check from memory at most. Changes reach every process at once
 * through NOTIFY; this bound only matters while a process's LISTEN connection is down, and then nothing is
 * answered from memory at all. It caps what a lost announcement could cost.
 */
const SESSION_TTL_MS = 60_000;
/** Sessions kept at most (oldest out first): about 10 MB. */
const CAPACITY = 50_000;

/**
 * Concurrent requests' session checks share one query (group reads, see infra/batcher.ts); each is issued
 * after its request arrived, so a revocation committed before is seen.
 */
const lookups = new WeakMap<Pool, Batcher<string, SessionRow | undefined>>();
function sessionLookups(db: Pool): Batcher<string, SessionRow | undefined> {
  let batcher = lookups.get(db);
  if (!batcher) {
    batcher = new Batcher<string, SessionRow | undefined>(
      async (ids) => {
        const rows = await sessionRowsByIds(db, ids);
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
  /** Propagations this process waits for: the listeners' pids that acknowledged each token so far. */
  private readonly syncs = new Map<string, { acked: Set<number>; check: () => void }>();
  /** Checks answered from memory (the tests read it). */
  readonly stats = { memory: 0, unacknowledged: 0 };
  /** The sessions' "last seen", written in batches off the request path (lastSeen.ts). */
  readonly lastSeen: LastSeenRecorder;

  constructor(
    private readonly db: Pool,
    databaseUrl: string,
  ) {
    this.listener = new ChannelListener(
      databaseUrl,
      SESSION_CHANGED_CHANNEL,
      {
        onMessage: (payload) => this.hear(payload),
        // Whatever changed while we were deaf must not be answered from memory.
        onLost: () => this.forgetAll(),
      },
      SESSION_CACHE_APPLICATION,
    );
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
   * Resolves once every process that may answer sessions from memory has forgotten what changed before this
   * call (a revoker calls it after its change committed, before it answers: logout, password change,
   * suspension). Not a guess about timing: the live listeners are counted in `pg_stat_activity` (their
   * connections carry `SESSION_CACHE_APPLICATION` once LISTEN is in place) in the statement that sends a
   * `sync:<token>` on the channel, and each listener acknowledges it (`ack:<token>:<pid>`) when its event
   * loop reaches it, which is after the change's own announcement, since one connection delivers in commit
   * order. A listener that has not acknowledged within `timeoutMs` (a process stuck or dying: its LISTEN
   * connection drops, and with it everything it kept) is not waited for longer; `stats.unacknowledged`
   * counts those. Without a live LISTEN connection here nothing is kept here, but others are still waited
   * for.
   */
  async propagated(timeoutMs = 2_000): Promise<void> {
    const token = randomBytes(9).toString('base64url');
    let check = () => {};
    const sync = { acked: new Set<number>(), check: () => check() };
    this.syncs.set(token, sync);
    try {
      const { rows } = await this.db.query<{ pids: number[] }>(
        `SELECT array(SELECT pid FROM pg_stat_activity
                       WHERE datname = current_database() AND application_name = $3) AS pids,
                pg_notify($1, $2)`,
        [SESSION_CHANGED_CHANNEL, `sync:${token}`, SESSION_CACHE_APPLICATION],
      );
      const listeners = rows[0]!.pids;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.stats.unacknowledged += listeners.filter((pid) => !sync.acked.has(pid)).length;
          resolve();
        }, timeoutMs);
        check = () => {
          if (listeners.every((pid) => sync.acked.has(pid))) {
            clearTimeout(timer);
            resolve();
          }
        };
        check();
      });
    } finally {
      this.syncs.delete(token);
    }
  }

  /** One message on the channel: a session's id, `*` (all), or a propagation's sync or acknowledgement. */
  private hear(payload: string): void {
    if (payload.startsWith('sync:')) {
      // Everything announced before this sync was handled above, in order: acknowledge it.
      const pid = this.listener.backendPid;
      if (pid) this.listener.notify(`ack:${payload.slice(5)}:${pid}`).catch(() => {});
    } else if (payload.startsWith('ack:')) {
      const [, token, pid] = payload.split(':');
      const sync = this.syncs.get(token ?? '');
      if (sync) {
        sync.acked.add(Number(pid));
        sync.check();
      }
    } else if (payload === '*') this.forgetAll();
    else this.forget([payload]);
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

const caches = new WeakMap<Pool, SessionCache>();

/** Turns the session cache on for the sessions read through this pool (the API's composition root does). */
export function startSessionCache(db: Pool, databaseUrl: string): SessionCache {
  const existing = caches.get(db);
  if (existing) return existing;
  const cache = new SessionCache(db, databaseUrl);
  caches.set(db, cache);
  return cache;
}

export async function stopSessionCache(db: Pool): Promise<void> {
  const cache = caches.get(db);
  caches.delete(db);
  await cache?.close();
}

export function sessionCacheOf(db: Pool): SessionCache | undefined {
  return caches.get(db);
}

/** A session's row: from this pool's cache when it has one and holds it, else from the database. */
export function sessionRow(db: Pool, sessionId: string): Promise<SessionRow | undefined> {
  return caches.get(db)?.get(sessionId) ?? sessionLookups(db).submit(sessionId);
}
