import { randomUUID } from 'node:crypto';
import { KeyReusedError } from '../../domain/shared/errors.ts';
import type { EventMetadata, RecordedEvent } from '../../infra/eventStore/eventStore.ts';
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

export function seededEventId(seed: string, streamName: string, index: number): string {
  return nameBasedUuid(`${seed}:${streamName}:${index}`);
}

/** A command writes a handful of events at most; this many seeded ids are looked for. */
const MOST_EVENTS_PER_COMMAND = 8;

export const KEY_REUSED = 'This Idempotency-Key was already used with a different request';

/**
 * The events this very command (same id seed) appended to the stream, or [] when it has not: found by
 * their seeded ids, one indexed look-up however long the stream (or a read of the stream on a store
 * without one). A retry whose request differs from the one recorded (`requestHash`, carried on every
 * event of a command run under an Idempotency-Key) is refused here, for as long as the log holds the
 * command: its later steps are never built from the retry's body (docs/ledger.md invariant 3).
 */
export async function recordedBySeed(
  ctx: PipelineContext,
  streamName: string,
  seed: string,
  metadata: EventMetadata | null,
): Promise<RecordedEvent[]> {
  const ids = Array.from({ length: MOST_EVENTS_PER_COMMAND }, (_, i) => seededEventId(seed, streamName, i));
  const found = ctx.store.readEventsById
    ? await ctx.store.readEventsById(streamName, ids)
    : (await ctx.store.readStream(streamName)).filter((event) => ids.includes(event.id));
  const mine: RecordedEvent[] = [];
  for (const event of found) {
    if (event.id !== ids[mine.length]) break;
    mine.push(event);
  }
  if (mine.length > 0) assertSameRequest(mine[0]!, metadata);
  return mine;
}

/** Refuses (422) a retry whose request is not the one the recorded event was written for. */
export function assertSameRequest(recorded: RecordedEvent, metadata: EventMetadata | null): void {
  const first = recorded.metadata.requestHash;
  const now = metadata?.requestHash;
  if (first !== undefined && now !== undefined && first !== now) throw new KeyReusedError(KEY_REUSED);
}

/** The events this very command (same id seed) already appended to the stream, or null. */
export async function writtenEarlier<State, Event extends DomainEventShape>(
  ctx: PipelineContext,
  streamName: string,
  seed: string,
  metadata: EventMetadata,
  state: State,
  revision: bigint,
): Promise<CommandResult<State, Event> | null> {
  const mine = await recordedBySeed(ctx, streamName, seed, metadata);
  if (mine.length === 0) return null;
  return {
    state,
    events: mine.map((event) => ({ type: event.type, data: event.data }) as Event),
    revision,
    position: mine[mine.length - 1]!.position,
  };
}
