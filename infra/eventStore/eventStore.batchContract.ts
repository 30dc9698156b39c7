import { describe, expect, it } from 'vitest';
import { type ContractSubject, heldSubject, newEvent, stream } from './eventStore.contract.ts';
import { WrongExpectedRevisionError } from './eventStore.ts';

/**
 * The contract's part for stores that offer `appendMany` (several streams in one commit): kept apart from
 * eventStore.contract.ts, which every adapter runs, because only some adapters offer it.
 */

/** Batched appends across streams (stores that offer appendMany). */
export function appendManyContract(name: string, makeSubject: () => Promise<ContractSubject>) {
  describe(`event store batched appends: ${name}`, () => {
    const t = heldSubject(makeSubject);

    it('appends to several streams in one commit, with each hash chain intact', async () => {
      const store = t.store;
      if (!store.appendMany) throw new Error(`${name} has no appendMany`);
      const a = stream('BatchA');
      const b = stream('BatchB');
      await store.append(a, [newEvent('A0')], { expectedRevision: 'no_stream' });
      const results = await store.appendMany([
        { streamName: a, events: [newEvent('A1'), newEvent('A2')], expectedRevision: 0n },
        { streamName: b, events: [newEvent('B0')], expectedRevision: 'no_stream' },
      ]);
      expect(results.map((r) => r.nextRevision)).toEqual([2n, 0n]);
      const read = await store.readStream(a);
      expect(read.map((e) => e.type)).toEqual(['A0', 'A1', 'A2']);
      expect(read[1]!.metadata.prevHash).toBe(read[0]!.metadata.hash);
    });

    it('writes nothing at all when one stream of the batch is at the wrong revision', async () => {
      const store = t.store;
      const a = stream('AtomicA');
      const b = stream('AtomicB');
      await store.append(b, [newEvent('B0')], { expectedRevision: 'no_stream' });
      await expect(
        store.appendMany!([
          { streamName: a, events: [newEvent('A0')], expectedRevision: 'no_stream' },
          { streamName: b, events: [newEvent('B1')], expectedRevision: 5n },
        ]),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(a)).toEqual([]);
      expect(await store.readStream(b)).toHaveLength(1);
    });
  });
}

/** Concurrent batches on overlapping streams: each stream's history stays one unbroken chain. */
export function appendManyRaceContract(name: string, makeSubject: () => Promise<ContractSubject>) {
  describe(`event store batched appends under concurrency: ${name}`, () => {
    const t = heldSubject(makeSubject);

    it('lets racing batches that expect the same revision win once, and keeps every chain whole', async () => {
      const store = t.store;
      const streams = [stream('RaceX'), stream('RaceY'), stream('RaceZ')];
      await store.appendMany!(
        streams.map((s) => ({
          streamName: s,
          events: [newEvent('Open')],
          expectedRevision: 'no_stream' as const,
        })),
      );
      const attempts = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          store.appendMany!(
            // Opposite orders in half the batches: name-ordered locking keeps them from deadlocking.
            (i % 2 === 0 ? streams : [...streams].reverse()).map((s) => ({
              streamName: s,
              events: [newEvent(`T${i}`)],
              expectedRevision: 0n,
            })),
          ),
        ),
      );
      expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
      for (const s of streams) {
        const events = await store.readStream(s);
        expect(events).toHaveLength(2);
        expect(events[1]!.metadata.prevHash).toBe(events[0]!.metadata.hash);
      }
    });
  });
}
