import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../api/app.ts';
import { allProjections } from '../projections/index.ts';
import type { Projection } from '../projections/projection.ts';
import { TestClient } from '../testing/testApp.ts';
import { loggedLines, testConfig } from '../testing/testConfig.ts';
import { createTestDatabase, type TestDatabase } from '../testing/testDb.ts';
import { type Services, startServices } from './services.ts';

/**
 * A projection whose declared version differs from the one that built the live tables: a starting process
 * rebuilds that read model (blue-green) before it serves, logging its progress, or with AUTO_REBUILD=off
 * refuses to start, naming the projection and the command to run.
 */
let db: TestDatabase;

function start(version: number, env: Record<string, string> = {}) {
  const { logger, lines } = loggedLines();
  const config = testConfig(db.url, env);
  // The contact read model at `version`; every other one as it is.
  const projections: Projection[] = allProjections.map((p) => (p.name === 'contact' ? { ...p, version } : p));
  const started = startServices(config, logger, { databaseUrl: db.url, projections });
  return { started, lines };
}

async function builtVersion(): Promise<number> {
  const { rows } = await db.pool.query(`SELECT version FROM projection_versions WHERE name = 'contact'`);
  return rows[0].version;
}

async function retiredContactSchemas(): Promise<number> {
  const { rows } = await db.pool.query(
    `SELECT count(*)::int AS n FROM pg_namespace WHERE nspname LIKE 'retired\\_contact\\_%'`,
  );
  return rows[0].n;
}

async function messages(): Promise<string[]> {
  const { rows } = await db.pool.query('SELECT subject FROM contact_messages ORDER BY subject');
  return rows.map((row) => row.subject);
}

describe('read-model versions', () => {
  beforeAll(async () => {
    db = await createTestDatabase('versions');
    const { started } = start(1);
    const services = await started;
    const client = new TestClient(createApp(services.deps));
    for (const subject of ['first', 'second']) {
      const reply = await client.post('/api/contact', {
        fullName: 'Ada',
        email: 'ada@example.com',
        subject,
        message: 'Hello',
      });
      expect(reply.status).toBeLessThan(300);
    }
    const head = await services.deps.store.headPosition();
    expect(await services.deps.runner.waitFor(head!, services.deps.runner.names, 15_000)).toBe(true);
    await services.stop();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('records the version that built each read model when it is first created', async () => {
    expect(await builtVersion()).toBe(1);
    const { rows } = await db.pool.query('SELECT name, version FROM projection_versions ORDER BY name');
    expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining(allProjections.map((p) => p.name)));
    expect(await retiredContactSchemas()).toBe(0);
  });

  it('with AUTO_REBUILD=off, refuses to start and names the projection and the rebuild to run', async () => {
    const { started } = start(2, { AUTO_REBUILD: 'off' });
    await expect(started).rejects.toThrow(
      'contact (built by version 1, this code is 2). AUTO_REBUILD=off: run `npm run projections:rebuild -- --projection contact --fresh` first',
    );
    expect(await builtVersion()).toBe(1);
    expect(await retiredContactSchemas()).toBe(0);
  });

  it('rebuilds a read model of another version before serving, once across processes starting together', async () => {
    const starts = [start(2), start(2)];
    let services: Services[] = [];
    try {
      services = await Promise.all(starts.map((s) => s.started));
      // One of the two rebuilt it (blue-green: the old tables are retired), the other found it current.
      expect(await retiredContactSchemas()).toBe(1);
      expect(await builtVersion()).toBe(2);
      expect(await messages()).toEqual(['first', 'second']);
      const logs = starts.flatMap((s) => s.lines).map((line) => JSON.parse(line));
      const progress = logs.filter((line) => line.msg === 'rebuilding read models');
      expect(progress.length).toBeGreaterThan(0);
      expect(progress.every((line) => line.projection === 'contact')).toBe(true);
      expect(progress.map((line) => line.phase)).toContain('switching');
      expect(logs.filter((line) => line.msg === 'read models rebuilt')).toHaveLength(1);
    } finally {
      for (const s of services) await s.stop();
    }
    // Started again at the same version: nothing to rebuild.
    const again = start(2);
    const services2 = await again.started;
    await services2.stop();
    expect(await retiredContactSchemas()).toBe(1);
    expect(again.lines.some((line) => line.includes('rebuilding read models'))).toBe(false);
  });
});
