import type { Hono } from 'hono';
import { z } from 'zod';
import { exportLedger } from '../../app/audit/exportLedger.ts';
import { userStreams } from '../../app/audit/userStreams.ts';
import { openEvents } from '../../app/privacy/sealedEvents.ts';
import { LEDGER_ACCOUNT_PATTERN } from '../../domain/ledger/postings.ts';
import { isUserId } from '../../domain/shared/ids.ts';
import { ASSETS, type Asset } from '../../domain/shared/money.ts';
import { formatPosition, parsePosition } from '../../infra/eventStore/eventStore.ts';
import { eventHash } from '../../infra/eventStore/hashChain.ts';
import { EVENT_UPCASTERS, rawStore } from '../../infra/eventStore/upcasting.ts';
import {
  balanceAsOfPosition,
  balanceBefore,
  statementPage,
} from '../../projections/ledger/ledger.queries.ts';
import { transactionDetail } from '../../projections/ledger/transactionDetail.queries.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { pageLimit, queryBigint } from '../http/paging.ts';
import { HttpProblem } from '../http/problem.ts';
import { readModels } from '../http/readReplica.ts';
import { routerOf } from '../http/router.ts';
import { requireAdmin } from '../http/session.ts';
import { responds, validate } from '../http/validate.ts';
import {
  balanceAnswer,
  csvText,
  ndjsonText,
  projectionsAnswer,
  statementAnswer,
  streamAnswer,
  transactionDetailAnswer,
  userStreamsAnswer,
} from './audit.answers.ts';
import { checkPeriod, periodDate as date, streamExport } from './downloads.ts';

/**
 * The streams the audit opens by name. A uniqueness stream (`userEmail-…`, `userName-…`) is named by a
 * pseudonym, 64 hex characters (app/auth/uniqueStreams.ts); a log written before pseudonyms holds them
 * under the value in clear until it is rewritten, so those names still open.
 */
const STREAM =
  /^(user|account|payment|card|withdrawal|cryptoDeposit|approval|notificationReads|contactMessage|userPasskeys|userMail|signIn)-[A-Za-z0-9@._+-]{1,254}$|^(userEmail|userName)-(?:[0-9a-f]{64}|[A-Za-z0-9@._+-]{1,254})$|^settings-market$/;
const instant = z.iso
  .datetime({ error: 'Must be a time like 2026-01-31T12:00:00Z' })
  .transform((d) => new Date(d));
const account = z
  .string()
  .regex(LEDGER_ACCOUNT_PATTERN, 'Account must be like user:ab12cd34 or issuance:SAI');
const asset = z.enum(ASSETS);

const streamQuery = z.strictObject({
  fromRevision: queryBigint('fromRevision'),
  limit: pageLimit(500, 100),
});
const balanceQuery = z
  .strictObject({
    account,
    asset: asset.default('SAI'),
    at: instant.optional(),
    position: z.string().optional(),
  })
  .refine((q) => (q.at ? !q.position : !!q.position), 'Give either at (a time) or position (commit-prepare)');
const periodQuery = z.strictObject({
  account,
  asset: asset.default('SAI'),
  from: date,
  to: date,
  limit: pageLimit(1000, 500),
});
/** Transaction ids come from the log: a uuid, or a uuid with a suffix such as `:released`. */
const transactionParam = z.object({
  id: z.string().regex(/^[A-Za-z0-9:._-]{1,100}$/, 'Transaction not found'),
});
const exportQuery = z.strictObject({
  from: date,
  to: date,
  asset: asset.optional(),
  account: account.optional(),
  format: z.enum(['csv', 'jsonl']).default('csv'),
});

/** Admins audit and replay history; finance exports the journal. */
export function auditRoutes(deps: Deps) {
  return routerOf(deps, [streamAuditRoutes, ledgerQueryRoutes, transactionDetailRoute]);
}

/** A stream's events, and the streams of a user. */
function streamAuditRoutes(app: Hono<AppEnv>, deps: Deps) {
  /** A stream's events in order, with their metadata and hash chain, each hash recomputed. */
  app.get(
    '/audit/streams/:stream',
    responds(200, streamAnswer),
    validate('query', streamQuery),
    async (c) => {
      requireAdmin(c);
      const name = c.req.param('stream');
      if (!STREAM.test(name)) throw new HttpProblem(400, 'Not a stream name this audit can open');
      const { fromRevision, limit } = c.req.valid('query');
      // The hashes are recomputed over the events as stored (personal fields sealed: the hash covers the
      // envelopes), and the events shown as the app reads them (opened; "Erased user" once erased).
      const events = await rawStore(deps.store).readStream(name, {
        fromRevision,
        maxCount: limit + 1,
      });
      const stored = events.slice(0, limit);
      const page = EVENT_UPCASTERS.upcastAll(await openEvents(deps.privacy.ring, stored));
      return c.json({
        stream: name,
        events: page.map((e, i) => ({
          id: e.id,
          revision: Number(e.revision),
          position: formatPosition(e.position),
          time: e.recordedAt.toISOString(),
          type: e.type,
          data: e.data,
          actorId: e.metadata.actorId,
          correlationId: e.metadata.correlationId,
          causationId: e.metadata.causationId,
          idempotencyKey: e.metadata.idempotencyKey ?? null,
          prevHash: e.metadata.prevHash,
          hash: e.metadata.hash,
          hashValid: eventHash({ ...stored[i]!, prevHash: e.metadata.prevHash }) === e.metadata.hash,
        })),
        nextRevision: events.length > limit ? Number(page[page.length - 1]!.revision) + 1 : null,
      });
    },
  );

  /** The streams that hold a user's history, for the audit screen. */
  /** Capped at `limit` streams (oldest first per kind); `truncated` says when there were more. */
  app.get(
    '/audit/users/:userId',
    responds(200, userStreamsAnswer),
    validate('query', z.strictObject({ limit: pageLimit(500) })),
    async (c) => {
      requireAdmin(c);
      const userId = c.req.param('userId');
      if (!isUserId(userId)) throw new HttpProblem(404, 'User not found');
      const { limit } = c.req.valid('query');
      return c.json(await userStreams(deps.pool, userId, limit));
    },
  );
}

/** Balances, statements and the export of the journal; the projections' status. */
function ledgerQueryRoutes(app: Hono<AppEnv>, deps: Deps) {
  /** Balance of any account as of a time or a log position (equal to a replay up to there: tested). */
  app.get('/ledger/balance', responds(200, balanceAnswer), validate('query', balanceQuery), async (c) => {
    requireAdmin(c);
    const q = c.req.valid('query');
    if (q.position !== undefined) {
      const position = parsePosition(q.position);
      if (!position) throw new HttpProblem(400, 'Position must be like 1234-56 (commit-prepare)');
      return c.json({
        account: q.account,
        asset: q.asset,
        position: q.position,
        balance: await balanceAsOfPosition(readModels(c), q.account, q.asset, position),
      });
    }
    // "As of T" includes everything recorded at T: the balance before the next instant.
    const at = q.at!;
    const balance = await balanceBefore(readModels(c), q.account, q.asset, new Date(at.getTime() + 1));
    return c.json({ account: q.account, asset: q.asset, at: at.toISOString(), balance });
  });

  /** A statement with a running balance for [from, to). */
  app.get('/ledger/statement', responds(200, statementAnswer), validate('query', periodQuery), async (c) => {
    requireAdmin(c);
    const q = c.req.valid('query');
    checkPeriod(q.from, q.to);
    const [opening, closing, rows] = await Promise.all([
      balanceBefore(readModels(c), q.account, q.asset, q.from),
      balanceBefore(readModels(c), q.account, q.asset, q.to),
      statementPage(readModels(c), q.account, q.asset, q.from, q.to, null, q.limit),
    ]);
    return c.json({
      account: q.account,
      asset: q.asset,
      from: q.from.toISOString(),
      to: q.to.toISOString(),
      openingBalance: opening,
      closingBalance: closing,
      truncated: rows.length === q.limit,
      rows: rows.map((r) => ({
        position: `${r.position_commit}-${r.position_prepare}`,
        time: r.created_at.toISOString(),
        transactionId: r.transaction_id,
        type: r.kind,
        amount: r.amount,
        balanceAfter: r.balance_after,
        counterparty: r.counterparty,
        description: r.description,
      })),
    });
  });

  app.get(
    '/ledger/export',
    responds(200, csvText, { mediaType: 'text/csv' }),
    responds(200, ndjsonText, { mediaType: 'application/x-ndjson' }),
    validate('query', exportQuery),
    async (c) => {
      requireAdmin(c);
      const q = c.req.valid('query');
      checkPeriod(q.from, q.to);
      const name = `ledger-${q.from.toISOString().slice(0, 10)}-${q.to.toISOString().slice(0, 10)}.${q.format}`;
      return streamExport(
        c,
        exportLedger(deps.pool, { ...q, asset: q.asset as Asset | undefined }),
        name,
        q.format,
      );
    },
  );

  app.get('/projections', responds(200, projectionsAnswer), async (c) => {
    requireAdmin(c);
    const statuses = await deps.runner.status();
    return c.json(
      statuses.map((s) => ({ ...s, checkpoint: s.checkpoint ? formatPosition(s.checkpoint) : null })),
    );
  });
}

function transactionDetailRoute(app: Hono<AppEnv>, deps: Deps) {
  /** docs/product-rules.md rule 7: the transaction, the events behind it, and the balances before and after. */
  app.get(
    '/transactions/:id',
    responds(200, transactionDetailAnswer),
    validate('param', transactionParam),
    async (c) => {
      requireAdmin(c);
      const { id } = c.req.valid('param');
      const detail = await transactionDetail(readModels(c), id);
      if (!detail) throw new HttpProblem(404, 'Transaction not found');
      return c.json(detail);
    },
  );
}
