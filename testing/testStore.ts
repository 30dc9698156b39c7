import { PostgresEventStore } from '../infra/eventStore/postgresEventStore.ts';
import { beforeAllValue } from './beforeAllValue.ts';
import { createTestDatabase, setUpTestDatabase, type TestDatabase } from './testDb.ts';

async function initialisedStore(db: TestDatabase): Promise<PostgresEventStore> {
  const store = new PostgresEventStore(db.pool, db.url);
  await store.init();
  return store;
}

/** A Postgres event store, initialised, on a fresh database; the caller closes it and drops the database. */
export async function createTestStore(
  prefix: string,
): Promise<{ db: TestDatabase; store: PostgresEventStore }> {
  const db = await createTestDatabase(prefix);
  return { db, store: await initialisedStore(db) };
}

/**
 * The Postgres event store of the calling describe, on a fresh database: made and initialised before its
 * tests; closed, and the database dropped, after them.
 */
export function setUpTestStore(prefix: string): { db: TestDatabase; store: PostgresEventStore } {
  const db = setUpTestDatabase(prefix);
  const store = beforeAllValue(
    () => initialisedStore(db),
    (made) => made.close(),
  );
  return { db, store };
}
