import type { AuditEvent } from '@/queries/audit.queries.ts';

/** The /admin/audit search params: whose history, which stream, and which page of it. */
export interface AuditSearch {
  user?: string;
  stream?: string;
  /** The first revision shown. */
  from?: number;
  /** Events per page. */
  limit?: number;
}

export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_MAX_PAGE_SIZE = 100;

const USER_ID = /^[0-9a-z]{7,8}$/;
// The API checks the stream name against its own list; this only keeps junk out of the URL.
const STREAM_NAME = /^[A-Za-z]{1,40}-[A-Za-z0-9@._+-]{1,254}$/;

function wholeNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : undefined;
}

/** Read leniently, like the history's filters: anything malformed is dropped, not an error. */
export function readAuditSearch(search: Record<string, unknown>): AuditSearch {
  const result: AuditSearch = {};
  if (typeof search.user === 'string' && USER_ID.test(search.user)) result.user = search.user;
  if (result.user && typeof search.stream === 'string' && STREAM_NAME.test(search.stream)) {
    result.stream = search.stream;
    const from = wholeNumber(search.from);
    if (from) result.from = from;
    const limit = wholeNumber(search.limit);
    if (limit && limit <= AUDIT_MAX_PAGE_SIZE) result.limit = limit;
  }
  return result;
}

const CATEGORY_LABELS: Record<string, string> = {
  user: 'Profile',
  account: 'Account',
  card: 'Card',
  notificationReads: 'Notifications read',
  payment: 'Payment proof',
  withdrawal: 'Withdrawal',
  cryptoDeposit: 'Crypto deposit',
  userPasskeys: 'Passkeys',
  userMail: 'Mail sent',
};

/** "account-ab12cd34" → { label: "Account", id: "ab12cd34" }. */
export function describeStream(stream: string): { label: string; id: string } {
  const dash = stream.indexOf('-');
  const category = dash > 0 ? stream.slice(0, dash) : stream;
  return { label: CATEGORY_LABELS[category] ?? category, id: dash > 0 ? stream.slice(dash + 1) : '' };
}

/**
 * How an event hangs on the one before it:
 * - first: revision 0, with no previous hash (the start of the chain);
 * - linked: its previous hash is the previous event's hash;
 * - broken: it names another hash, or the previous revision is missing;
 * - unknown: the previous event was not available to compare with.
 */
export type ChainLink = 'first' | 'linked' | 'broken' | 'unknown';

/** Checks each event of a page against the one before it; `anchorHash` is the hash preceding the page. */
export function chainLinks(events: readonly AuditEvent[], anchorHash?: string | null): ChainLink[] {
  return events.map((event, index) => {
    if (event.revision === 0) return event.prevHash === null ? 'first' : 'broken';
    const previous = events[index - 1];
    if (previous) {
      if (previous.revision !== event.revision - 1) return 'broken';
      return event.prevHash === previous.hash ? 'linked' : 'broken';
    }
    if (anchorHash === undefined) return 'unknown';
    return event.prevHash === anchorHash ? 'linked' : 'broken';
  });
}

/** The first event whose content or link fails, or null when the page's chain is intact. */
export function firstBreak(events: readonly AuditEvent[], links: readonly ChainLink[]): AuditEvent | null {
  return events.find((event, index) => !event.hashValid || links[index] === 'broken') ?? null;
}

/** "2026-01-31T12:00:00.123Z" → "2026-01-31 12:00:00.123 UTC": exact, for an audit. */
export function auditTime(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(iso) ? `${iso.replace('T', ' ').slice(0, -1)} UTC` : iso;
}
