import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportLedger } from '../../app/audit/exportLedger.ts';
import { ledgerProjection } from '../../projections/ledger/ledger.projection.ts';
import { statementPage } from '../../projections/ledger/ledger.queries.ts';
import { parseCsv } from '../../testing/csv.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/testDb.ts';

/**
 * Log positions are numbers; their text sorts '1000' before '999'. The export and the statement page by
 * position, so they must order by the numeric columns, across a digit boundary of both the transaction id
 * and the sequence, whatever the page size.
 */
describe('export and statement order across digit boundaries', () => {
  let db: TestDatabase;
  const positions: [number, number][] = [
    [999, 99_998],
    [999, 99_999],
    [1000, 100_000],
    [1000, 100_001],
    [10_000, 9],
  ];

  beforeAll(async () => {
    db = await createTestDatabase('order');
    await db.pool.query(ledgerProjection.schema);
    let balance = 0;
    for (const [commit, prepare] of positions) {
      balance += 1;
      const id = randomUUID();
      const at = new Date(Date.UTC(2026, 0, 1, 0, 0, balance));
      await db.pool.query(
        `INSERT INTO ledger_postings (event_id, leg, position_commit, position_prepare, transaction_id, kind, asset,
           amount, from_account, to_account, from_balance_after, to_balance_after, actor_id, description, created_at)
         VALUES ($1::uuid, 0, $2, $3, $1::text, 'admin_deposit', 'SAI', 1, 'issuance:SAI', 'user:abcdefgh', $4, $5, NULL, $6, $7)`,
        [id, commit, prepare, -balance, balance, `p${commit}-${prepare}`, at],
      );
    }
  });
  afterAll(async () => {
    await db?.drop();
  });

  const expected = positions.map(([c, p]) => `${c}-${p}`);

  it('exports the journal in log order', async () => {
    let text = '';
    for await (const chunk of exportLedger(db.pool, {
      from: new Date('2020-01-01'),
      to: new Date('2030-01-01'),
      format: 'csv',
    }))
      text += chunk;
    const rows = parseCsv(text).slice(1);
    expect(rows.map((row) => row[0])).toEqual(expected);
    expect(rows.map((row) => row[9])).toEqual(['1.00', '2.00', '3.00', '4.00', '5.00']);
  });

  it('pages a statement one row at a time without skipping or repeating a row', async () => {
    const seen: string[] = [];
    let after: { commit: string; prepare: string; leg: number } | null = null;
    for (let page = 0; page < 10; page++) {
      const rows = await statementPage(
        db.pool,
        'user:abcdefgh',
        'SAI',
        new Date('2020-01-01'),
        new Date('2030-01-01'),
        after,
        1,
      );
      if (rows.length === 0) break;
      const row = rows[0]!;
      seen.push(`${row.position_commit}-${row.position_prepare}`);
      after = { commit: row.position_commit, prepare: row.position_prepare, leg: row.leg };
    }
    expect(seen).toEqual(expected);
  });
});
