import { describe, expect, it } from 'vitest';
import type { PostingRules } from '../../domain/ledger/postingRules.ts';
import { POSTING_RULES } from '../../domain/ledger/postingRules.ts';
import { type Posting, postingsOf } from '../../domain/ledger/postings.ts';
import { POSTING_SAMPLES } from '../../domain/ledger/testing.ts';
import { ASSET_DECIMALS, type Asset, scaledUnits } from '../../domain/shared/money.ts';
import { setUpTestDatabase } from '../../testing/testDb.ts';
import { compilePostings, POSTINGS_SQL, type PostingsSql, postingsSelect } from './postingsSql.ts';

/**
 * The compiled rules run in Postgres over a sample of every event type with a rule (each branch of a
 * choice, text with quotes and braces), beside events without one: each event's row must be the posting
 * postingsOf books for it, and the others must book none. bulk.int.test.ts holds the whole rebuild to the
 * TypeScript; this pins each rule on its own, whatever the workload there happens to write.
 */
describe('the posting rules compiled to SQL', () => {
  const db = setUpTestDatabase('postsql');

  const events = [
    ...Object.values(POSTING_SAMPLES).flat(),
    {
      type: 'TransferReceived',
      data: { transactionId: 'tr-1', toUserId: 'bob00002', asset: 'SAI', amount: '3.25' },
    },
    {
      type: 'WithdrawalHoldReleased',
      data: { transactionId: 'r-1', withdrawalId: 'wd-2', asset: 'USDT', amount: '7' },
    },
  ];

  const run = async (sql: PostingsSql) => {
    const { rows } = await db.pool.query<Record<string, string>>(
      `SELECT * FROM (${postingsSelect(
        sql,
        `(SELECT e.n, e.value->>'type' AS event_type, e.value->'data' AS data
            FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(value, n))`,
        'l.n',
      )}) p
        ORDER BY p.n, p.leg`,
      [JSON.stringify(events)],
    );
    return rows.map((row): [number, Posting] => [
      Number(row.n) - 1,
      {
        transactionId: row.transaction_id!,
        kind: row.kind as Posting['kind'],
        asset: row.asset as Asset,
        units: scaledUnits(row.amount!, ASSET_DECIMALS[row.asset as Asset]),
        from: row.from_account!,
        to: row.to_account!,
        description: row.description!,
        status: row.status as Posting['status'],
      },
    ]);
  };
  const expected = events.flatMap((event, n) =>
    postingsOf(event).map((posting): [number, Posting] => [n, posting]),
  );

  it('book in SQL, event by event, what postingsOf books', async () => {
    // One posting per sample, and a second for each purchase that carries a fee.
    const fees = Object.values(POSTING_SAMPLES)
      .flat()
      .filter((event) => 'fee' in event.data).length;
    expect(fees).toBeGreaterThan(0);
    expect(expected.length).toBe(Object.values(POSTING_SAMPLES).flat().length + fees);
    expect(await run(POSTINGS_SQL)).toEqual(expected);
  });

  it('lose an event type whose rule the compiler is not given', async () => {
    const { WithdrawalFailed: _, ...others }: Record<string, PostingRules> = POSTING_RULES;
    const rows = await run(compilePostings(others));
    expect(rows).toEqual(expected.filter(([n]) => events[n]!.type !== 'WithdrawalFailed'));
    expect(rows).not.toEqual(expected);
  });
});
