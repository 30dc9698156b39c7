import { Hono } from 'hono';
import { z } from 'zod';
import { findUserIdByEmail, loadUser } from '../../app/auth/users.service.ts';
import { ledgerAmountText } from '../../domain/shared/money.ts';
import { ledgerStats, userBalances } from '../../projections/ledger/ledger.queries.ts';
import { listUsers, userCounts } from '../../projections/users/users.queries.ts';
import { userAnswer } from '../auth/auth.schemas.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { userEmailSchema } from '../http/ids.ts';
import { limited } from '../http/limits.ts';
import { pageLimit, queryInteger } from '../http/paging.ts';
import { HttpProblem } from '../http/problem.ts';
import { readModels } from '../http/readReplica.ts';
import { requireAdmin, requireUser } from '../http/session.ts';
import { responds, validate } from '../http/validate.ts';

const byEmailQuery = z.strictObject({
  email: userEmailSchema,
});
const listQuery = z.strictObject({
  q: z.string().trim().max(100).optional(),
  limit: pageLimit(500, 100),
  offset: queryInteger('offset', 0, 1_000_000, 0),
});

const recipientAnswer = z.object({ id: z.string(), email: z.string(), username: z.string() });
const userListAnswer = z.object({
  total: z.number().int(),
  users: z.array(
    // A row is the user as the client sees them, cut to what the admin's list shows.
    userAnswer.pick({
      id: true,
      username: true,
      email: true,
      firstName: true,
      lastName: true,
      isAdmin: true,
      status: true,
      balance: true,
      createdAt: true,
    }),
  ),
});
const trendAnswer = z.number().nullable().describe('Week over week, percent; null when nothing to compare');
const statsAnswer = z.object({
  totalUsers: z.number().int(),
  tokensInCirculation: z.string().describe('SAI the users hold: issued minus conversion fees'),
  feesCollected: z.string().describe('Conversion fees collected (fees:SAI), SAI'),
  transactionsLast24h: z.number().int(),
  trends: z.object({ users: trendAnswer, tokens: trendAnswer, transactions: trendAnswer }),
});

/** Percentage change from `before` to `now`, one decimal; null when there is nothing to compare with. */
export function trend(now: number, before: number): number | null {
  if (before === 0) return now === 0 ? 0 : null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

export function usersRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  /** Recipient lookup for sending: only what a sender needs, rate-limited against enumeration. */
  app.get('/by-email', responds(200, recipientAnswer), validate('query', byEmailQuery), async (c) => {
    const session = requireUser(c);
    await limited(deps, 'lookup', session.userId);
    const userId = await findUserIdByEmail(deps, c.req.valid('query').email);
    const user = userId ? await loadUser(deps, userId) : null;
    if (!user) throw new HttpProblem(404, 'Recipient not found');
    return c.json({ id: user.userId, email: user.email, username: user.username });
  });

  app.get('/', responds(200, userListAnswer), validate('query', listQuery), async (c) => {
    requireAdmin(c);
    const query = c.req.valid('query');
    const page = await listUsers(readModels(c), query);
    const balances = await userBalances(
      readModels(c),
      page.users.map((u) => u.id),
    );
    return c.json({
      total: page.total,
      users: page.users.map((u) => ({
        id: u.id,
        username: u.username,
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        isAdmin: u.isAdmin,
        status: u.status,
        balance: ledgerAmountText(balances.get(u.id) ?? '0', 'SAI'),
        createdAt: u.createdAt,
      })),
    });
  });

  return app;
}

export function adminRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/stats', responds(200, statsAnswer), async (c) => {
    requireAdmin(c);
    const now = deps.now();
    const [counts, ledger] = await Promise.all([
      userCounts(readModels(c), now),
      ledgerStats(readModels(c), now),
    ]);
    const circulation = Number(ledger.tokensInCirculation);
    return c.json({
      totalUsers: counts.total,
      tokensInCirculation: ledgerAmountText(ledger.tokensInCirculation, 'SAI'),
      feesCollected: ledgerAmountText(ledger.feesCollected, 'SAI'),
      transactionsLast24h: ledger.transactionsLast24h,
      // Week over week: new users, circulation growth, and transactions (docs/product-rules.md rule 9).
      trends: {
        users: trend(counts.lastWeek, counts.weekBefore),
        tokens: trend(
          circulation - Number(ledger.circulationWeekAgo),
          Number(ledger.circulationWeekAgo) - Number(ledger.circulationTwoWeeksAgo),
        ),
        transactions: trend(ledger.transactionsThisWeek, ledger.transactionsLastWeek),
      },
    });
  });
  return app;
}
