import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../app/audit/verifyLedger.ts';
import { loadConfig } from '../runtime/config.ts';
import { startServices } from '../runtime/services.ts';
import { RUN_PRIVACY_KEYS } from '../testing/privacyKeys.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDb.ts';

describe('npm run seed', () => {
  let db: TestDatabase;
  afterAll(async () => {
    await db?.drop();
  });

  it('fills a log through the commands that the read models and ledger:verify accept', async () => {
    db = await createTestDatabase('seed');
    const run = spawnSync(
      process.execPath,
      ['scripts/tool.mjs', 'seed', '--users', '25', '--events', '3000', '--batch', '200'],
      {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: {
          ...process.env,
          ...RUN_PRIVACY_KEYS,
          DATABASE_URL: db.url,
          SESSION_SECRET: 'x'.repeat(40),
          LOG_LEVEL: 'silent',
        },
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Seeded 25 users and [\d,]+ ledger events/);
    const { rows } = await db.pool.query<{ type: string; n: number }>(
      'SELECT event_type AS type, count(*)::int AS n FROM es_events GROUP BY event_type',
    );
    const count = Object.fromEntries(rows.map((r) => [r.type, r.n]));
    expect(count.UserRegistered).toBe(26);
    expect(count.TokensTransferred).toBeGreaterThan(500);
    expect(count.TransferReceived).toBe(count.TokensTransferred);
    // The read models build from it, and every chain and balance checks out.
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      SESSION_SECRET: 'x'.repeat(40),
      RATE_LIMITS: 'off',
      ...RUN_PRIVACY_KEYS,
    });
    const services = await startServices(config, pino({ level: 'silent' }), { databaseUrl: db.url });
    try {
      const head = await services.deps.store.headPosition();
      expect(await services.deps.runner.waitFor(head!, services.deps.runner.names, 60_000)).toBe(true);
      const report = await verifyLedger(services.deps.store, services.deps.pool);
      expect(report.problems).toEqual([]);
      const negative = await services.deps.pool.query(
        `SELECT 1 FROM account_history WHERE account_id LIKE 'user:%' AND balance_after < 0`,
      );
      expect(negative.rowCount).toBe(0);
    } finally {
      await services.stop();
    }
  }, 180_000);
});
