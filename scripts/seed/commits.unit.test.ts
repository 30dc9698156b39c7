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
  it("writes units in the order they came, a transfer's debit right before its credit", async () => {
    const { store, batches } = recordingStore();
    const commits = new SeedCommits(store);
    await commits.add([leg('B', 'mint')]);
    await commits.add([leg('A', 'debit1'), leg('C', 'credit1')]);
    await commits.add([leg('D', 'debit2'), leg('E', 'credit2')]);
    expect(await commits.flush()).toBe(5);
    expect(batches.map(logOrder)).toEqual([['B:mint', 'A:debit1', 'C:credit1', 'D:debit2', 'E:credit2']]);
    expect(batches[0]!.map((item) => item.expectedRevision)).toEqual(Array(5).fill('no_stream'));
  });

  it('starts a new commit for a unit that touches a stream already in the pending one', async () => {
    const { store, batches } = recordingStore();
    const commits = new SeedCommits(store);
    await commits.add([leg('A', 'debit1'), leg('B', 'credit1')]);
    // B spends what it got: joining B's run would put its debit before A's debit in the log.
    expect(await commits.add([leg('C', 'mint')])).toBe(0);
    expect(await commits.add([leg('B', 'debit2', 0n), leg('D', 'credit2')])).toBe(3);
    await commits.flush();
    expect(batches.map(logOrder)).toEqual([
      ['A:debit1', 'B:credit1', 'C:mint'],
      ['B:debit2', 'D:credit2'],
    ]);
    expect(batches[1]!.map((item) => item.expectedRevision)).toEqual([0n, 'no_stream']);
  });

  it('refuses a unit that touches one stream twice', async () => {
    const commits = new SeedCommits(recordingStore().store);
    await expect(commits.add([leg('A', 'debit'), leg('A', 'credit')])).rejects.toThrow(/twice/);
  });
});
