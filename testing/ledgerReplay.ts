import type { EventStore, LogPosition, RecordedEvent } from '../infra/eventStore/eventStore.ts';
import { rawStore } from '../infra/eventStore/upcasting.ts';

/**
 * The raw log (every event as stored, in log order), for tests that hold the tree follower's and the digest
 * service's answers to an independent computation (e.g. naiveRoot over the events' leaves), never to
 * hard-coded results.
 */
export async function replayLog(store: EventStore, upTo?: bigint): Promise<{ events: RecordedEvent[] }> {
  const log = rawStore(store);
  const events: RecordedEvent[] = [];
  let after: LogPosition | null = null;
  for (;;) {
    const batch = await log.readAll({ after, limit: 1_000 });
    events.push(...batch);
    if (batch.length < 1_000) break;
    after = batch[batch.length - 1]!.position;
  }
  if (upTo !== undefined) events.length = Math.min(events.length, Number(upTo));
  return { events };
}
