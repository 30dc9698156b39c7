import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../infra/eventStore/eventStore.ts';
import { EVENT_UPCASTERS } from '../../infra/eventStore/upcasting.ts';
import { nameBasedUuid } from '../../infra/ids.ts';
import type { CommandResult, DomainEventShape, PipelineContext } from './context.ts';

/**
 * A retried command is recognised by its events' ids: with a seed, each new event's id is a name-based
 * UUID of (seed, stream, index), so a re-run of the same command appends the same ids, which the store
 * recognises as already written; without one, the ids are random.
 */
export function newEvents<Event extends DomainEventShape>(
  streamName: string,
  events: Event[],
  metadata: EventMetadata,
  seed: string | undefined,
) {
  return events.map((event, index) => ({
    id: seed ? seededEventId(seed, streamName, index) : randomUUID(),
    type: event.type,
    data: event.data,
    // The type's current schema version, when above 1 (the same object while no shape has changed).
    metadata: EVENT_UPCASTERS.stamp(event.type, metadata),
  }));
}

function seededEventId(seed: string, streamName: string, index: number): string {
  return nameBasedUuid(`${seed}:${streamName}:${index}`);
}

/** The events this very command (same id seed) already appended to the stream, or null. */
export async function writtenEarlier<State, Event extends DomainEventShape>(
  ctx: PipelineContext,
  streamName: string,
  seed: string,
  state: State,
  revision: bigint,
): Promise<CommandResult<State, Event> | null> {
  const first = seededEventId(seed, streamName, 0);
  const stream = await ctx.store.readStream(streamName);
  const start = stream.findIndex((event) => event.id === first);
  if (start === -1) return null;
  const mine = [];
  for (let i = start; i < stream.length && stream[i]!.id === seededEventId(seed, streamName, i - start); i++)
    mine.push(stream[i]!);
  return {
    state,
    events: mine.map((event) => ({ type: event.type, data: event.data }) as Event),
    revision,
    position: mine[mine.length - 1]!.position,
  };
}
