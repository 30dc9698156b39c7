import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { comparePositions, type NewEvent } from '../../infra/eventStore/eventStore.ts';
import { until } from '../../testing/projections.ts';
import type { TestDatabase } from '../../testing/testDb.ts';
import { setUpTestStore } from '../../testing/testStore.ts';
import { oneHandlerFor, type Projection } from '../projection.ts';
import { readCheckpoint } from './checkpoints.ts';
import { ProjectionRunner } from './runner.ts';

const logger = pino({ level: 'silent' });

/**
 * Deliberately NOT idempotent: it adds one per event. If two workers processed the same event, or the
 * checkpoint were not written in the same transaction as the rows, the totals would be wrong.
 */
function counterProjection(
  name: string,
  failures: { remaining: number; at?: number[] } = { remaining: 0 },
): Projection {
  return {
    name,
    version: 1,
    tables: [`${name}_counts`],
    schema: `CREATE TABLE IF NOT EXISTS ${name}_counts (stream text PRIMARY KEY, n integer NOT NULL);`,
    handlers: oneHandlerFor(['Tick', 'Poison'], async (event, tx) => {
      // Each test's projection only counts its own streams (the log is shared by the tests in this file).
      if (!event.streamName.startsWith(`${name}-`)) return;
      if (event.type === 'Poison' && failures.remaining > 0) {
        failures.remaining--;
        failures.at?.push(performance.now());
        throw new Error('cannot digest this event');
      }
      await tx.query(
        `INSERT INTO ${name}_counts (stream, n) VALUES ($1, 1) ON CONFLICT (stream) DO UPDATE SET n = ${name}_counts.n + 1`,
        [event.streamName],
      );
    }),
  };
}

const tick = (type = 'Tick'): NewEvent => ({
  id: randomUUID(),
  type,
  data: {},
  metadata: { actorId: null, correlationId: randomUUID(), causationId: null },
});

async function total(db: TestDatabase, table: string): Promise<number> {
  const { rows } = await db.pool.query<{ n: string | null }>(`SELECT sum(n)::text AS n FROM ${table}`);
  return Number(rows[0]?.n ?? 0);
}

const { db, store } = setUpTestStore('runner');

const runner = (
  projections: Projection[],
  options: {
    standbyPollMs?: number;
    maxBackoffMs?: number;
    statementTimeoutMs?: number;
    logger?: pino.Logger;
  } = {},
) =>
  new ProjectionRunner({
    pool: db.pool,
    databaseUrl: db.url,
    store,
    projections,
    logger,
    batchSize: 7,
    ...options,
  });

describe('projection runner', () => {
  it('applies every event once, across concurrent appends, and keeps the checkpoint with the rows', async () => {
    const projection = counterProjection('once');
    const r = runner([projection]);
    await r.start();
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        for (let j = 0; j < 10; j++)
          await store.append(`once-${i % 4}`, [tick()], { expectedRevision: 'any' });
      }),
    );
    await until(async () => (await total(db, 'once_counts')) === 200);
    await until(async () => (await r.status())[0]!.lagEvents === 0);
    expect(comparePositions(await readCheckpoint(db.pool, 'once'), await store.headPosition())).toBe(0);
    const [status] = await r.status();
    expect(status).toMatchObject({ name: 'once', state: 'running', lagEvents: 0, lastError: null });
    await r.stop();
    expect(await total(db, 'once_counts')).toBe(200);
  });
  it('resumes after being stopped mid-stream without losing or repeating an event', async () => {
    const projection = counterProjection('resume');
    const first = runner([projection]);
    await first.start();
    const writing = (async () => {
      for (let i = 0; i < 150; i++)
        await store.append('resume-stream', [tick()], { expectedRevision: 'any' });
    })();
    await until(async () => (await total(db, 'resume_counts').catch(() => 0)) > 20);
    await first.stop();
    await writing;
    const second = runner([projection]);
    await second.start();
    const expected = await db.pool.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM es_events WHERE stream_name = 'resume-stream'`,
    );
    await until(async () => (await total(db, 'resume_counts')) >= Number(expected.rows[0]!.n));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await total(db, 'resume_counts')).toBe(150);
    await second.stop();
  });
  it('runs one worker per projection across processes; the standby takes over when the leader dies', async () => {
    const projection = counterProjection('leader');
    const a = runner([projection], { standbyPollMs: 100 });
    const b = runner([projection], { standbyPollMs: 100 });
    await a.start();
    await until(async () => (await a.status())[0]!.state === 'running');
    await b.start();
    await until(async () => (await b.status())[0]!.state === 'standby');
    for (let i = 0; i < 30; i++) await store.append(`leader-${i % 3}`, [tick()], { expectedRevision: 'any' });
    await until(async () => (await total(db, 'leader_counts')) === 30);
    expect((await b.status())[0]!.state).toBe('standby');

    await a.stop();
    await until(async () => (await b.status())[0]!.state === 'running');
    for (let i = 0; i < 30; i++) await store.append(`leader-${i % 3}`, [tick()], { expectedRevision: 'any' });
    await until(async () => (await total(db, 'leader_counts')) >= 60);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await total(db, 'leader_counts')).toBe(60);
    await b.stop();
  });
  it('reports, where it runs no worker itself, each projection as running while another leads it, stopped once none does', async () => {
    const led = counterProjection('reported');
    const idle = counterProjection('unled');
    // An API whose projections run in its worker thread or another process: its runner is never started.
    const reporter = runner([led, idle]);
    const leader = runner([led]);
    await leader.start();
    await until(async () => (await leader.status())[0]!.state === 'running');
    expect((await reporter.status()).map((s) => [s.name, s.state])).toEqual([
      ['reported', 'running'],
      ['unled', 'stopped'],
    ]);
    await leader.stop();
    expect((await reporter.status()).map((s) => s.state)).toEqual(['stopped', 'stopped']);
  });
});

describe('projection runner', () => {
  it("takes and holds a runner's locks on one connection: a standby's attempts reuse it", async () => {
    const projections = ['onesessiona', 'onesessionb', 'onesessionc'].map((name) => counterProjection(name));
    const a = runner(projections, { standbyPollMs: 50 });
    const b = runner(projections, { standbyPollMs: 50 });
    await a.start();
    await until(async () => (await a.status()).every((status) => status.state === 'running'));
    await b.start();
    await until(async () => (await b.status()).every((status) => status.state === 'standby'));
    // Every session that tried a projection lock during a second of standby polling (20 rounds of three).
    const sessions = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const { rows } = await db.pool.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE 'SELECT pg_try_advisory_lock%'`,
      );
      for (const row of rows) sessions.add(row.pid);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // One for the leader's three locks, one for the standby's attempts.
    expect(sessions.size).toBe(2);
    await a.stop();
    await until(async () => (await b.status()).every((status) => status.state === 'running'));
    await b.stop();
  });
  it('retries a poison event with backoff, reports it, and lets other projections go on', async () => {
    const failures = { remaining: 4, at: [] as number[] };
    const poisoned = counterProjection('poisoned', failures);
    const healthy = counterProjection('healthy');
    const r = runner([poisoned, healthy], { maxBackoffMs: 400 });
    await r.start();
    await store.append('poisoned-stream', [tick(), tick('Poison'), tick()], { expectedRevision: 'any' });
    await store.append('healthy-stream', [tick(), tick('Poison'), tick()], { expectedRevision: 'any' });
    await until(async () => (await total(db, 'healthy_counts')) === 3);
    // It went on while the poisoned one was still failing (their batches share a transaction).
    expect(failures.remaining).toBeGreaterThan(0);
    // The failure names the poison event: its type and position in the message, the position beside it.
    let failure: { last_error: string | null; last_error_position: string | null } | undefined;
    await until(async () => {
      const status = (await r.status()).find((s) => s.name === 'poisoned')!;
      [failure] = (
        await db.pool.query<{ last_error: string | null; last_error_position: string | null }>(
          `SELECT last_error, last_error_position FROM projection_checkpoints WHERE name = 'poisoned'`,
        )
      ).rows;
      return (
        status.retryCount > 0 &&
        (status.lastError ?? '').includes('cannot digest this event') &&
        failure?.last_error !== null
      );
    });
    const poison = (await store.readAll({ after: null, limit: 10_000 })).find(
      (event) => event.streamName === 'poisoned-stream' && event.type === 'Poison',
    )!;
    const at = `${poison.position.commit}-${poison.position.prepare}`;
    expect(failure).toEqual({
      last_error: `Poison at ${at}: cannot digest this event`,
      last_error_position: at,
    });
    // Once the handler stops failing, the projection catches up and clears the error.
    await until(async () => (await total(db, 'poisoned_counts')) === 3);
    const status = (await r.status()).find((s) => s.name === 'poisoned')!;
    expect(status.lastError).toBeNull();
    expect(failures.remaining).toBe(0);
    // The poison event was applied in the end, not skipped: the count includes it.
    expect(await total(db, 'poisoned_counts')).toBe(3);
    // Each retry waited twice as long as the one before (100, 200, 400 ms).
    const waits = failures.at.slice(1).map((t, i) => t - failures.at[i]!);
    expect(waits).toHaveLength(3);
    waits.forEach((wait, i) => {
      expect(wait).toBeGreaterThanOrEqual(100 * 2 ** i * 0.95);
    });
    await r.stop();
  });
});

describe('projection runner', () => {
  it('commits the batches of the projections in step in one transaction', async () => {
    const projections = ['jointa', 'jointb', 'jointc'].map((name) => counterProjection(name));
    const r = runner(projections);
    await r.start();
    for (const name of ['jointa', 'jointb', 'jointc'])
      await store.append(`${name}-1`, [tick(), tick()], { expectedRevision: 'any' });
    await until(async () => (await r.status()).every((status) => status.lagEvents === 0));
    // Caught up, all three follow the shared feed: the next event reaches them as one batch.
    await store.append('jointb-1', [tick()], { expectedRevision: 'any' });
    const head = await store.headPosition();
    await until(async () => {
      const positions = await Promise.all(projections.map((p) => readCheckpoint(db.pool, p.name)));
      return positions.every((position) => comparePositions(position, head) === 0);
    });
    // A row's xmin is the transaction that wrote it: one transaction moved all three checkpoints.
    const { rows } = await db.pool.query<{ xmin: string }>(
      `SELECT DISTINCT xmin::text FROM projection_checkpoints WHERE name = ANY($1)`,
      [projections.map((p) => p.name)],
    );
    expect(rows).toHaveLength(1);
    expect([
      await total(db, 'jointa_counts'),
      await total(db, 'jointb_counts'),
      await total(db, 'jointc_counts'),
    ]).toEqual([2, 3, 2]);
    await r.stop();
  });
  it('a projection whose checkpoint was moved underneath starts over from it; the others commit their batch', async () => {
    const moved = counterProjection('moved');
    const kept = counterProjection('kept');
    const r = runner([moved, kept]);
    await r.start();
    for (let i = 0; i < 5; i++) {
      await store.append('moved-1', [tick()], { expectedRevision: 'any' });
      await store.append('kept-1', [tick()], { expectedRevision: 'any' });
    }
    await until(
      async () => (await total(db, 'moved_counts')) === 5 && (await total(db, 'kept_counts')) === 5,
    );
    await until(async () => (await r.status()).every((status) => status.lagEvents === 0));
    // As a rebuild's switch does: another owner resets the projection (here to the start of the log).
    await db.pool.query(`DELETE FROM moved_counts`);
    await db.pool.query(
      `UPDATE projection_checkpoints SET position_commit = NULL, position_prepare = NULL WHERE name = 'moved'`,
    );
    await store.append('moved-1', [tick()], { expectedRevision: 'any' });
    await store.append('kept-1', [tick()], { expectedRevision: 'any' });
    // The worker finds its checkpoint moved, writes nothing on top of it, and replays from there: every
    // event of its stream once. Carrying on from where it was would leave 1.
    await until(async () => (await total(db, 'moved_counts')) === 6);
    await until(async () => (await total(db, 'kept_counts')) === 6);
    await until(async () => (await r.status()).every((status) => status.lagEvents === 0));
    expect(await total(db, 'moved_counts')).toBe(6);
    expect(await total(db, 'kept_counts')).toBe(6);
    await r.stop();
  });
});

describe('projection runner', () => {
  it('a statement that hangs fails its own projection after the timeout; the others commit meanwhile', async () => {
    const hangs = { remaining: 1 };
    const stuck: Projection = {
      ...counterProjection('stuck'),
      handlers: oneHandlerFor(['Tick', 'Poison'], async (event, tx) => {
        if (!event.streamName.startsWith('stuck-')) return;
        // As a statement waiting on a lock held elsewhere would.
        if (hangs.remaining-- > 0) await tx.query('SELECT pg_sleep(60)');
        await tx.query(
          `INSERT INTO stuck_counts (stream, n) VALUES ($1, 1) ON CONFLICT (stream) DO UPDATE SET n = stuck_counts.n + 1`,
          [event.streamName],
        );
      }),
    };
    const free = counterProjection('free');
    // What the runner reports of each failure (its status clears once the retry has gone through).
    const warnings: { projection?: string; err?: string }[] = [];
    const r = runner([stuck, free], {
      statementTimeoutMs: 300,
      maxBackoffMs: 200,
      logger: pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line)) }),
    });
    await r.start();
    await until(async () => (await r.status()).every((status) => status.lagEvents === 0));
    await store.append('stuck-1', [tick()], { expectedRevision: 'any' });
    await store.append('free-1', [tick()], { expectedRevision: 'any' });
    // Well before the hanging statement would have ended by itself.
    await until(async () => (await total(db, 'free_counts')) === 1, 10_000);
    // Its retry goes through, and nothing of the cancelled attempt stayed.
    await until(async () => (await total(db, 'stuck_counts')) === 1, 10_000);
    await until(async () =>
      (await r.status()).every((status) => status.lagEvents === 0 && !status.lastError),
    );
    expect(await total(db, 'stuck_counts')).toBe(1);
    expect(await total(db, 'free_counts')).toBe(1);
    // The hanging statement was cancelled by the timeout and reported as its projection's failure, the
    // other projection's never.
    expect(warnings.filter((w) => w.projection === 'stuck').map((w) => w.err)).toEqual([
      expect.stringContaining('statement timeout'),
    ]);
    expect(warnings.filter((w) => w.projection === 'free')).toEqual([]);
    await r.stop();
  });
});
