import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS, exportLedger } from '../../app/audit/exportLedger.ts';
import { csvCell } from '../../domain/shared/csv.ts';
import { ledgerProjection } from '../../projections/ledger/ledger.projection.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/testDb.ts';

/**
 * The export reads the journal in keyset pages with the next page read ahead: whatever the page size, it
 * must give every row once, in log order, and CSV and JSON lines must carry the same cells (CSV quoted and
 * formula-safe by csvCell).
 */
describe('ledger export: pages read ahead', () => {
  let db: TestDatabase;
  const nasty = [
    '',
    'plain',
    'a,b',
    'say "hi"',
    'two\nlines',
    'cr\r',
    '=1+1',
    '=HYPERLINK("http://evil.example")',
    '+1 idea',
    '-rm',
    '-3.00',
    '-3',
    '-3.',
    '3.00',
    '@handle',
    '\tcmd',
    '\rcmd',
    ' =not at start',
    '"quoted"',
    '😀 emoji, with comma',
    '-٣',
    "'already",
  ];

  beforeAll(async () => {
    db = await createTestDatabase('exportcsv');
    await db.pool.query(ledgerProjection.schema);
    // One posting per nasty description (and actor), with positions crossing digit boundaries.
    for (const [i, text] of nasty.entries()) {
      const id = randomUUID();
      await db.pool.query(
        `INSERT INTO ledger_postings (event_id, leg, position_commit, position_prepare, transaction_id, kind, asset,
           amount, from_account, to_account, from_balance_after, to_balance_after, actor_id, description, created_at)
         VALUES ($1::uuid, 0, $2, $3, $1::text, 'transfer', $4, $5, 'user:a', 'user:b', $6, $7, $8, $9, $10)`,
        [
          id,
          998 + i,
          99_990 + i * 3,
          i % 3 === 0 ? 'ETH' : 'SAI',
          `${i + 1}.12345678`,
          `-${i}.5`,
          `${i}.25`,
          i % 2 === 0 ? null : text,
          text,
          new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
        ],
      );
    }
  });
  afterAll(async () => {
    await db?.drop();
  });

  const exportText = async (format: 'csv' | 'jsonl', batchSize: number, firstPage = batchSize) => {
    let text = '';
    for await (const chunk of exportLedger(
      db.pool,
      { from: new Date('2020-01-01'), to: new Date('2030-01-01'), format },
      { batchSize, firstPage },
    ))
      text += chunk;
    return text;
  };

  it('gives the same export in one batch or many, and CSV and JSON lines agree cell by cell', async () => {
    const csv = await exportText('csv', 5_000);
    for (const size of [1, 2, 7]) expect(await exportText('csv', size)).toBe(csv);
    // A small first page, then larger ones (how downloads start at once).
    for (const [size, first] of [
      [5, 2],
      [7, 1],
      [4, 4],
    ] as const)
      expect(await exportText('csv', size, first)).toBe(csv);
    const jsonl = await exportText('jsonl', 5_000);
    for (const size of [1, 3]) expect(await exportText('jsonl', size)).toBe(jsonl);

    const objects = jsonl
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, string>);
    expect(objects).toHaveLength(nasty.length);
    // Each CSV line is csvCell of the JSON row's values, in the header's order.
    const expected = [EXPORT_COLUMNS, ...objects.map((o) => EXPORT_COLUMNS.map((c) => o[c]!))]
      .map((cells) => `${cells.map(csvCell).join(',')}\r\n`)
      .join('');
    expect(csv).toBe(expected);
    expect(objects.map((o) => o.description)).toEqual(nasty);
    expect(objects[1]!.amount).toBe('2.12');
    expect(objects[0]!.amount).toBe('1.12345678');
    expect(objects[1]!.debit_balance_after).toBe('-1.50');
    expect(objects[1]!.position).toBe('999-99993');
  });

  it('reports a failed read-ahead to a reader who goes on, and not at all to one who stopped', async () => {
    // The pool answers the first page, then fails: the second page is the one read ahead.
    const failingAfterFirst = (): pg.Pool => {
      let calls = 0;
      return {
        query: (...args: Parameters<pg.Pool['query']>) =>
          calls++ === 0
            ? (db.pool.query as (...a: unknown[]) => Promise<unknown>)(...args)
            : Promise.reject(new Error('connection lost')),
      } as unknown as pg.Pool;
    };
    const filter = { from: new Date('2020-01-01'), to: new Date('2030-01-01'), format: 'csv' } as const;

    const reading = (async () => {
      for await (const _ of exportLedger(failingAfterFirst(), filter, { batchSize: 2 })) {
        // read everything
      }
    })();
    await expect(reading).rejects.toThrow('connection lost');

    // A download cancelled after the first page: the read-ahead's failure must not surface as an
    // unhandled rejection (vitest fails the run on one).
    const chunks: string[] = [];
    for await (const chunk of exportLedger(failingAfterFirst(), filter, { batchSize: 2 })) {
      chunks.push(chunk);
      if (chunks.length === 2) break;
    }
    expect(chunks[1]!.split('\r\n')).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
});
