import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../testing/testDb.ts';
import { createReferenceApp, parseUnits, referenceTotals, seedReferenceAccounts } from './plainSqlWallet.ts';

/** The bench's plain-SQL reference does the transfer it claims to: exact, conditional, conserving. */
describe('plain-SQL reference wallet', () => {
  const db = setUpTestDatabase('ref');
  let app: ReturnType<typeof createReferenceApp>;
  const transfer = (from: string, to: string, amount: unknown) =>
    app.request('/transfer', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from, to, amount }),
    });
  const balances = async () =>
    Object.fromEntries(
      (
        await db.pool.query<{ user_id: string; balance: string }>(
          'SELECT user_id, balance::text FROM ref_accounts',
        )
      ).rows.map((r) => [r.user_id, r.balance]),
    );
  beforeAll(async () => {
    app = createReferenceApp(db.pool);
  });

  it('parses amounts exactly to minor units and refuses what it cannot', () => {
    expect(parseUnits('0.01')).toBe(1n);
    expect(parseUnits('12.5')).toBe(1250n);
    expect(parseUnits('9007199254740993.99')).toBe(900719925474099399n);
    for (const bad of ['0.001', '0', '0.00', '-1', '1e2', '1.', '.5', ' 1', ''])
      expect(parseUnits(bad), bad).toBeNull();
  });

  it('moves money in one transaction with two history rows, and refuses short funds with a 422', async () => {
    await seedReferenceAccounts(db.pool, ['a', 'b'], 100n);
    expect((await transfer('a', 'b', '0.75')).status).toBe(201);
    expect(await balances()).toEqual({ a: '25', b: '175' });
    const short = await transfer('a', 'b', '0.26');
    expect(short.status).toBe(422);
    expect(await short.json()).toMatchObject({ status: 422, detail: 'insufficient funds' });
    expect(await balances()).toEqual({ a: '25', b: '175' });
    expect((await transfer('a', 'nobody', '0.01')).status).toBe(404);
    expect((await transfer('a', 'b', '0.001')).status).toBe(400);
    expect((await transfer('a', 'b', 1)).status).toBe(400);
    expect((await transfer('a', 'a', '0.01')).status).toBe(400);
    expect(await balances()).toEqual({ a: '25', b: '175' });
    const totals = await referenceTotals(db.pool);
    expect(totals).toEqual({ balance: 200n, historyRows: 2, net: 0n });
  });

  it('never deadlocks nor makes money when transfers cross between the same accounts', async () => {
    await seedReferenceAccounts(db.pool, ['x', 'y', 'z'], 1000n);
    const pairs = [
      ['x', 'y'],
      ['y', 'x'],
      ['y', 'z'],
      ['z', 'x'],
    ] as const;
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) => transfer(pairs[i % 4]![0], pairs[i % 4]![1], '1.00')),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 201 || s === 422)).toBe(true);
    const totals = await referenceTotals(db.pool);
    expect(totals.balance).toBe(3000n);
    expect(totals.net).toBe(0n);
    expect(totals.historyRows).toBe(2 * statuses.filter((s) => s === 201).length);
  });
});
