import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { LegacyUser, UserView } from './scenario.ts';

/**
 * The legacy-database fixture (testing/legacy/README.md): a plain SQL dump of a database written by main
 * as of the commit in expected.json, and what that version showed and verified when it was generated.
 */
export interface LegacyExpected {
  commit: string;
  postgres: string;
  sessionSecret: string;
  admin: { email: string; password: string };
  users: LegacyUser[];
  eventTypes: Record<string, number>;
  tables: Record<string, number>;
  ledgerVerify: { events: number; streams: number; postings: number; accounts: number };
  views: Record<string, UserView>;
}

const here = import.meta.dirname;

export function legacyExpected(): LegacyExpected {
  return JSON.parse(readFileSync(path.join(here, 'expected.json'), 'utf8')) as LegacyExpected;
}

/**
 * Loads the dump into an empty database, without psql: the dump holds INSERT statements only (no COPY),
 * so it runs as one simple query once psql's own meta-commands (`\restrict`) are left out. Its own
 * connection, closed after: the dump empties the session's search_path.
 */
export async function restoreLegacyFixture(databaseUrl: string): Promise<void> {
  const sql = readFileSync(path.join(here, 'fixture.sql'), 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(sql);
    await client.query('RESET search_path');
    await passTransactionIds(client);
  } finally {
    await client.end();
  }
}

/**
 * The log orders events by the id of the transaction that wrote them (`xid8`) and shows only those below
 * the oldest running transaction, so a log copied into another cluster by a logical dump is only readable
 * there once that cluster's transaction counter has passed the highest id the dump carries; before, the
 * newest events stay hidden (and new ones would sort before them). A fresh test server is far behind the
 * generating one: it uses up ids, one empty transaction each, until it is past. An operator restoring a
 * logical dump into a new cluster must do the same (docs/architecture/migrations.md); a physical backup
 * (pg_basebackup, a replica) keeps the counter and needs nothing.
 */
async function passTransactionIds(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ max: string | null }>(
    'SELECT max(transaction_id)::text AS max FROM es_events',
  );
  const target = BigInt(rows[0]?.max ?? '0');
  for (;;) {
    const current = await client.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
    if (BigInt(current.rows[0]!.xid) > target) return;
  }
}
