import { randomUUID } from 'node:crypto';
import type { Decider } from '../../domain/shared/decider.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import {
  DuplicateEventIdError,
  type EventMetadata,
  type EventStore,
  type LogPosition,
  type NewEvent,
  WrongExpectedRevisionError,
} from '../../infra/eventStore/eventStore.ts';
import { nameBasedUuid } from '../../infra/ids.ts';

/**
 * Load → decide → append with the expected revision, retried on a concurrent write.
 *
 * A command's cost must not grow with its stream's history (LEDGER.md): the folded state of recently
 * used streams is cached with its revision. A command on a cached stream decides on that state without
 * reading at all: the append's expected revision is the check that the state is current, and catches any
 * writer the cache did not see; the retry then reads what was appended since and decides again. A
 * decision that appends nothing (a refusal, "nothing to do") has no such check, so it is only given
 * after a read has confirmed the state.
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

  private readonly waiting = new Map<string, GroupJob[]>();

  /**
   * Commands on one stream that queue up while the stream is busy are decided one after the other on the
   * state in memory and appended together, in one append (one expected-revision check, one commit), by
   * `runGroup`. A hot account (a busy sender) then takes as many commands per commit as are waiting,
   * instead of one commit each. Commands are still decided and answered in arrival order.
   */
  enqueue(stream: string, job: GroupJob, runGroup: (jobs: GroupJob[]) => Promise<void>): void {
    const queue = this.waiting.get(stream);
    if (queue) {
      queue.push(job);
      return;
    }
    this.waiting.set(stream, [job]);
    void this.serialize(stream, async () => {
      for (;;) {
        const jobs = this.waiting.get(stream)!;
        if (jobs.length === 0) {
          this.waiting.delete(stream);
          return;
        }
        // A command that looks for its own earlier effect (findEarlier) reads its stream whole: alone.
        const lone = jobs.findIndex((j) => j.lone);
        const take = lone === 0 ? 1 : lone === -1 ? jobs.length : lone;
        const group = jobs.splice(0, Math.min(take, MAX_GROUP));
        await runGroup(group).catch((error: unknown) => {
          for (const j of group) j.reject(error);
        });
      }
    });
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

const MAX_GROUP = 64;

/** One command waiting for its stream; `run` decides it on a given state (see runGroup). */
export interface GroupJob {
  lone: boolean;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  [more: string]: unknown;
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
  options: { trustCache?: boolean } = {},
): Promise<{ state: State; revision: bigint; read: boolean }> {
  const cached = ctx.cache.get(streamName);
  if (cached && options.trustCache)
    return { state: cached.state as State, revision: cached.revision, read: false };
  let state = (cached?.state as State | undefined) ?? decider.initialState();
  let revision = cached?.revision ?? -1n;
  const events = await ctx.store.readStream(streamName, { fromRevision: revision + 1n });
  for (const event of events) {
    const loaded = { type: event.type, data: event.data };
    // A type this version does not know (written by a newer one) is skipped, not folded.
    if (decider.isEvent(loaded)) state = decider.evolve(state, loaded);
    revision = event.revision;
  }
  if (events.length > 0 || !cached) ctx.cache.set(streamName, { state, revision });
  return { state, revision, read: true };
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
  /**
   * Read the stream before deciding even when its state is cached: for a caller that expects another
   * process to have written since (the follow-up worker finishing what a request most likely already
   * did). It saves the append that would fail on the stale revision.
   */
  readFirst?: boolean;
}

export async function handleCommand<State, Command, Event extends DomainEventShape>(
  ctx: CommandContext,
  streamName: string,
  decider: Decider<State, Command, Event>,
  command: Command | ((state: State) => Command),
  metadata: EventMetadata,
  options: HandleOptions = {},
): Promise<CommandResult<State, Event>> {
  return await new Promise<CommandResult<State, Event>>((resolve, reject) => {
    const job: Job<State, Command> = {
      lone: options.findEarlier === true,
      command,
      metadata,
      options,
      resolve: resolve as (value: unknown) => void,
      reject,
    };
    ctx.cache.enqueue(streamName, job, (jobs) =>
      jobs.length === 1
        ? runOne(ctx, streamName, decider, jobs[0] as Job<State, Command>)
        : runGroup(ctx, streamName, decider, jobs as Job<State, Command>[]),
    );
  });
}

interface Job<State, Command> extends GroupJob {
  command: Command | ((state: State) => Command);
  metadata: EventMetadata;
  options: HandleOptions;
}

function newEvents<Event extends DomainEventShape>(
  streamName: string,
  events: Event[],
  metadata: EventMetadata,
  seed: string | undefined,
) {
  return events.map((event, index) => ({
    id: seed ? seededEventId(seed, streamName, index) : randomUUID(),
    type: event.type,
    data: event.data,
    metadata,
  }));
}

/**
 * Several commands of one stream in one append. Each is decided on the state the ones before it left;
 * a refusal answers only its own command. Anything unusual (a re-append of ids already written, i.e. a
 * retried command in the group; a refusal or no-op decided on a state no read confirmed) sends every
 * command of the group back through runOne, one at a time, which handles each case as before.
 */
async function runGroup<State, Command, Event extends DomainEventShape>(
  ctx: CommandContext,
  streamName: string,
  decider: Decider<State, Command, Event>,
  jobs: Job<State, Command>[],
): Promise<void> {
  const one = async () => {
    for (const job of jobs) await runOne(ctx, streamName, decider, job);
  };
  let trustCache = jobs.every((job) => !job.options.readFirst);
  for (let attempt = 1; attempt <= 20; attempt++) {
    const { state: start, revision, read } = await loadState(ctx, streamName, decider, { trustCache });
    trustCache = false;
    let state = start;
    let next = revision;
    const outcomes: ({ error: unknown } | { events: Event[]; state: State; revision: bigint })[] = [];
    const toAppend: NewEvent[] = [];
    let unconfirmed = false;
    for (const job of jobs) {
      try {
        const concrete =
          typeof job.command === 'function' ? (job.command as (s: State) => Command)(state) : job.command;
        const events = decider.decide(concrete, state);
        if (events.length === 0 && !read) unconfirmed = true;
        state = events.reduce(decider.evolve, state);
        next += BigInt(events.length);
        toAppend.push(...newEvents(streamName, events, job.metadata, job.options.eventIdSeed));
        outcomes.push({ events, state, revision: next });
      } catch (error) {
        if (!read) unconfirmed = true;
        outcomes.push({ error });
      }
    }
    if (unconfirmed) continue;
    if (toAppend.length === 0) {
      jobs.forEach((job, i) => {
        const outcome = outcomes[i]!;
        if ('error' in outcome) job.reject(outcome.error);
        else job.resolve({ state: outcome.state, events: [], revision, position: null });
      });
      return;
    }
    try {
      const result = await ctx.store.append(streamName, toAppend, {
        expectedRevision: revision === -1n ? 'no_stream' : revision,
      });
      if (result.nextRevision !== next) {
        ctx.cache.delete(streamName);
        return await one();
      }
      ctx.cache.set(streamName, { state, revision: next });
      jobs.forEach((job, i) => {
        const outcome = outcomes[i]!;
        if ('error' in outcome) job.reject(outcome.error);
        else
          job.resolve({
            state: outcome.state,
            events: outcome.events,
            revision: outcome.revision,
            position: outcome.events.length > 0 ? result.position : null,
          });
      });
      return;
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) {
        if (read) await pause(ctx, attempt);
        continue;
      }
      if (error instanceof DuplicateEventIdError) {
        ctx.cache.delete(streamName);
        return await one();
      }
      throw error;
    }
  }
  return await one();
}

async function pause(ctx: CommandContext, attempt: number) {
  if (ctx.retryPause) await ctx.retryPause(attempt);
  else await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 ** attempt, 50)));
}

/** One command: load → decide → append with the expected revision, retried on a concurrent write. */
async function runOne<State, Command, Event extends DomainEventShape>(
  ctx: CommandContext,
  streamName: string,
  decider: Decider<State, Command, Event>,
  job: Job<State, Command>,
): Promise<void> {
  const { command, metadata, options } = job;
  const maxAttempts = options.maxAttempts ?? 20;
  try {
    job.resolve(await decideAndAppend());
  } catch (error) {
    job.reject(error);
  }
  async function decideAndAppend(): Promise<CommandResult<State, Event>> {
    let trustCache = !options.readFirst;
    for (let attempt = 1; ; attempt++) {
      const { state, revision, read } = await loadState(ctx, streamName, decider, { trustCache });
      // Whatever happens next, a retry starts from a read.
      trustCache = false;
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
          // Refused on a state no read has confirmed: confirm it and decide again.
          if (!read) continue;
          const done = await earlier();
          if (done) return done;
        }
        throw error;
      }
      if (events.length === 0) {
        if (!read) continue;
        return (await earlier()) ?? { state, events, revision, position: null };
      }
      try {
        const result = await ctx.store.append(
          streamName,
          newEvents(streamName, events, metadata, options.eventIdSeed),
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
          // The cache had not seen a write: catch up and decide again at once.
          if (!read) continue;
          // Another process wrote first: catch up and decide again (jitter spreads hot-stream retries).
          await pause(ctx, attempt);
          continue;
        }
        throw error;
      }
    }
  }
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
