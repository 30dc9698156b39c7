import {
  type AllStreamResolvedEvent,
  BACKWARDS,
  END,
  FORWARDS,
  type KurrentDBClient,
  type Position,
  type ReadPosition,
  START,
} from '@kurrent/kurrentdb-client';
import { comparePositions, type LogPosition, type RecordedEvent } from '../eventStore.ts';
import { collect, isSystem, toRecorded, translate } from './records.ts';

/**
 * The EventStoreDB adapter's reads of $all: the log in order after a position, the log's last position, and
 * the probe that the server answers.
 */

const ALL_PAGE = 64;

/**
 * $all holds system records too and this client cannot filter a read on the server, so pages are read
 * until `limit` events of ours are found or the log ends: an empty answer always means "nothing after".
 */
export async function readAllAfter(
  client: KurrentDBClient,
  url: string,
  options: { after: LogPosition | null; limit: number },
): Promise<RecordedEvent[]> {
  if (options.limit <= 0) return [];
  const page = Math.max(options.limit + 1, ALL_PAGE);
  const found: RecordedEvent[] = [];
  // ESDB reads from a position inclusively: everything at or before the cursor was seen already.
  let cursor = options.after;
  try {
    for (;;) {
      const fromPosition: ReadPosition = cursor ?? START;
      const batch = await collect(client.readAll({ direction: FORWARDS, fromPosition, maxCount: page }));
      let moved = false;
      for (const { event } of batch) {
        if (!event || comparePositions(event.position, cursor) <= 0) continue;
        cursor = event.position;
        moved = true;
        if (isSystem(event)) continue;
        found.push(toRecorded(event));
        if (found.length >= options.limit) return found;
      }
      if (batch.length < page || !moved) return found;
    }
  } catch (error) {
    throw translate(url, error);
  }
}

/** The position of the log's last event of ours (system records skipped), null when there is none. */
export async function lastPosition(client: KurrentDBClient, url: string): Promise<LogPosition | null> {
  let cursor: Position | null = null;
  try {
    for (;;) {
      const fromPosition: ReadPosition = cursor ?? END;
      const batch: AllStreamResolvedEvent[] = await collect(
        client.readAll({ direction: BACKWARDS, fromPosition, maxCount: ALL_PAGE }),
      );
      let moved = false;
      for (const { event } of batch) {
        if (!event || (cursor && comparePositions(event.position, cursor) >= 0)) continue;
        cursor = event.position;
        moved = true;
        if (!isSystem(event)) return { commit: event.position.commit, prepare: event.position.prepare };
      }
      if (batch.length < ALL_PAGE || !moved) return null;
    }
  } catch (error) {
    throw translate(url, error);
  }
}

/** Reads the newest record of $all, to see the server answers; its reads carry no deadline, so race one. */
export async function readNewest(client: KurrentDBClient, deadlineMs: number): Promise<void> {
  const read = client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void read.return?.().catch(() => {});
      reject(new Error(`no answer within ${deadlineMs} ms`));
    }, deadlineMs);
  });
  try {
    await Promise.race([collect(read), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
