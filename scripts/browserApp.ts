import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startEmbeddedPostgres } from '../infra/postgres/embedded.ts';
import { ensureDatabase } from '../infra/postgres/pool.ts';
import { ensureWebBuild, launchBrowser, type RunningApp, startApp } from '../web/e2e/harness.ts';

/**
 * What the tools that drive the real UI (screenshots.ts, styleSnapshot.ts) run their steps in: the app, its
 * web build fresh, on a throw-away embedded Postgres (a folder `sai-<name>-<pid>` of the system's temporary
 * one), the operator `admin` it creates at start-up, and a browser. All of it is stopped and the folder
 * removed after the steps, whether they failed or not.
 */
export async function withThrowawayApp<T>(
  name: string,
  admin: { email: string; password: string },
  env: Record<string, string>,
  steps: (app: RunningApp, browser: Browser) => Promise<T>,
): Promise<T> {
  const dataDir = path.join(os.tmpdir(), `sai-${name}-${process.pid}`);
  const pg = await startEmbeddedPostgres({ dataDir, durable: false, persistent: false });
  await ensureWebBuild();
  const app = await startApp({
    databaseUrl: await ensureDatabase(pg.url, 'sai'),
    env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ...env },
  });
  const browser = await launchBrowser();
  try {
    return await steps(app, browser);
  } finally {
    await browser.close();
    await app.stop();
    await pg.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
