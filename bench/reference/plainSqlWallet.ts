import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type pg from 'pg';
import { z } from 'zod';

/**
 * The bench's reference for the write path: a wallet done the conventional way, state in rows and not in
 * a log. A transfer is ONE SQL transaction: a conditional debit (the balance check and the update in one
 * statement), the credit, and two history rows. Behind the same HTTP stack as the product (Hono on
 * @hono/node-server, a zod-validated JSON body, a pg Pool of the product's default size), against the same
 * Postgres. It does less per request than the product on purpose, as such wallets do: no session, no CSRF
 * check, no idempotency key, no hash chain, no read models, no audit. It authenticates nothing: `from` is
 * whoever the body says. A bench fixture, never a product.
 */

/** SAI's ledger decimals: amounts are integer minor units inside, decimal strings at the edge. */
const DECIMALS = 2;
/** A positive decimal with at most two decimals and sixteen integer digits; more decimals are refused. */
const AMOUNT = /^(\d{1,16})(?:\.(\d{1,2}))?$/;

/** Parses a decimal string exactly to minor units (never through a float); null when malformed or zero. */
export function parseUnits(text: string): bigint | null {
  const match = AMOUNT.exec(text);
  if (!match) return null;
  const units = BigInt(match[1]! + (match[2] ?? '').padEnd(DECIMALS, '0'));
  return units > 0n ? units : null;
}

export const REFERENCE_SCHEMA = `
CREATE TABLE IF NOT EXISTS ref_accounts (
  user_id text PRIMARY KEY,
  balance bigint NOT NULL CHECK (balance >= 0)
);
CREATE TABLE IF NOT EXISTS ref_history (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL,
  counterparty text NOT NULL,
  amount bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Each user's history, newest first: what a wallet's history page reads.
CREATE INDEX IF NOT EXISTS ref_history_user ON ref_history (user_id, id);
`;

export async function createReferenceSchema(pool: pg.Pool) {
  await pool.query(REFERENCE_SCHEMA);
}

/** Opens (or resets) an account per user with `units` each, and no history. */
export async function seedReferenceAccounts(pool: pg.Pool, userIds: readonly string[], units: bigint) {
  await createReferenceSchema(pool);
  await pool.query('TRUNCATE ref_accounts, ref_history');
  await pool.query('INSERT INTO ref_accounts (user_id, balance) SELECT unnest($1::text[]), $2::bigint', [
    userIds,
    units.toString(),
  ]);
}

/** The totals a run is checked by: the money in the accounts, and the history rows. */
export async function referenceTotals(pool: pg.Pool) {
  const { rows } = await pool.query<{ balance: string; history: string; net: string }>(
    `SELECT (SELECT coalesce(sum(balance), 0)::text FROM ref_accounts) AS balance,
            (SELECT count(*)::text FROM ref_history) AS history,
            (SELECT coalesce(sum(amount), 0)::text FROM ref_history) AS net`,
  );
  return {
    balance: BigInt(rows[0]!.balance),
    historyRows: Number(rows[0]!.history),
    net: BigInt(rows[0]!.net),
  };
}

const problem = (status: number, detail: string) => ({
  type: 'about:blank',
  title: status === 422 ? 'Unprocessable Content' : status === 404 ? 'Not Found' : 'Bad Request',
  status,
  detail,
});

const transferBody = z.object({
  from: z.string().min(1).max(64),
  to: z.string().min(1).max(64),
  amount: z.string().max(32),
});

class Refused extends Error {
  constructor(
    readonly status: 404 | 422,
    message: string,
  ) {
    super(message);
  }
}

/** The reference's HTTP app: `POST /transfer {from, to, amount}` and `GET /livez`. */
export function createReferenceApp(pool: pg.Pool) {
  const app = new Hono();
  app.get('/livez', (c) => c.text('ok'));
  app.post(
    '/transfer',
    zValidator('json', transferBody, (result, c) => {
      if (!result.success)
        return c.json(problem(400, 'from, to and amount (a decimal string) are required'), 400);
    }),
    async (c) => {
      const { from, to, amount } = c.req.valid('json');
      const units = parseUnits(amount);
      if (units === null)
        return c.json(problem(400, 'amount must be a positive decimal with at most two decimals'), 400);
      if (from === to) return c.json(problem(400, 'from and to must differ'), 400);
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        // The two accounts' rows are locked in key order, so that A→B and B→A never deadlock.
        for (const step of from < to ? (['debit', 'credit'] as const) : (['credit', 'debit'] as const)) {
          if (step === 'debit') {
            const debited = await client.query(
              'UPDATE ref_accounts SET balance = balance - $1 WHERE user_id = $2 AND balance >= $1',
              [units.toString(), from],
            );
            if (debited.rowCount === 1) continue;
            const sender = await client.query('SELECT 1 FROM ref_accounts WHERE user_id = $1', [from]);
            throw sender.rowCount === 1
              ? new Refused(422, 'insufficient funds')
              : new Refused(404, 'no such sender');
          }
          const credited = await client.query(
            'UPDATE ref_accounts SET balance = balance + $1 WHERE user_id = $2',
            [units.toString(), to],
          );
          if (credited.rowCount !== 1) throw new Refused(404, 'no such receiver');
        }
        await client.query(
          'INSERT INTO ref_history (user_id, counterparty, amount) VALUES ($1, $2, $3), ($2, $1, $4)',
          [from, to, (-units).toString(), units.toString()],
        );
        await client.query('COMMIT');
        return c.json({ from, to, amount }, 201);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        if (error instanceof Refused) return c.json(problem(error.status, error.message), error.status);
        throw error;
      } finally {
        client.release();
      }
    },
  );
  return app;
}
