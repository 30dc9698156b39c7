import path from 'node:path';
import type { Figure } from '../stat.ts';

/**
 * npm run bench — every figure is the median of RUNS runs, with min and max, measured on this machine
 * against a baseline taken in the same run. Uses BENCH_DATABASE_URL, else starts its own (durable)
 * embedded Postgres (on such a server of the caller's, the databases a run makes are dropped at its end).
 * BENCH_EVENTS sets the size of the log for the rebuild/export scenarios (default 1,000,000);
 * BENCH_SECONDS the length of each load run (default 10); BENCH_RESULTS where the results go (default
 * bench/results.json; bench/bench.small.test.ts runs a small bench with its own).
 */
export const RUNS = Number(process.env.BENCH_RUNS ?? 3);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const LOG_EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
/** The journal 7 exports (the issue: 1,000,000 postings); about half as many as the log has events. */
export const EXPORT_POSTINGS = Number(process.env.BENCH_POSTINGS ?? 1_000_000);
/**
 * BENCH_ONLY=commit,http,log,apis runs some groups: 1-2 (commit path), 3-5 (HTTP), 6-9 (log, web and
 * screens), 10 (two API processes), 12-14 (openloop: the plain-SQL reference, the mixed load, open loop);
 * 15 (cluster: the transfer load on the replicated cluster shape) runs only when named.
 */
const ONLY = process.env.BENCH_ONLY?.split(',').map((group) => group.trim());
export const want = (group: 'commit' | 'http' | 'log' | 'apis' | 'reads' | 'openloop') =>
  !ONLY || ONLY.includes(group);
/** A group that runs only when BENCH_ONLY names it (15, the cluster: packages, daemons, minutes). */
export const wantNamed = (group: 'cluster') => ONLY?.includes(group) ?? false;
export const repo = path.resolve(import.meta.dirname, '..', '..');

/** Every group's figures, by name, in the order they were taken (the printed table and the results file). */
export const results: Record<string, Record<string, Figure | string | number>> = {};

export function log(text: string) {
  process.stderr.write(`${text}\n`);
}

/** What the bench's own services and the API processes it starts share. */
export const BENCH_ENV = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
  PERSONAL_DATA_KEY: 'YmVuY2gtcGVyc29uYWwtZGF0YS1rZXktMzItYnl0ZXM=',
  PSEUDONYM_KEY: 'YmVuY2gtcHNldWRvbnltLWtleS1vZi0zMi1ieXRlcyE=',
  LEDGER_SIGNING_KEY:
    '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIGJlbmNoLWxlZGdlci1zaWduaW5nLWtleS0zMmJ5dGVz\n-----END PRIVATE KEY-----\n',
  LOG_LEVEL: 'silent',
  SECURE_COOKIES: 'off',
} as const;
