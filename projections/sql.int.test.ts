import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../testing/testDb.ts';
import { insertRows } from './sql.ts';

const COLUMNS = [
  ['id', 'int'],
  ['note', 'text'],
  ['amount', 'numeric'],
  ['at', 'timestamptz'],
  ['flag', 'boolean'],
  ['event_id', 'uuid'],
] as const;

describe('insertRows', () => {
  const db = setUpTestDatabase('sqlrows');

  it('copies in exactly the rows the INSERT writes: tabs, newlines, backslashes, quotes and nulls included', async () => {
    const rows = [
      [
        1,
        'plain',
        '12.50000000',
        new Date('2026-01-02T03:04:05.678Z'),
        true,
        '0f8fad5b-d9cb-469f-a165-70867728950e',
      ],
      [
        2,
        'tab\there, new\nline, cr\r, back\\slash, "quotes", {braces}, comma,',
        '-0.00000001',
        new Date(0),
        false,
        null,
      ],
      [3, null, '99999999999999999999.12345678', new Date('1999-12-31T23:59:59Z'), null, null],
      [4, '\\N', '0', new Date('2026-11-25T00:00:00+05:30'), true, null],
      [5, '', '1', new Date('2026-11-25T12:00:00Z'), false, null],
    ];
    const client = await db.pool.connect();
    try {
      for (const table of ['by_insert', 'by_copy'])
        await client.query(
          `CREATE TABLE ${table} (id int PRIMARY KEY, note text, amount numeric(30, 8), at timestamptz, flag boolean, event_id uuid)`,
        );
      expect(await insertRows(client, 'by_insert', COLUMNS, rows)).toBe(5);
      // A first delivery with no upsert is copied in.
      expect(await insertRows(client, 'by_copy', COLUMNS, rows, { context: { firstDelivery: true } })).toBe(
        5,
      );
    } finally {
      client.release();
    }
    const read = async (table: string) =>
      (await db.pool.query(`SELECT id, note, amount::text, at, flag, event_id FROM ${table} ORDER BY id`))
        .rows;
    const copied = await read('by_copy');
    expect(copied).toEqual(await read('by_insert'));
    expect(copied[1].note).toBe(rows[1]![1]);
    expect(copied[2].note).toBeNull();
    expect(copied[3].note).toBe('\\N');
    expect(copied[4].note).toBe('');
    expect(copied[2].amount).toBe('99999999999999999999.12345678');
  });

  it('keeps the redelivery guard on a live batch and an upsert on every delivery', async () => {
    const client = await db.pool.connect();
    try {
      await client.query('CREATE TABLE guarded (id int PRIMARY KEY, note text)');
      const columns = [
        ['id', 'int'],
        ['note', 'text'],
      ] as const;
      expect(await insertRows(client, 'guarded', columns, [[1, 'first']])).toBe(1);
      // Delivered again on a live batch: the guard makes it change nothing.
      expect(
        await insertRows(client, 'guarded', columns, [[1, 'again']], {
          ifRedelivered: 'ON CONFLICT DO NOTHING',
        }),
      ).toBe(0);
      // An upsert stays on a first delivery (it is no redelivery guard), so the row is updated, not copied.
      expect(
        await insertRows(client, 'guarded', columns, [[1, 'updated']], {
          onConflict: 'ON CONFLICT (id) DO UPDATE SET note = EXCLUDED.note',
          context: { firstDelivery: true },
        }),
      ).toBe(1);
      const { rows } = await client.query('SELECT note FROM guarded');
      expect(rows).toEqual([{ note: 'updated' }]);
    } finally {
      client.release();
    }
  });
});
