import { appendHolds, type ContractSubject, eventStoreContract } from './eventStore.contract.ts';
import { InMemoryEventStore } from './inMemoryEventStore.ts';

/** The simulation's store must behave as the real adapters do: it runs their contract suite. */
const inMemorySubject = async (): Promise<ContractSubject> => {
  const holds = appendHolds();
  const store = new InMemoryEventStore({
    beforeCommit: async (streamName) => {
      await holds.heldFor(streamName);
    },
  });
  return {
    store,
    holdNextAppend: holds.holdNextAppend,
    async dispose() {
      await store.close();
    },
  };
};

eventStoreContract('in-memory', inMemorySubject);
