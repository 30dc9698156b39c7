import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/testDb.ts';
import { HISTORY_ROWS } from './groups/readsSetup.ts';
import { DASHBOARD_CALLS } from './lib/dashboard.ts';
import type { Figure } from './stat.ts';

/**
 * `npm run bench` itself, small: every group runs once, on a 5,000-event log, against the tests' Postgres
 * (BENCH_DATABASE_URL). It proves the suite still runs end to end and that its own checks hold (none lost
 * or doubled, conservation after the load, every group's figures present); it measures nothing, since the
 * other test files share the machine meanwhile. The figures are `npm run bench`'s, in BENCHMARKS.md.
 */
const repo = path.resolve(import.meta.dirname, '..');

type Results = Record<string, Record<string, Figure | number | string>>;

/** A figure of the results, by its group and name. */
const figureIn = (results: Results) => (group: string, name: string) => results[group]?.[name] as Figure;

/** `npm run bench` small, on the database at `databaseUrl`, into `resultsFile`; returns what it printed. */
async function runBench(databaseUrl: string, resultsFile: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts'], {
    cwd: repo,
    env: {
      ...process.env,
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_RESULTS: resultsFile,
      BENCH_RUNS: '1',
      BENCH_SECONDS: '2',
      BENCH_EVENTS: '5000',
      BENCH_POSTINGS: '2000',
      // Open-loop rates a busy machine still answers within the run's drain: this run checks that every
      // request is answered and none lost or doubled, not what rate the machine can hold (a smoke run
      // takes the first rate of each list; 500/s left a third unanswered beside other test files).
      BENCH_OPEN_RATES: '100',
      BENCH_OPEN_READ_RATES: '200',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += String(d);
  });
  child.stderr.on('data', (d) => {
    output += String(d);
  });
  const code = await new Promise((resolve) => child.on('exit', resolve));
  expect(code, output.slice(-4000)).toBe(0);
  return output;
}

/** The table it prints: a line per group, its figures with their units and ranges. */
const TABLE_LINES = [
  /^1\. baseline INSERT c=32 +throughput [\d.]+ tx\/s \[/m,
  /^3\. HTTP transfers, 64 connections +accepted [\d.]+ transfers\/s \[/m,
  /^6\. rebuild all read models +events \d+ · throughput [\d.]+ events\/s/m,
  /^7\. export to CSV +postings \d+ · throughput [\d.]+ rows\/s/m,
  /^11\. reads, 64 connections: history +path \/api\/transactions\?limit=5 · reads [\d.]+ reads\/s \[/m,
  /^12\. transfers: plain-SQL reference +transfers [\d.]+ transfers\/s \[/m,
];

/** 1-5: the baselines, the HTTP load with none lost or doubled, the lag read under it, conservation. */
function expectLoadFigures(results: Results) {
  const figure = figureIn(results);
  for (const group of [
    '1. baseline INSERT c=1',
    '1. baseline INSERT c=32',
    '2. store append c=1',
    '2. store append c=32',
  ])
    expect(figure(group, 'throughput').median, group).toBeGreaterThan(0);

  const http = results['3. HTTP transfers, 64 connections']!;
  expect(figure('3. HTTP transfers, 64 connections', 'errors').max).toBe(0);
  expect(http.acknowledged).toBeGreaterThan(0);
  // Every acknowledged transfer is in the log as a debit and a credit; the rest were in flight at the end.
  expect(http.debitsInLog).toBe(http.creditsInLog);
  expect(http.debitsInLog as number).toBeGreaterThanOrEqual(http.acknowledged as number);
  expect((http.debitsInLog as number) - (http.acknowledged as number)).toBeLessThanOrEqual(64);
  // The lag was read during the load (the bench fails when it reads none): a figure with its runs.
  const lag = figure('4. projection lag under load (ledger)', 'p99');
  expect(lag).toMatchObject({ unit: 'ms' });
  expect(lag.max).toBeGreaterThanOrEqual(lag.median);
  expect(results['5. command cost vs history']!.ratio as number).toBeGreaterThan(0);
  expect(results['conservation after load']).toMatchObject({ problems: 0 });
}

/** 10-11b: one API and two, the reads under load and the dashboard's calls for one user. */
function expectReadFigures(results: Results) {
  const figure = figureIn(results);
  // 10: the same load to one API and to two through a balancer, then two with shared rate limits.
  const apis = '10. two API processes (transfers through a balancer)';
  for (const name of ['oneApi', 'twoApis', 'twoApisSharedLimits'])
    expect(figure(apis, name).median, name).toBeGreaterThan(0);
  expect(figure(apis, 'errors').max).toBe(0);

  // 11: the trivial-read ceiling and each of the dashboard's reads under load, every one answered.
  const ceiling = results['11. reads, 64 connections: ceiling']!;
  expect(ceiling.users).toBe(50);
  expect(Math.abs((ceiling.historyRowsPerUser as number) - HISTORY_ROWS)).toBeLessThanOrEqual(5);
  for (const name of ['ceiling', ...DASHBOARD_CALLS.map((call) => call.name)]) {
    const reads = `11. reads, 64 connections: ${name}`;
    expect(figure(reads, 'reads').median, name).toBeGreaterThan(0);
    expect(figure(reads, 'errors').max, name).toBe(0);
    expect(figure(reads, 'p99').median, name).toBeGreaterThanOrEqual(figure(reads, 'p50').median);
    if (name !== 'ceiling') expect(figure(reads, 'ratioToCeiling').median, name).toBeGreaterThan(0);
  }
  // 11b: the dashboard's calls for one user; the API's own time is a part of the round trips it answered.
  const dashboard = '11b. dashboard calls, one user';
  expect(results[dashboard]!.calls).toBe(DASHBOARD_CALLS.length);
  for (const name of ['parallelWall', 'sequentialRoundTrips', 'serverTime'])
    expect(figure(dashboard, name).median, name).toBeGreaterThan(0);
  expect(figure(dashboard, 'serverTime').median).toBeLessThan(
    figure(dashboard, 'sequentialRoundTrips').median,
  );
  for (const call of DASHBOARD_CALLS)
    expect(figure(dashboard, `server: ${call.name}`).median, call.name).toBeGreaterThan(0);
}

/** 12-14: the product's two shapes and the plain-SQL reference, the mixed load, the open-loop sweeps. */
function expectTransferFigures(results: Results) {
  const figure = figureIn(results);
  for (const group of [
    '12. transfers: product (npm start shape)',
    '12. transfers: product (API + worker)',
    '12. transfers: plain-SQL reference',
  ]) {
    expect(figure(group, 'transfers').median, group).toBeGreaterThan(0);
    expect(figure(group, 'p99')).toMatchObject({ unit: 'ms' });
    expect(figure(group, 'errors').max, group).toBe(0);
  }
  expect(figure('12. transfers: product (npm start shape)', 'ratioToReference').median).toBeGreaterThan(0);
  expect(figure('13. mixed 90/10', 'reads').median).toBeGreaterThan(0);
  expect(figure('13. mixed 90/10', 'transfers').median).toBeGreaterThan(0);
  expect(figure('13. mixed 90/10', 'readP99').median).toBeGreaterThan(0);
  expect(figure('13. mixed 90/10', 'errors').max).toBe(0);
  for (const kind of ['transfers', 'reads']) {
    const sweep = Object.keys(results).filter((g) => g.startsWith(`14. open-loop ${kind} @ `));
    expect(sweep.length, kind).toBeGreaterThan(0);
    for (const group of sweep) {
      expect(figure(group, 'achieved').median, group).toBeGreaterThan(0);
      expect(figure(group, 'p99.9').median, group).toBeGreaterThanOrEqual(figure(group, 'p99').median);
      expect(figure(group, 'errors').max, group).toBe(0);
    }
    expect(figure('14. open-loop headline', kind).median, kind).toBeGreaterThanOrEqual(0);
    expect(results['14. open-loop headline']![`${kind}Search`]).toMatch(/held/);
  }
  // The plain-SQL reference under the same open loop, for the same headline.
  expect(figure('14. open-loop headline', 'reference').median).toBeGreaterThanOrEqual(0);
  expect(results['14. open-loop headline']!.referenceSearch).toMatch(/held/);
  expect(
    Object.keys(results).some((g) => g.startsWith('14. open-loop plain-SQL reference transfers @ ')),
  ).toBe(true);
  // The floor under the open-loop figures: the trivial-read ceiling at the top read rate.
  const openCeiling = Object.keys(results).find((g) => g.startsWith('14. open-loop ceiling (/livez) @ '));
  expect(openCeiling).toBeDefined();
  expect(figure(openCeiling!, 'achieved').median).toBeGreaterThan(0);
  const open = results['14. nothing lost, conservation']!;
  expect(open.acknowledged as number).toBeGreaterThan(0);
  expect(open.debitsInLog).toBe(open.creditsInLog);
  expect(open.debitsInLog as number).toBeGreaterThanOrEqual(open.acknowledged as number);
  expect(open.conservationProblems).toBe(0);
}

/** 6-9b: the rebuild, the CSV export, the web's weight, the screens and the admin's reads on the log. */
function expectLogFigures(results: Results) {
  const figure = figureIn(results);
  const rebuild = results['6. rebuild all read models']!;
  expect(rebuild.events as number).toBeGreaterThanOrEqual(5000);
  expect(figure('6. rebuild all read models', 'peakMemory').median).toBeGreaterThan(0);
  expect(results['7. export to CSV']!.postings as number).toBeGreaterThanOrEqual(2000);
  expect(figure('7. export to CSV', 'firstByte').median).toBeGreaterThan(0);
  expect(results['8. web']!.landingJsGzipKb as number).toBeGreaterThan(0);
  expect(figure('8. web', 'dashboardTimeToInteractive').median).toBeGreaterThan(0);
  expect(Object.keys(results['9. screens on the log (each call, 5 times)'] ?? {}).length).toBeGreaterThan(10);
  // 9b: each admin read's p50 and p99, and the search term found rows (the no-match one none).
  const admin = results['9b. admin search and stats on the log (200 calls each)']!;
  expect(
    figure('9b. admin search and stats on the log (200 calls each)', '/api/admin/stats p99').median,
  ).toBeGreaterThan(0);
  expect((admin['/api/transactions/all?q=Deposit matches'] as Figure).median).toBeGreaterThan(0);
  expect((admin['/api/transactions/all?q=zzzz matches'] as Figure).median).toBe(0);
}

describe('npm run bench, small', () => {
  let db: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    db = await createTestDatabase('bench');
    dir = mkdtempSync(path.join(os.tmpdir(), 'sai-bench-'));
  });
  afterAll(async () => {
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('runs every group and writes its figures, with none lost, none doubled and the ledger conserved', async () => {
    const resultsFile = path.join(dir, 'results.json');
    const output = await runBench(db.url, resultsFile);
    for (const line of TABLE_LINES) expect(output).toMatch(line);
    const { results } = JSON.parse(readFileSync(resultsFile, 'utf8')) as { results: Results };
    expectLoadFigures(results);
    expectReadFigures(results);
    expectTransferFigures(results);
    expectLogFigures(results);
    // The targets judged on the run's own figures: each one a line, and the books conserved.
    const targets = Object.entries(results['targets (issue 51)'] ?? {});
    expect(targets).toHaveLength(9);
    for (const [, verdict] of targets) expect(String(verdict)).toMatch(/^(met|missed|not measured): /);
    expect(
      String(results['targets (issue 51)']!['nothing lost or doubled: conservation after every load']),
    ).toMatch(/^met: 0 problems in 2 checks$/);
    expect(output).toMatch(/^targets \(issue 51\), judged on this run:$/m);
    // A bound on a hang, not a speed target: 200 s alone on CI's machine, 383 s here beside other work,
    // over 600 s with both cores taken by browser tests.
  }, 1_500_000);
});
