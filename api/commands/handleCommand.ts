import { randomUUID } from 'node:crypto';
import type { Decider } from '../../domain/shared/decider.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import {
  type EventMetadata,
  type EventStore,
  type LogPosition,
  WrongExpectedRevisionError,
} from '../../infra/eventStore/eventStore.ts';
import { nameBasedUuid } from '../../infra/ids.ts';

/**
 * Load → decide → append with the expected revision, retried on a concurrent write.
 *
 * A command's cost must not grow with its stream's history (LEDGER.md): the folded state of recently
 * used streams is cached with its revision, and a command only reads the events appended since. The
 * append's expected revision catches any writer the cache did not see; the retry then catches up.
 */
interface Cached {
  state: unknown;
  revision: bigint;
}

export class StateCache {
  private readonly entries = new Map<string, Cached>();
  private readonly queues = new Map<string, Promise<void>>();
  constructor(private readonly capacity = 50_000) {}

  /**
   * Runs commands on one stream one after the other within this process. Racing them would only make all
   * but one lose the expected-revision check and retry; other processes are still met by those retries.
   */
  async serialize<T>(stream: string, work: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(stream) ?? Promise.resolve()).then(work);
    const tail = run.then(
      () => {},
      () => {},
    );
    this.queues.set(stream, tail);
    try {
      return await run;
    } finally {
      if (this.queues.get(stream) === tail) this.queues.delete(stream);
    }
  }

  get(stream: string): Cached | undefined {
    const hit = this.entries.get(stream);
    if (hit) {
      // Map order is insertion order: re-inserting marks it most recently used.
      this.entries.delete(stream);
      this.entries.set(stream, hit);
    }
    return hit;
  }
  set(stream: string, value: Cached): void {
    this.entries.delete(stream);
    this.entries.set(stream, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
  delete(stream: string): void {
    this.entries.delete(stream);
  }
}

export interface DomainEventShape {
  type: string;
  data: unknown;
}

export interface CommandContext {
  store: EventStore;
  cache: StateCache;
  /**
   * How to wait before deciding again after a concurrent write (default: a short random jitter). The
   * deterministic simulation passes its scheduler's pause here.
   */
  retryPause?: (attempt: number) => Promise<void>;
}

export interface CommandResult<State, Event> {
  state: State;
  events: Event[];
  /** -1n when the stream does not exist. */
  revision: bigint;
  /** Where the new events landed; null when the decision produced none. */
  position: LogPosition | null;
}

export async function loadState<State, Command, Event extends DomainEventShape>(
  ctx: CommandContext,
  streamName: string,
  decider: Decider<State, Command, Event>,
): Promise<{ state: State; revision: bigint }> {
  const cached = ctx.cache.get(streamName);
  let state = (cached?.state as State | undefined) ?? decider.initialState();
  let revision = cached?.revision ?? -1n;
  const events = await ctx.store.readStream(streamName, { fromRevision: revision + 1n });
  for (const event of events) {
    state = decider.evolve(state, { type: event.type, data: event.data } as Event);
    revision = event.revision;
  }
  if (events.length > 0 || !cached) ctx.cache.set(streamName, { state, revision });
  return { state, revision };
}

export interface HandleOptions {
  /**
   * Seed for the new events' ids (a name-based UUID per event). A re-run of the same command then
   * appends the same ids, which the store recognises as already written.
   */
  eventIdSeed?: string;
  /**
   * With a seed, on a stream of one business object (a payment, a withdrawal, a deposit: a handful of
   * events): when the decision is refused or empty because this very command already took effect (a
   * retry after a crash: "already approved"), return the events it wrote then, so the retry answers as
   * the first attempt would have. It reads the whole stream, hence not for account streams.
   */
  findEarlier?: boolean;
  maxAttempts?: number;
}

export async function handleCommand<State, Command, Event extends DomainEventShape>(
  ctx: CommandContext,
  streamName: string,
  decider: Decider<State, Command, Event>,
  command: Command | ((state: State) => Command),
  metadata: EventMetadata,
  options: HandleOptions = {},
): Promise<CommandResult<State, Event>> {
  const maxAttempts = options.maxAttempts ?? 20;
  return await ctx.cache.serialize(streamName, async () => {
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await loadState(ctx, streamName, decider);
      const concrete = typeof command === 'function' ? (command as (s: State) => Command)(state) : command;
      const earlier = () =>
        options.findEarlier && options.eventIdSeed
          ? writtenEarlier<State, Event>(ctx, streamName, options.eventIdSeed, state, revision)
          : Promise.resolve(null);
      let events: Event[];
      try {
        events = decider.decide(concrete, state);
      } catch (error) {
        if (error instanceof DomainError) {
          const done = await earlier();
          if (done) return done;
        }
        throw error;
      }
      if (events.length === 0) return (await earlier()) ?? { state, events, revision, position: null };
      try {
        const result = await ctx.store.append(
          streamName,
          events.map((event, index) => ({
            id: options.eventIdSeed ? seededEventId(options.eventIdSeed, streamName, index) : randomUUID(),
            type: event.type,
            data: event.data,
            metadata,
          })),
          { expectedRevision: revision === -1n ? 'no_stream' : revision },
        );
        // An idempotent re-append returns where the events already were; reload rather than assume.
        if (result.nextRevision !== revision + BigInt(events.length)) {
          ctx.cache.delete(streamName);
          const reloaded = await loadState(ctx, streamName, decider);
          return { state: reloaded.state, events, revision: reloaded.revision, position: result.position };
        }
        const next = events.reduce(decider.evolve, state);
        ctx.cache.set(streamName, { state: next, revision: result.nextRevision });
        return { state: next, events, revision: result.nextRevision, position: result.position };
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError && attempt < maxAttempts) {
          // Another process wrote first: catch up and decide again (jitter spreads hot-stream retries).
          if (ctx.retryPause) await ctx.retryPause(attempt);
          else
            await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 ** attempt, 50)));
          continue;
        }
        throw error;
      }
    }
  });
}

function seededEventId(seed: string, streamName: string, index: number): string {
  return nameBasedUuid(`${seed}:${streamName}:${index}`);
}

/** The events this very command (same id seed) already appended to the stream, or null. */
async function writtenEarlier<State, Event extends DomainEventShape>(
  ctx: CommandContext,
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
