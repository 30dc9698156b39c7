import type { EventStore, StreamAppend } from '../../infra/eventStore/eventStore.ts';
import { registerRawStore } from '../../infra/eventStore/upcasting.ts';
import type { KeyRing } from './keyRing.ts';
import { openEvents, sealEvents } from './sealedEvents.ts';

/**
 * The event store as the application uses it under crypto-shredding (docs/decisions/0014-crypto-shredding.md):
 * every append seals the personal fields of its events (personalFields.ts) before the store hashes and
 * writes them, so the log and its hash chain only ever hold the sealed form; every read opens them again,
 * so deciders and projections work with plaintext and meet the placeholders once a person is erased.
 * Decryption happens here, when deciders load state and projections build read models, never per HTTP
 * read: the API's reads come from the read models.
 *
 * It has no `bulkRead`: a rebuild's bulk SQL would read the sealed envelopes, so a rebuild goes event by
 * event through Node (the cost is measured in docs/decisions/0014-crypto-shredding.md). `rawStore` gives
 * the log as written (ledger:verify recomputes the hashes over the sealed form).
 */
export function sealingStore(store: EventStore, ring: KeyRing): EventStore {
  const wrapped: EventStore = Object.assign(Object.create(store) as EventStore, {
    bulkRead: undefined,
    async append(...[streamName, events, options]: Parameters<EventStore['append']>) {
      return await store.append(streamName, await sealEvents(ring, events), options);
    },
    async readStream(...args: Parameters<EventStore['readStream']>) {
      return await openEvents(ring, await store.readStream(...args));
    },
    async readAll(...args: Parameters<EventStore['readAll']>) {
      return await openEvents(ring, await store.readAll(...args));
    },
    subscribeToAll(options: Parameters<EventStore['subscribeToAll']>[0]) {
      return store.subscribeToAll({
        ...options,
        onEvents: async (events) => options.onEvents(await openEvents(ring, events)),
      });
    },
  });
  if (store.appendMany) {
    const appendMany = store.appendMany.bind(store);
    wrapped.appendMany = async (batch: StreamAppend[]) => {
      const sealed: StreamAppend[] = [];
      for (const item of batch) sealed.push({ ...item, events: await sealEvents(ring, item.events) });
      return await appendMany(sealed);
    };
  } else {
    wrapped.appendMany = undefined;
  }
  registerRawStore(wrapped, store);
  return wrapped;
}
