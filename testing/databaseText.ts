import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';

/**
 * The whole content of a database as text, for "nothing of this person is left anywhere" checks (the
 * erasure, docs/decisions/0014-crypto-shredding.md): every row of every table of every schema the app
 * made (the log, the read models, the blue-green shadows, the app's own tables), each row as Postgres
 * prints it (`row::text`: jsonb, bytea in hex, arrays), plus every table's name. It is what `pg_dump`
 * writes in its data sections, without needing a `pg_dump` of the server's major version, which the
 * embedded test server does not ship; `pgDumpText` runs the real one where there is one.
 */
export async function databaseText(pool: pg.Pool): Promise<string> {
  const { rows: tables } = await pool.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
      ORDER BY 1, 2`,
  );
  const parts: string[] = [];
  for (const { schema, name } of tables) {
    const qualified = `"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`;
    const { rows } = await pool.query<{ row: string }>(`SELECT t::text AS row FROM ${qualified} t`);
    parts.push(`-- ${schema}.${name}`, ...rows.map((r) => r.row));
  }
  return parts.join('\n');
}

/** The tables databaseText reads, for the test to show that it covered them. */
export async function tableNames(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(
    `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  return rows.map((r) => r.name);
}

/**
 * `pg_dump` of the whole database (schema and data, plain text), when a pg_dump at least as new as the
 * server is installed (TEST_POSTGRES_BIN, or Debian's /usr/lib/postgresql/<major>/bin); null otherwise.
 */
export async function pgDumpText(pool: pg.Pool, url: string): Promise<string | null> {
  const { rows } = await pool.query<{ v: string }>(`SELECT current_setting('server_version_num') AS v`);
  const serverMajor = Math.floor(Number(rows[0]!.v) / 10_000);
  const dirs = [process.env.TEST_POSTGRES_BIN, ...debianBinDirs()].filter((d): d is string => !!d);
  for (const dir of dirs) {
    const binary = path.join(dir, 'pg_dump');
    if (!existsSync(binary)) continue;
    const { stdout: version } = await promisify(execFile)(binary, ['--version']);
    const major = Number(/(\d+)(?:\.\d+)?/.exec(version)?.[1] ?? 0);
    if (major < serverMajor) continue;
    const { stdout } = await promisify(execFile)(binary, ['--no-owner', '--dbname', url], {
      maxBuffer: 512 * 1024 * 1024,
    });
    return stdout;
  }
  return null;
}

function debianBinDirs(): string[] {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .sort((a, b) => Number(b) - Number(a))
    .map((major) => path.join(root, major, 'bin'));
}
