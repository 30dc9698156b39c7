import type {
  BulkLogRead,
  EventStore,
  LogPosition,
  StreamAppend,
} from '../../infra/eventStore/eventStore.ts';
import { registerRawStore } from '../../infra/eventStore/upcasting.ts';
import type { KeyRing } from './keyRing.ts';
import { PERSONAL_FIELDS } from './personalFields.ts';
import { openEvents, sealEvents } from './sealedEvents.ts';
import { isSealedValue } from './sealing.ts';

/**
 * The event store as the application uses it under crypto-shredding (docs/decisions/0014-crypto-shredding.md):
 * every append seals the personal fields of its events (personalFields.ts) before the store hashes and
 * writes them, so the log and its hash chain only ever hold the sealed form; every read opens them again,
 * so deciders and projections work with plaintext and meet the placeholders once a person is erased.
 * Decryption happens here, when deciders load state and projections build read models, never per HTTP
 * read: the API's reads come from the read models.
 *
 * A rebuild's bulk SQL reads `es_events` itself: its `bulkRead` hands it the opened data of the events
 * that hold sealed fields (readDataAsRead), which the SQL reads in place of the stored envelopes.
 * `rawStore` gives the log as written (ledger:verify recomputes the hashes over the sealed form).
 */
export function sealingStore(store: EventStore, ring: KeyRing): EventStore {
  const wrapped: EventStore = Object.assign(Object.create(store) as EventStore, {
    bulkRead: store.bulkRead ? openingBulkRead(store.bulkRead, ring) : undefined,
    async append(...[streamName, events, options]: Parameters<EventStore['append']>) {
      return await store.append(streamName, await sealEvents(ring, events), options);
    },
    async readStream(...args: Parameters<EventStore['readStream']>) {
      return await openEvents(ring, await store.readStream(...args));
    },
    async readAll(...args: Parameters<EventStore['readAll']>) {
      return await openEvents(ring, await store.readAll(...args));
    },
    readEventsById: store.readEventsById
      ? async (streamName: string, ids: readonly string[]) =>
          await openEvents(ring, await store.readEventsById!(streamName, ids))
      : undefined,
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

/**
 * The bulk read of a sealing store: events as the application reads them (opened), and the opened data
 * of every event with a sealed field for the bulk SQL (only those: most events hold none).
 */
function openingBulkRead(bulk: BulkLogRead, ring: KeyRing): BulkLogRead {
  return {
    databaseIdentity: () => bulk.databaseIdentity(),
    visibleEnd: () => bulk.visibleEnd(),
    readAllOfTypes: async (options) => await openEvents(ring, await bulk.readAllOfTypes(options)),
    async readDataAsRead({ upTo, types, write }) {
      const sealable = types.filter((type) => PERSONAL_FIELDS[type]);
      if (sealable.length === 0) return;
      let after: LogPosition | null = null;
      for (;;) {
        const batch = await bulk.readAllOfTypes({ after, upTo, types: sealable, limit: 5_000 });
        if (batch.length === 0) return;
        after = batch[batch.length - 1]!.position;
        const sealed = batch.filter((event) =>
          PERSONAL_FIELDS[event.type]!.some(({ field }) =>
            isSealedValue((event.data as Record<string, unknown>)[field]),
          ),
        );
        const opened = await openEvents(ring, sealed);
        if (opened.length > 0) await write(opened.map((event) => ({ id: event.id, data: event.data })));
      }
    },
  };
}
