import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { PostgresEventStore } from '../../infra/eventStore/postgresEventStore.ts';
import { log, RUNS, results, SECONDS } from '../lib/context.ts';
import { load, repeat } from '../lib/measure.ts';
import { type Figure, stat } from '../stat.ts';

/** 1-2, the commit path: single-row INSERTs (the baseline) and the event store's appends, at c=1 and c=32. */
export async function commitGroup(pool: pg.Pool, url: string) {
  // 1. Baseline: raw single-row INSERT transactions into a table shaped like es_events.
  await pool.query(`CREATE TABLE bench_baseline (LIKE es_events INCLUDING ALL)`).catch(async () => {
    const store = new PostgresEventStore(pool, url);
    await store.init();
    await store.close();
    await pool.query(`CREATE TABLE bench_baseline (LIKE es_events INCLUDING ALL)`);
  });
  for (const concurrency of [1, 32]) {
    const r = await repeat(RUNS, async () => {
      const res = await load(concurrency, SECONDS / 2, async () => {
        await pool.query(
          `INSERT INTO bench_baseline (stream_name, stream_revision, event_id, event_type, data, metadata) VALUES ($1, 0, $2, 'X', '{}', '{}')`,
          [randomUUID(), randomUUID()],
        );
      });
      return { txPerSecond: res.opsPerSecond, p50: res.p50, p99: res.p99 };
    });
    results[`1. baseline INSERT c=${concurrency}`] = {
      throughput: stat(r.txPerSecond!, 'tx/s'),
      p50: stat(r.p50!, 'ms'),
      p99: stat(r.p99!, 'ms'),
    };
    log(`baseline c=${concurrency}: ${Math.round(stat(r.txPerSecond!, '').median)} tx/s`);
  }

  // 2. Event store appends, one event per transaction.
  const store = new PostgresEventStore(pool, url);
  await store.init();
  for (const concurrency of [1, 32]) {
    const r = await repeat(RUNS, async () => {
      const res = await load(concurrency, SECONDS / 2, async (worker, i) => {
        const id = randomUUID();
        await store.append(
          `bench-${worker}-${i % 1000}-${id.slice(0, 4)}`,
          [
            {
              id,
              type: 'Bench',
              data: { i },
              metadata: { actorId: null, correlationId: id, causationId: null },
            },
          ],
          { expectedRevision: 'any' },
        );
      });
      return { eventsPerSecond: res.opsPerSecond, p50: res.p50, p99: res.p99 };
    });
    const baseline = (results[`1. baseline INSERT c=${concurrency}`]!.throughput as Figure).median;
    const figure = stat(r.eventsPerSecond!, 'events/s');
    results[`2. store append c=${concurrency}`] = {
      throughput: figure,
      p50: stat(r.p50!, 'ms'),
      p99: stat(r.p99!, 'ms'),
      ratioToBaseline: Number((figure.median / baseline).toFixed(2)),
    };
    log(
      `append c=${concurrency}: ${Math.round(figure.median)} events/s (${(figure.median / baseline).toFixed(2)} of baseline)`,
    );
  }
  await store.close();
}
