import { describe, expect, it } from 'vitest';
import type { EventStore, StreamAppend } from '../../infra/eventStore/eventStore.ts';
import { type Leg, SeedCommits } from './commits.ts';

/** A store that only records the batches appendMany is given. */
function recordingStore() {
  const batches: StreamAppend[][] = [];
  const store = {
    appendMany: async (batch: StreamAppend[]) => {
      batches.push(batch);
      return batch.map(() => ({ nextRevision: 0n, position: { commit: 0n, prepare: 0n } }));
    },
  } as unknown as EventStore;
  return { store, batches };
}

let next = 0;
function leg(streamName: string, type: string, revisionBefore = -1n): Leg {
  const id = `00000000-0000-4000-8000-${(next++).toString(16).padStart(12, '0')}`;
  return {
    streamName,
    events: [{ id, type, data: {}, metadata: { actorId: null, correlationId: id, causationId: id } }],
    revisionBefore,
  };
}

/** The commit's events in log order, as "stream:type". */
const logOrder = (batch: StreamAppend[]) =>
  batch.flatMap((item) => item.events.map((event) => `${item.streamName}:${event.type}`));

describe('SeedCommits', () => {
  it("puts a transfer's debit before its credit, whatever order the streams first appeared in", async () => {
    const { store, batches } = recordingStore();
    const commits = new SeedCommits(store);
    // B appears first (a mint), then A pays B: B's run must follow A's.
    await commits.add([leg('B', 'mint')]);
    await commits.add([leg('A', 'debit1'), leg('B', 'credit1')]);
    await commits.add([leg('B', 'debit2'), leg('C', 'credit2')]);
    expect(await commits.flush()).toBe(5);
    expect(batches).toHaveLength(1);
    const order = logOrder(batches[0]!);
    expect(order.indexOf('A:debit1')).toBeLessThan(order.indexOf('B:credit1'));
    expect(order.indexOf('B:debit2')).toBeLessThan(order.indexOf('C:credit2'));
    expect(batches[0]!.map((item) => item.expectedRevision)).toEqual(['no_stream', 'no_stream', 'no_stream']);
  });

  it('starts a new commit for a transfer that cannot follow the pending ones (B paid A after A paid B)', async () => {
    const { store, batches } = recordingStore();
    const commits = new SeedCommits(store);
    await commits.add([leg('A', 'debit1'), leg('B', 'credit1')]);
    expect(await commits.add([leg('B', 'debit2', 0n), leg('A', 'credit2', 0n)])).toBe(2);
    await commits.flush();
    expect(batches.map(logOrder)).toEqual([
      ['A:debit1', 'B:credit1'],
      ['B:debit2', 'A:credit2'],
    ]);
    expect(batches[1]!.map((item) => item.expectedRevision)).toEqual([0n, 0n]);
  });

  it('puts what follows from an event on another stream after it (a mint after its approval)', async () => {
    const { store, batches } = recordingStore();
    const commits = new SeedCommits(store);
    await commits.add([leg('account-U', 'transfer')]);
    await commits.add([leg('payment-P', 'approved')]);
    await commits.add([leg('account-U', 'minted', 0n)], ['payment-P']);
    await commits.flush();
    expect(logOrder(batches[0]!)).toEqual(['payment-P:approved', 'account-U:transfer', 'account-U:minted']);
  });
});
