import { type ContractSubject, eventStoreContract } from './eventStore.contract.ts';
import { InMemoryEventStore } from './inMemoryEventStore.ts';

/** The simulation's store must behave as the real adapters do: it runs their contract suite. */
const inMemorySubject = async (): Promise<ContractSubject> => {
  const held = new Map<string, Promise<void>>();
  const store = new InMemoryEventStore({
    beforeCommit: async (streamName) => {
      await held.get(streamName);
    },
  });
  return {
    store,
    holdNextAppend(streamName) {
      let release!: () => void;
      held.set(
        streamName,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return { release };
    },
    async dispose() {
      await store.close();
    },
  };
};

eventStoreContract('in-memory', inMemorySubject);
