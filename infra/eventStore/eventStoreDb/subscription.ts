import { excludeSystemEvents, type KurrentDBClient, START } from '@kurrent/kurrentdb-client';
import {
  comparePositions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../eventStore.ts';
import { isSystem, toRecorded, translate } from './records.ts';

/**
 * A subscription to $all from `options.after`, system events filtered out on the server, handed over in
 * batches as they arrive; it ends with onError if the server ends it.
 */
export function subscribeToAll(
  client: KurrentDBClient,
  url: string,
  options: SubscribeOptions,
): Subscription {
  const batchSize = Math.max(1, options.batchSize ?? 500);
  const after = options.after;
  let stopping = false;
  const source = client.subscribeToAll({
    fromPosition: after ?? START,
    filter: excludeSystemEvents(),
  });
  const loop = (async () => {
    let batch: RecordedEvent[] = [];
    try {
      for await (const { event } of source) {
        if (stopping) break;
        // The server starts after `after`; the check only guards against an inclusive start.
        if (event && !isSystem(event) && comparePositions(event.position, after) > 0) {
          batch.push(toRecorded(event));
        }
        // Hand over what has arrived instead of waiting for a full batch. While onEvents runs nothing is
        // read, gRPC flow control holds the server back: a slow consumer slows the subscription.
        if (batch.length >= batchSize || (batch.length > 0 && source.readableLength === 0)) {
          const delivered = batch;
          batch = [];
          await options.onEvents(delivered);
        }
      }
      if (!stopping) throw new Error(`EventStoreDB at ${url} ended the subscription`);
    } catch (error) {
      if (!stopping) options.onError(translate(url, error));
    } finally {
      stopping = true;
      await source.unsubscribe().catch(() => {});
      source.destroy();
    }
  })();
  return {
    close: async () => {
      if (!stopping) {
        stopping = true;
        await source.unsubscribe().catch(() => {});
        // Ends the for-await even if the cancelled gRPC call never ends the stream.
        source.destroy();
      }
      await loop;
    },
  };
}
