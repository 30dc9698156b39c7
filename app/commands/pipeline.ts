import type { Decider } from '../../domain/shared/decider.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import {
  DuplicateEventIdError,
  type EventMetadata,
  type NewEvent,
  WrongExpectedRevisionError,
} from '../../infra/eventStore/eventStore.ts';
import type { CommandResult, DomainEventShape, PipelineContext } from './context.ts';
import { newEvents, writtenEarlier } from './retries.ts';
import { loadState } from './stateCache.ts';
import type { GroupJob } from './streamQueue.ts';

/**
 * Load → decide → append with the expected revision, retried on a concurrent write: one command alone
 * (runOne), or the commands waiting for one stream together (runGroup). The state comes from the cache
 * (see stateCache.ts) when it has it, checked by the append's expected revision.
 */

export interface HandleOptions {
  /**
   * Seed for the new events' ids (a name-based UUID per event). A re-run of the same command then
   * appends the same ids, which the store recognises as already written.
   */
  eventIdSeed?: string;
  /**
   * Run alone, never grouped with other commands of its stream (a decision on a business object's
   * stream that is often a retry: "already approved"). Whatever this says, a seeded command that is
   * refused or decides nothing, or whose ids are already written, is answered with the events it wrote
   * the first time (retries.ts), or refused if it was written for another request.
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

export interface Job<State, Command> extends GroupJob {
  command: Command | ((state: State) => Command);
  metadata: EventMetadata;
  options: HandleOptions;
}

/**
 * Several commands of one stream in one append. Each is decided on the state the ones before it left;
 * a refusal answers only its own command. Anything unusual (a re-append of ids already written, i.e. a
 * retried command in the group; a refusal or no-op decided on a state no read confirmed) sends every
 * command of the group back through runOne, one at a time, which handles each case as before.
 */
export async function runGroup<State, Command, Event extends DomainEventShape>(
  ctx: PipelineContext,
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
        if (ctx.ledgerFreeze?.enabled) await ctx.ledgerFreeze.check(events);
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
    // A seeded command that decided nothing or was refused may be a retry of one already written (past
    // the stream's memory of recent ids): it is answered with the events it wrote then (or refused, if
    // written for another request). One indexed look-up each; the group's append goes on without it.
    const recorded = new Map<number, CommandResult<State, Event>>();
    for (const [i, job] of jobs.entries()) {
      const outcome = outcomes[i]!;
      const seed = job.options.eventIdSeed;
      if (seed === undefined) continue;
      if ('error' in outcome ? !(outcome.error instanceof DomainError) : outcome.events.length > 0) continue;
      try {
        const done = await writtenEarlier<State, Event>(ctx, streamName, seed, job.metadata, start, revision);
        if (done) recorded.set(i, done);
      } catch (error) {
        outcomes[i] = { error };
      }
    }
    if (toAppend.length === 0) {
      jobs.forEach((job, i) => {
        const outcome = outcomes[i]!;
        const done = recorded.get(i);
        if (done) job.resolve(done);
        else if ('error' in outcome) job.reject(outcome.error);
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
      ctx.cache.set(streamName, { state, revision: next, hash: result.hash });
      jobs.forEach((job, i) => {
        const outcome = outcomes[i]!;
        const done = recorded.get(i);
        if (done) job.resolve(done);
        else if ('error' in outcome) job.reject(outcome.error);
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

/** The pause before deciding again after a concurrent write (a short jitter, or the simulation's). */
export async function pause(ctx: PipelineContext, attempt: number) {
  if (ctx.retryPause) await ctx.retryPause(attempt);
  else await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 ** attempt, 50)));
}

/** One command: load → decide → append with the expected revision, retried on a concurrent write. */
export async function runOne<State, Command, Event extends DomainEventShape>(
  ctx: PipelineContext,
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
      // What this very command wrote before, if it is a retry (its events have seeded ids).
      const earlier = () =>
        options.eventIdSeed
          ? writtenEarlier<State, Event>(ctx, streamName, options.eventIdSeed, metadata, state, revision)
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
      if (ctx.ledgerFreeze?.enabled) await ctx.ledgerFreeze.check(events);
      try {
        const result = await ctx.store.append(
          streamName,
          newEvents(streamName, events, metadata, options.eventIdSeed),
          { expectedRevision: revision === -1n ? 'no_stream' : revision },
        );
        // An idempotent re-append returns where the events already were; reload rather than assume, and
        // answer with the events as recorded (a retry's own decision may differ from the first one's).
        if (result.nextRevision !== revision + BigInt(events.length)) {
          ctx.cache.delete(streamName);
          const reloaded = await loadState(ctx, streamName, decider);
          const recorded = await earlier();
          return {
            state: reloaded.state,
            events: recorded?.events ?? events,
            revision: reloaded.revision,
            position: result.position,
          };
        }
        const next = events.reduce(decider.evolve, state);
        ctx.cache.set(streamName, { state: next, revision: result.nextRevision, hash: result.hash });
        return { state: next, events, revision: result.nextRevision, position: result.position };
      } catch (error) {
        if (error instanceof DuplicateEventIdError) {
          // Its ids are already in the log: this very command ran before (a retry past the stream's
          // memory of recent ids). Answer with what it wrote then.
          ctx.cache.delete(streamName);
          const done = await earlier();
          if (done) return done;
        }
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
