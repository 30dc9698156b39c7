import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from './embedded.ts';
import { postmasterPidOf } from './ownership.ts';
import { createPool, type Pool } from './pool.ts';

/**
 * The embedded server's owner starts it again when it dies without stop() (killed here with SIGKILL, as
 * the kernel's OOM killer would; a server stopped for lack of space dies the same way): on the same port,
 * so a pool made from the first URL answers again by itself, with the data committed before.
 */
describe('the embedded Postgres dies', () => {
  let dir: string | null = null;
  let server: EmbeddedPostgresHandle | null = null;
  let pool: Pool | null = null;
  afterAll(async () => {
    await pool?.end().catch(() => {});
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is started again by its owner on the same port, and a pool recovers', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sai-embedded-restart-'));
    const notices: string[] = [];
    const dataDir = path.join(dir, 'pg');
    server = await startEmbeddedPostgres({
      dataDir,
      durable: false,
      persistent: true,
      restartWhenDead: { everyMs: 200 },
      notice: (message) => notices.push(message),
    });
    const url = server.url;
    pool = createPool(url, 2);
    // A throw-away cluster commits without waiting for the WAL: the checkpoint makes the row durable.
    await pool.query('CREATE TABLE kept (n int); INSERT INTO kept VALUES (42)');
    await pool.query('CHECKPOINT');
    const first = await postmasterPidOf(dataDir);
    expect(first).not.toBeNull();
    process.kill(first!, 'SIGKILL');
    // Its backends may answer a moment longer: wait for the server to be gone first.
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    while (alive(first!)) await new Promise((resolve) => setTimeout(resolve, 50));
    const deadline = Date.now() + 60_000;
    let answer: number | null = null;
    while (answer === null && Date.now() < deadline) {
      const now = await postmasterPidOf(dataDir);
      answer = await pool.query<{ n: number }>('SELECT n FROM kept').then(
        (result) => result.rows[0]!.n,
        (error: unknown) => {
          notices.push(`query: ${String(error)}`);
          return null;
        },
      );
      if (now === first) answer = null;
      if (answer === null) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(answer, notices.join('\n')).toBe(42);
    expect(server.url).toBe(url);
    expect(await postmasterPidOf(dataDir)).not.toBe(first);
    expect(notices.join('\n')).toMatch(/died: starting it again[\s\S]*runs again/);
  }, 90_000);
});
