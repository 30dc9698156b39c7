import { describe, expect, it } from 'vitest';
import { appendManyContract, appendManyRaceContract } from './eventStore.batchContract.ts';
import { appendHolds, type ContractSubject, eventStoreContract } from './eventStore.contract.ts';
import { EventStoreDbEventStore } from './eventStoreDbEventStore.ts';

const url = process.env.EVENTSTORE_URL;

// Skipped unless EVENTSTORE_URL names a running server: there is no EventStoreDB on a plain dev machine or
// CI runner (no Docker engine, no binary to fetch), and a suite that silently passes without one would
// prove nothing. The same contract runs against Postgres in every `npm test`; against EventStoreDB run
// `docker compose up -d eventstoredb` then `EVENTSTORE_URL=esdb://localhost:2113?tls=false npm run test:contract`.
async function liveSubject(): Promise<ContractSubject> {
  // ESDB has a single commit log, so no append can commit late; holding the append back before it is
  // sent is the closest equivalent, and the contract then checks nothing is delivered out of log order.
  const holds = appendHolds();
  const store = new EventStoreDbEventStore(url!, {
    beforeAppend: async (streamName) => {
      await holds.takeHeld(streamName);
    },
  });
  await store.init();
  return {
    store,
    holdNextAppend: holds.holdNextAppend,
    async dispose() {
      await store.close();
    },
  };
}

describe.skipIf(!url)('EventStoreDbEventStore on a live server', () => {
  eventStoreContract('eventstoredb', liveSubject);
  // Needs KurrentDB 25.1 or later (multi-stream append).
  appendManyContract('eventstoredb', liveSubject);
  appendManyRaceContract('eventstoredb', liveSubject);
});

describe('EventStoreDbEventStore without a server', () => {
  it('fails init quickly with an error naming the URL', async () => {
    const unreachable = 'esdb://127.0.0.1:1?tls=false';
    const store = new EventStoreDbEventStore(unreachable);
    const started = Date.now();
    try {
      await expect(store.init()).rejects.toThrow(`Cannot reach EventStoreDB at ${unreachable}`);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await store.close();
    }
  }, 15_000);

  it('rejects an unparseable connection string, naming it and hiding its password', () => {
    expect(() => new EventStoreDbEventStore('http://admin:changeit@localhost:2113')).toThrow(
      'Invalid EventStoreDB connection string http://admin:***@localhost:2113',
    );
  });
});
