import { queryOptions } from '@tanstack/react-query';
import { type ApiResult, api } from '../lib/api.ts';
import { adminKeys } from './users.queries.ts';

/**
 * The admin audit (issue 6): a user's streams, a stream's events with their hash chain, and the
 * projections' checkpoints. Shapes follow api/audit/audit.routes.ts.
 */

/** `GET /api/admin/audit/users/:userId`: profile, account, card and notification streams, then one per
 * payment proof, withdrawal and crypto deposit. */
export interface AuditUserStreams {
  streams: string[];
  /** The API caps the list; true when the user has more streams than it returned. */
  truncated?: boolean;
}

/** One event of a stream as `GET /api/admin/audit/streams/:stream` returns it. */
export interface AuditEvent {
  id: string;
  /** 0-based place in its stream; consecutive, so pages are revision ranges. */
  revision: number;
  /** Place in the global log, "commit-prepare". */
  position: string;
  time: string;
  type: string;
  data: unknown;
  /** null: the system (start-up, follow-up workers). */
  actorId: string | null;
  correlationId: string;
  causationId: string | null;
  idempotencyKey: string | null;
  /** The hash of the stream's previous event; null for its first. */
  prevHash: string | null;
  hash: string;
  /** The server recomputed the hash from the stored content and it matched. */
  hashValid: boolean;
}

export interface AuditStreamPage {
  stream: string;
  events: AuditEvent[];
  /** Where the next page starts; null on the last page. */
  nextRevision: number | null;
}

/** A page plus the hash of the event just before it, so the first row's link can be checked too. */
export interface AuditPage extends AuditStreamPage {
  /** undefined on a stream's first page (nothing precedes revision 0), or when the anchor is missing. */
  anchorHash: string | null | undefined;
}

/**
 * `GET /api/admin/projections`: one row per projection this server runs. `state` is this server's worker:
 * running leads, standby waits while another server leads; `checkpoint` is the last log position it
 * processed ("commit-prepare", null before its first event); `lagEvents` counts the events after it, up to
 * a cap, and `lagMs` is the age of the oldest unprocessed one.
 */
export type ProjectionStatus = ApiResult<'get', '/api/admin/projections'>[number];
export type ProjectionState = ProjectionStatus['state'];

/** Projections are watched live: every 5 s while the screen is open. */
export const PROJECTIONS_REFRESH_MS = 5_000;

export const auditKeys = {
  all: [...adminKeys.all, 'audit'] as const,
  userStreams: (userId: string) => [...auditKeys.all, 'user', userId] as const,
  stream: (stream: string, from: number, limit: number) =>
    [...auditKeys.all, 'stream', stream, { from, limit }] as const,
  projections: () => [...adminKeys.all, 'projections'] as const,
};

export function auditUserStreamsQuery(userId: string) {
  return queryOptions({
    queryKey: auditKeys.userStreams(userId),
    queryFn: ({ signal }) =>
      api.get('/api/admin/audit/users/{userId}', {
        path: { userId },
        signal,
      }) satisfies Promise<AuditUserStreams>,
    staleTime: 30_000,
  });
}

/**
 * A page of `limit` events from revision `from`. Past the first page it also asks for the event just
 * before, only to compare its hash with the first row's previous hash.
 */
export function auditStreamQuery(stream: string, from: number, limit: number) {
  return queryOptions({
    queryKey: auditKeys.stream(stream, from, limit),
    queryFn: async ({ signal }): Promise<AuditPage> => {
      const extra = from > 0 ? 1 : 0;
      const search = new URLSearchParams({
        fromRevision: String(from - extra),
        limit: String(limit + extra),
      });
      const page = await (api.get('/api/admin/audit/streams/{stream}', {
        path: { stream },
        query: Object.fromEntries(search),
        signal,
      }) satisfies Promise<AuditStreamPage>);
      const first = page.events[0];
      const anchor = extra && first?.revision === from - 1 ? first : undefined;
      return {
        ...page,
        events: anchor ? page.events.slice(1) : page.events.filter((e) => e.revision >= from),
        anchorHash: anchor?.hash,
      };
    },
    // While the next page loads, the current one stays (dimmed), but never another stream's page.
    placeholderData: (previous) => (previous?.stream === stream ? previous : undefined),
    staleTime: 30_000,
  });
}

export const projectionsQuery = queryOptions({
  queryKey: auditKeys.projections(),
  queryFn: ({ signal }) =>
    api.get('/api/admin/projections', { signal }) satisfies Promise<ProjectionStatus[]>,
  refetchInterval: PROJECTIONS_REFRESH_MS,
});
