import { ChannelListener } from '../../infra/postgres/channelListener.ts';
import { KEY_DESTROYED_CHANNEL } from './personalDataKeys.table.ts';
import type { PersonalDataKeys } from './personalDataKeys.ts';
import { pseudonym } from './pseudonyms.ts';
import type { DataKey } from './sealing.ts';

/**
 * How long a process keeps a data key it unwrapped. Destruction reaches every process at once through
 * NOTIFY; this bound only matters while a process's LISTEN connection is down (it then also forgets every
 * key it holds, and reconnects), so a key destroyed elsewhere is never used for longer than this.
 */
const KEY_TTL_MS = 60_000;

type Cached = { key: DataKey | 'erased'; at: number; until: number };

/**
 * The data keys a process seals and opens personal fields with (docs/decisions/0014-crypto-shredding.md),
 * kept in memory so that the hot path (a transfer seals its description and two labels) and the
 * projections (which open every sealed field they read) do not unwrap a key per value. Only live keys and
 * the fact of erasure are cached; a destroy anywhere (PersonalDataKeys.destroy, in this process or
 * another) is announced with NOTIFY in the destroying transaction, and every ring forgets that key when
 * it commits (this process's at once).
 */
export class KeyRing {
  private readonly cache = new Map<string, Cached>();
  /** The LISTEN connection to the destroy announcements (none without a database URL). */
  private readonly listener: ChannelListener | null;
  private closed = false;
  /**
   * Counts the destroys heard. A key read while one was announced may predate it (the read's snapshot
   * began before the destroy committed): it is used for that one call and not kept.
   */
  private destroys = 0;

  constructor(
    readonly keys: PersonalDataKeys,
    private readonly pseudonymKey: Buffer,
    databaseUrl: string | null = null,
  ) {
    keys.onDestroy((subjectId) => this.forget(subjectId));
    this.listener =
      databaseUrl === null
        ? null
        : new ChannelListener(databaseUrl, KEY_DESTROYED_CHANNEL, {
            onMessage: (subjectId) => {
              if (subjectId) this.forget(subjectId);
            },
            // Whatever was destroyed while we were deaf must not stay usable: forget every live key.
            onLost: () => {
              this.destroys++;
              for (const [subjectId, cached] of this.cache)
                if (cached.key !== 'erased') this.cache.delete(subjectId);
            },
          });
  }

  /** The subject of what a person without an account wrote (a contact message), by their e-mail. */
  contactSubject(email: string): string {
    return `contact-${pseudonym(this.pseudonymKey, 'email', email.trim().toLowerCase())}`;
  }

  /** The subject's key for sealing, made the first time; throws PersonErasedError once they are erased. */
  async forSealing(subjectId: string): Promise<DataKey> {
    const hit = this.fresh(subjectId);
    if (hit && hit !== 'erased') return hit;
    this.startListening();
    const destroys = this.destroys;
    const key = await this.keys.forSubject(subjectId);
    if (destroys === this.destroys) this.remember(subjectId, key);
    return key;
  }

  /** The keys of these subjects for opening (`erased` once destroyed; absent when none was ever made). */
  async forOpening(subjectIds: Iterable<string>): Promise<Map<string, DataKey | 'erased'>> {
    const found = new Map<string, DataKey | 'erased'>();
    const missing: string[] = [];
    for (const subjectId of new Set(subjectIds)) {
      const hit = this.fresh(subjectId);
      if (hit) found.set(subjectId, hit);
      else missing.push(subjectId);
    }
    if (missing.length > 0) {
      this.startListening();
      const destroys = this.destroys;
      const keys = await this.keys.findMany(missing);
      for (const [subjectId, key] of keys) {
        if (destroys === this.destroys) this.remember(subjectId, key);
        found.set(subjectId, key);
      }
    }
    return found;
  }

  /**
   * Forgets a subject's key (a destroy was announced). Not remembered as erased from the announcement
   * alone: the destroying transaction may still roll back; the next use reads the table.
   */
  forget(subjectId: string): void {
    this.destroys++;
    this.cache.delete(subjectId);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.listener?.close();
    this.cache.clear();
  }

  private fresh(subjectId: string): DataKey | 'erased' | undefined {
    const cached = this.cache.get(subjectId);
    if (!cached) return undefined;
    // Erasure is final: an erased subject stays erased without asking again.
    if (cached.key === 'erased') return 'erased';
    // Without a live LISTEN connection (or for a key read before it was live) a destroy elsewhere might
    // not have reached us: such a key is read again.
    const liveSince = this.listener?.liveSince ?? 0;
    if (liveSince === 0 || cached.at < liveSince || Date.now() > cached.until) {
      this.cache.delete(subjectId);
      return undefined;
    }
    return cached.key;
  }

  private remember(subjectId: string, key: DataKey | 'erased'): void {
    if (this.closed) return;
    const now = Date.now();
    this.cache.set(subjectId, { key, at: now, until: now + KEY_TTL_MS });
  }

  private startListening(): void {
    if (!this.closed) this.listener?.start();
  }
}
