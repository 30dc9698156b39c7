import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { createPool, type Pool } from '../infra/postgres/pool.ts';
import { beforeAllValue } from './beforeAllValue.ts';

export interface TestDatabase {
  url: string;
  pool: Pool;
  drop(): Promise<void>;
}

/** A fresh, empty database on the run's Postgres server, so test files never see each other's rows. */
export async function createTestDatabase(prefix = 't'): Promise<TestDatabase> {
  const serverUrl = inject('pgUrl');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return opened(serverUrl, name, 30);
}

/** A fresh database for the calling describe: made before its tests, dropped after them. */
export function setUpTestDatabase(prefix?: string): TestDatabase {
  return beforeAllValue(
    () => createTestDatabase(prefix),
    (db) => db.drop(),
  );
}

/**
 * A copy of a database (CREATE DATABASE … TEMPLATE), for tests that tamper with a real log: every session
 * still on the source is ended first (Postgres copies only a database nobody is connected to), so stop
 * whatever uses it (TestApp.stopServices) before.
 */
export async function copyDatabase(
  source: Pick<TestDatabase, 'url'>,
  prefix = 'copy',
): Promise<TestDatabase> {
  const serverUrl = inject('pgUrl');
  const sourceName = new URL(source.url).pathname.slice(1);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [sourceName],
    );
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${sourceName}`);
  } finally {
    await admin.end();
  }
  return opened(serverUrl, name, 10);
}

/** Copies of `source()` (copyDatabase) for the calling file or describe, each dropped after its tests. */
export function setUpCopies(source: () => Pick<TestDatabase, 'url'>, prefix: string) {
  const copies: TestDatabase[] = [];
  afterAll(async () => {
    for (const copy of copies) await copy.drop();
  });
  return async (): Promise<TestDatabase> => {
    const db = await copyDatabase(source(), prefix);
    copies.push(db);
    return db;
  };
}

/** One query on a client of its own, closed after it: for a test that must hold no session open between. */
export async function queryOnce<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A database made on the server, with a pool, and the way to drop it. */
function opened(serverUrl: string, name: string, poolSize: number): TestDatabase {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = createPool(url.toString(), poolSize);
  return {
    url: url.toString(),
    pool,
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
