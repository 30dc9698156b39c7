import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../infra/eventStore/eventStore.ts';
import { runWorkload } from '../testing/faults/workload.ts';
import { projectIntoSchema, readWholeLog, snapshotTables } from '../testing/projections.ts';
import { Random } from '../testing/random.ts';
import { setUpTestApp } from '../testing/testApp.ts';
import { servedWithWorkload } from '../testing/workloadApp.ts';
import { allProjections } from './index.ts';
import { handlesType } from './projection.ts';

/**
 * The set-based form of a projection (applyBatch) must leave exactly the rows that applying the same
 * events one at a time does: over a real log of transfers, approvals, rejections, ETH deposits,
 * withdrawals completed and failed, and notifications marked read; cut into random batches (sizes 1 to
 * 400); with a random stretch of the log delivered a second time, and one batch that repeats the end of
 * the batch before it.
 */
const batched = allProjections.filter((p) => p.applyBatch);

describe('set-based projections equal event-by-event ones', () => {
  const t = setUpTestApp();
  let close = () => {};
  let log: RecordedEvent[];
  const seed = Number(process.env.BATCH_SEED ?? Date.now() % 100_000);

  beforeAll(async () => {
    const served = await servedWithWorkload(t, { users: 5, tag: 'batch', seed });
    close = served.close;
    const world = served.world;
    // Read notifications one by one and all at once, between new ones.
    await t.settle();
    for (const user of world.users.slice(0, 3)) {
      const list = await user.client.send('GET', '/api/notifications');
      expect(list.body.length).toBeGreaterThan(0);
      const one = await user.client.send('PATCH', `/api/notifications/${list.body[0].id}/read`, {});
      expect(one.status).toBe(200);
      const all = await user.client.send('PATCH', '/api/notifications/mark-all-read', {});
      expect(all.status).toBe(200);
    }
    await runWorkload(world, new Random(seed + 1), { lanes: 2, opsPerLane: 10 });
    await t.settle();
    log = await readWholeLog(t.deps.store);
  }, 180_000);

  afterAll(async () => {
    close();
  });

  it.each(batched.map((p) => [p.name, p] as const))(
    '%s: random batches and a redelivered stretch give the event-by-event rows (and the live ones)',
    async (name, projection) => {
      const random = new Random(seed);
      const handled = log.filter((event) => handlesType(projection, event.type));
      expect(handled.length, `the workload produced no ${name} events`).toBeGreaterThan(10);
      const batches: RecordedEvent[][] = [];
      for (let at = 0; at < log.length; ) {
        const size = random.int(1, 400);
        batches.push(log.slice(at, at + size));
        at += size;
      }
      const from = random.int(0, log.length - 1);
      const again = log.slice(from, from + random.int(1, 300));
      // And one batch that starts with the end of the one before it: old events, then new ones.
      const overlapAt = random.int(1, batches.length - 1);
      const before = batches[overlapAt - 1]!;
      const overlapping = batches.map((batch, i) =>
        i === overlapAt ? [...before.slice(before.length - random.int(1, before.length)), ...batch] : batch,
      );
      const oneByOne = await projectIntoSchema(
        t.db.pool,
        projection,
        `seq_${name.toLowerCase()}`,
        [log, again],
        'one',
      );
      const setBased = await projectIntoSchema(
        t.db.pool,
        projection,
        `set_${name.toLowerCase()}`,
        [...overlapping, again],
        'set',
      );
      // As a rebuild applies them: each event once, no redelivery checks, the deferred keys absent.
      const rebuilt = await projectIntoSchema(
        t.db.pool,
        projection,
        `first_${name.toLowerCase()}`,
        batches,
        'first',
      );
      for (const table of projection.tables) {
        expect(oneByOne[table]!.length, `${table} is empty`).toBeGreaterThan(0);
        expect(setBased[table], `${table} (seed ${seed})`).toEqual(oneByOne[table]);
        expect(rebuilt[table], `${table} as rebuilt (seed ${seed})`).toEqual(oneByOne[table]);
      }
      // The live tables, built by the runner's set-based batches as the workload ran, agree too.
      const live = await snapshotTables(t.db.pool, projection.tables);
      for (const table of projection.tables) expect(live[table], `live ${table}`).toEqual(oneByOne[table]);
    },
    60_000,
  );
});
