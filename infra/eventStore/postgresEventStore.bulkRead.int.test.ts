import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/testDb.ts';
import { PostgresEventStore } from './postgresEventStore.ts';

describe("postgres log: a rebuild's bounded reads (projections/rebuild.ts, bulk pass)", () => {
  it('bounds the log below a transaction still open, and reads only the types asked for up to the bound', async () => {
    const db = await createTestDatabase('esbound');
    const store = new PostgresEventStore(db.pool, db.url);
    const older = await db.pool.connect();
    try {
      await store.init();
      expect(await store.bulkRead.visibleEnd()).toBeNull();
      const append = async (stream: string, type: string) =>
        (
          await store.append(
            stream,
            [
              {
                id: randomUUID(),
                type,
                data: { n: stream },
                metadata: { actorId: null, correlationId: randomUUID(), causationId: null },
              },
            ],
            { expectedRevision: 'any' },
          )
        ).position;
      const first = await append('a-1', 'Kept');
      await append('a-2', 'Other');
      const third = await append('a-3', 'Kept');
      expect(await store.bulkRead.visibleEnd()).toEqual({ position: third, events: 3 });
      // An older transaction that has its id and has not ended: what commits after it stays past the bound.
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      const hidden = await append('a-4', 'Kept');
      expect(await store.bulkRead.visibleEnd()).toEqual({ position: third, events: 3 });
      await older.query('COMMIT');
      expect(await store.bulkRead.visibleEnd()).toEqual({ position: hidden, events: 4 });

      const read = (after: typeof first | null, limit: number) =>
        store.bulkRead.readAllOfTypes({ after, upTo: third, types: ['Kept'], limit });
      expect((await read(null, 10)).map((e) => e.streamName)).toEqual(['a-1', 'a-3']);
      expect((await read(null, 1)).map((e) => e.streamName)).toEqual(['a-1']);
      expect((await read(first, 10)).map((e) => e.streamName)).toEqual(['a-3']);
      expect(await read(third, 10)).toEqual([]);
      // The store can tell the database it is in from another one.
      const identity = await store.bulkRead.databaseIdentity();
      expect(identity).toMatch(/^\d+\/.+/);
      const other = await createTestDatabase('esbound2');
      try {
        const elsewhere = new PostgresEventStore(other.pool, other.url);
        expect(await elsewhere.bulkRead.databaseIdentity()).not.toEqual(identity);
        await elsewhere.close();
      } finally {
        await other.drop();
      }
    } finally {
      older.release();
      await store.close();
      await db.drop();
    }
  });
});
