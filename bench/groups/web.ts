import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pino from 'pino';
import { createSession } from '../../app/auth/sessions.ts';
import { parseUserId } from '../../domain/shared/ids.ts';
import { LedgerTreeFollower } from '../../projections/ledgerTree/follower.ts';
import { loadConfig } from '../../runtime/config.ts';
import { startServices } from '../../runtime/services.ts';
import { startApp } from '../../testing/processes.ts';
import { ensureWebBuild, launchBrowser } from '../../web/e2e/harness.ts';
import { BENCH_ENV, log, RUNS, repo, results } from '../lib/context.ts';
import { type Figure, stat } from '../stat.ts';
import { adminReadPercentiles } from './adminReads.ts';
import { screenCalls } from './screens.ts';

/**
 * 8. Web: landing JavaScript (gzip) from the production build, and the dashboard's time to interactive;
 * with 7's export over the API and 9's screens, on the seeded log in `seedUrl`.
 */
export async function webGroup(seedUrl: string) {
  await ensureWebBuild();
  const dist = path.join(repo, 'web', 'dist');
  if (existsSync(path.join(dist, 'index.html'))) {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    const bytes = scripts.reduce((sum, s) => sum + gzipSync(readFileSync(path.join(dist, s))).length, 0);
    results['8. web'] = {
      landingJsGzipKb: Number((bytes / 1024).toFixed(1)),
      chunks: readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js')).length,
    };
  }
  // performance.now() in the page counts from its navigation start.
  const { apiExportFirstByte, apiExportRows, ...web } = await dashboardTimeToInteractive(seedUrl);
  results['7. export to CSV'] = {
    ...results['7. export to CSV'],
    'API first byte': apiExportFirstByte!,
    'API throughput': apiExportRows!,
  };
  results['8. web'] = { ...results['8. web'], ...web };
}

/**
 * Time to interactive of the dashboard in headless Chromium: from navigation start until the page's own
 * data has arrived and the "Send" quick action accepts a click (its dialog opens), with a signed-in user of
 * the seeded log, against the production build served by the real app.
 */
async function dashboardTimeToInteractive(databaseUrl: string): Promise<Record<string, Figure>> {
  const config = loadConfig({ ...BENCH_ENV, DATABASE_URL: databaseUrl, RATE_LIMITS: 'off' });
  // Sessions are made here; the API under measure is `npm start`'s entry point in a process of its own (the
  // read models are already caught up), so neither the browser's page nor the export's client shares its
  // event loop.
  const services = await startServices(config, pino({ level: 'silent' }), {
    databaseUrl,
    runProjections: false,
  });
  // The log's Merkle tree, which 9's receipt needs, followed here: the API under measure runs no follower.
  const tree = new LedgerTreeFollower({
    pool: services.deps.pool,
    databaseUrl,
    store: services.deps.store,
    logger: pino({ level: 'silent' }),
  });
  await tree.start();
  const api = await startApp({
    databaseUrl,
    // Its errors are kept (the rest of its log is silent): a failed call names the cause below.
    env: { ...BENCH_ENV, PROJECTIONS: 'off', LOG_LEVEL: 'error' },
  });
  const base = api.url;
  const browser = await launchBrowser();
  try {
    const { rows } = await services.deps.pool.query<{ id: string }>(
      'SELECT id FROM users ORDER BY id LIMIT 1',
    );
    const userId = parseUserId(rows[0]!.id);
    const session = await createSession(
      services.deps.pool,
      services.deps.sessions,
      { userId, isAdmin: false },
      true,
    );
    // 7 (API). The admin export over HTTP from a running API: time to first byte and rows/s as streamed.
    const admin = await createSession(
      services.deps.pool,
      services.deps.sessions,
      { userId, isAdmin: true },
      true,
    );
    const firstByte: number[] = [];
    const apiRows: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const response = await fetch(`${base}/api/admin/ledger/export?from=2000-01-01&to=2999-01-01`, {
        headers: { cookie: `sai_session=${admin.token}` },
      });
      if (!response.ok || !response.body) {
        log(`bench: the API export answered ${response.status}`);
        break;
      }
      let first = 0;
      let lines = 0;
      for await (const chunk of response.body) {
        if (first === 0) first = performance.now() - t0;
        // Count lines natively: a JavaScript loop over every byte would slow the API it shares a process with.
        const bytes = chunk as Uint8Array;
        for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lines++;
      }
      firstByte.push(first);
      apiRows.push((lines - 1) / ((performance.now() - t0) / 1000));
    }
    results['9. screens on the log (each call, 5 times)'] = await screenCalls(
      base,
      services.deps,
      admin.token,
    ).catch((error: unknown) => {
      throw new Error(
        `${error instanceof Error ? error.message : String(error)}; the API logged:\n${api.output().slice(-3000)}`,
      );
    });
    // 9b. The admin's search and stats, 200 calls each (the target: p99 <= 50 ms on this log).
    results['9b. admin search and stats on the log (200 calls each)'] = await adminReadPercentiles(
      base,
      admin.token,
    );
    const times: number[] = [];
    for (let i = 0; i < Math.max(RUNS, 5); i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addCookies([{ name: 'sai_session', value: session.token, url: base }]);
      const page = await context.newPage();
      await page.goto(`${base}/dashboard`);
      await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
      await page
        .getByRole('button', { name: /^Send$/ })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
      times.push(await page.evaluate(() => performance.now()));
      await context.close();
    }
    return {
      dashboardTimeToInteractive: stat(times, 'ms'),
      apiExportFirstByte: stat(firstByte, 'ms'),
      apiExportRows: stat(apiRows, 'rows/s'),
    };
  } finally {
    await browser.close();
    await api.stop();
    await tree.stop();
    await services.stop();
  }
}
