import type { Decider } from '../../domain/shared/decider.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import {
  DuplicateEventIdError,
  type EventMetadata,
  type LogPosition,
  type NewEvent,
  WrongExpectedRevisionError,
} from '../../infra/eventStore/eventStore.ts';
import type { CommandResult, DomainEventShape, PipelineContext } from './context.ts';
import { newEvents, writtenEarlier } from './retries.ts';
import { loadState } from './stateCache.ts';
import type { GroupJob } from './streamQueue.ts';

/**
 * Load → decide → append with the expected revision, retried on a concurrent write, for the commands
 * waiting for one stream: one or several, decided in order and appended together (runCommands). The state
 * comes from the cache (see stateCache.ts) when it has it, checked by the append's expected revision.
 */

/** Appends lost to a concurrent write before a command gives up (or a group goes one by one). */
const MAX_ATTEMPTS = 20;

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

type Outcome<State, Event> = { error: unknown } | { events: Event[]; state: State; revision: bigint };

/** What the commands decided on one loaded state, in order, and the events to append for them. */
interface Decided<State, Event> {
  outcomes: Outcome<State, Event>[];
  toAppend: NewEvent[];
  state: State;
  next: bigint;
  /** A refusal or a no-op decided on a cached state no read confirmed: read and decide again. */
  unconfirmed: boolean;
}

/**
 * What a run cannot answer in the usual way: the append found the commands' ids already written
 * (`rewritten`: an idempotent re-append; `duplicate`: ids written elsewhere), or it lost to concurrent
 * writes MAX_ATTEMPTS times. A group then runs its commands one by one; a command alone answers with what
 * the log recorded for it (answerAlone).
 */
type Unusual<Event> =
  | { kind: 'rewritten'; start: unknown; revision: bigint; events: Event[]; position: LogPosition }
  | { kind: 'duplicate'; start: unknown; revision: bigint; error: unknown }
  | { kind: 'conflicts'; error: unknown };

/**
 * Runs the commands waiting for one stream. Several are decided one after the other on the state the
 * ones before them left and appended in one append; a refusal answers only its own command. Anything
 * unusual in a group (a retried command among them, its ids already written; conflicts past the limit)
 * sends each of its commands through again alone. A command alone is always answered or refused here,
 * never thrown to the caller.
 */
export async function runCommands<State, Command, Event extends DomainEventShape>(
  ctx: PipelineContext,
  streamName: string,
  decider: Decider<State, Command, Event>,
  jobs: Job<State, Command>[],
): Promise<void> {
  if (jobs.length === 1) return await runAlone(ctx, streamName, decider, jobs[0]!);
  const unusual = await decideAndAppend(ctx, streamName, decider, jobs);
  if (unusual === null) return;
  if (unusual.kind !== 'conflicts') ctx.cache.delete(streamName);
  for (const job of jobs) await runAlone(ctx, streamName, decider, job);
}

async function runAlone<State, Command, Event extends DomainEventShape>(
  ctx: PipelineContext,
  streamName: string,
  decider: Decider<State, Command, Event>,
  job: Job<State, Command>,
): Promise<void> {
  try {
    const unusual = await decideAndAppend(ctx, streamName, decider, [job]);
    if (unusual !== null) job.resolve(await answerAlone(ctx, streamName, decider, job, unusual));
  } catch (error) {
    job.reject(error);
  }
}

/** The loop: answers every job and returns null, or returns what it could not answer. */
async function decideAndAppend<State, Command, Event extends DomainEventShape>(
  ctx: PipelineContext,
  streamName: string,
  decider: Decider<State, Command, Event>,
  jobs: Job<State, Command>[],
): Promise<Unusual<Event> | null> {
  let trustCache = jobs.every((job) => !job.options.readFirst);
  for (let attempt = 1; ; attempt++) {
    const { state: start, revision, read } = await loadState(ctx, streamName, decider, { trustCache });
    // Whatever happens next, a retry starts from a read.
    trustCache = false;
    const decided = await decideEach(ctx, streamName, decider, jobs, start, revision, read);
    if (decided.unconfirmed) continue;
    const recorded = await recordedEarlier(ctx, streamName, jobs, decided.outcomes, start, revision);
    if (decided.toAppend.length === 0) {
      answer(jobs, decided.outcomes, recorded, null);
      return null;
    }
    try {
      const result = await ctx.store.append(streamName, decided.toAppend, {
        expectedRevision: revision === -1n ? 'no_stream' : revision,
      });
      if (result.nextRevision !== decided.next) {
        const first = decided.outcomes[0]!;
        const events = 'events' in first ? first.events : [];
        return { kind: 'rewritten', start, revision, events, position: result.position };
      }
      ctx.cache.set(streamName, { state: decided.state, revision: decided.next, hash: result.hash });
      answer(jobs, decided.outcomes, recorded, result.position);
      return null;
    } catch (error) {
      // Its ids are already in the log: a command of this run ran before (a retry past the stream's
      // memory of recent ids).
      if (error instanceof DuplicateEventIdError) return { kind: 'duplicate', start, revision, error };
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= MAX_ATTEMPTS) return { kind: 'conflicts', error };
      // The cache had not seen a write: catch up and decide again at once. Another process wrote first:
      // catch up and decide again after a jitter, which spreads hot-stream retries.
      if (read) await pause(ctx, attempt);
    }
  }
}

async function decideEach<State, Command, Event extends DomainEventShape>(
  ctx: PipelineContext,
  streamName: string,
  decider: Decider<State, Command, Event>,
  jobs: Job<State, Command>[],
  start: State,
  revision: bigint,
  read: boolean,
): Promise<Decided<State, Event>> {
  const decided: Decided<State, Event> = {
    outcomes: [],
    toAppend: [],
    state: start,
    next: revision,
    unconfirmed: false,
  };
  for (const job of jobs) {
    try {
      const concrete =
        typeof job.command === 'function'
          ? (job.command as (s: State) => Command)(decided.state)
          : job.command;
      const events = decider.decide(concrete, decided.state);
      if (events.length > 0 && ctx.ledgerFreeze?.enabled) await ctx.ledgerFreeze.check(events);
      if (events.length === 0 && !read) decided.unconfirmed = true;
      decided.state = events.reduce(decider.evolve, decided.state);
      decided.next += BigInt(events.length);
      decided.toAppend.push(...newEvents(streamName, events, job.metadata, job.options.eventIdSeed));
      decided.outcomes.push({ events, state: decided.state, revision: decided.next });
    } catch (error) {
      if (!read) decided.unconfirmed = true;
      decided.outcomes.push({ error });
    }
  }
  return decided;
}

/**
 * A seeded command that decided nothing or was refused may be a retry of one already written (past the
 * stream's memory of recent ids): it is answered with the events it wrote then (or refused, if written for
 * another request). One indexed look-up each; the others' append goes on without it.
 */
async function recordedEarlier<State, Command, Event extends DomainEventShape>(
  ctx: PipelineContext,
  streamName: string,
  jobs: Job<State, Command>[],
  outcomes: Outcome<State, Event>[],
  start: State,
  revision: bigint,
): Promise<Map<number, CommandResult<State, Event>>> {
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
  return recorded;
}

function answer<State, Command, Event>(
  jobs: Job<State, Command>[],
  outcomes: Outcome<State, Event>[],
  recorded: Map<number, CommandResult<State, Event>>,
  position: LogPosition | null,
) {
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
        position: outcome.events.length > 0 ? position : null,
      });
  });
}

/** A command alone that its run could not answer: answered with what the log recorded for it, or refused. */
async function answerAlone<State, Command, Event extends DomainEventShape>(
  ctx: PipelineContext,
  streamName: string,
  decider: Decider<State, Command, Event>,
  job: Job<State, Command>,
  unusual: Unusual<Event>,
): Promise<CommandResult<State, Event>> {
  if (unusual.kind === 'conflicts') throw unusual.error;
  ctx.cache.delete(streamName);
  const seed = job.options.eventIdSeed;
  const earlier = seed
    ? await writtenEarlier<State, Event>(
        ctx,
        streamName,
        seed,
        job.metadata,
        unusual.start as State,
        unusual.revision,
      )
    : null;
  if (unusual.kind === 'duplicate') {
    if (earlier) return earlier;
    throw unusual.error;
  }
  // An idempotent re-append returns where the events already were; reload rather than assume, and answer
  // with the events as recorded (a retry's own decision may differ from the first one's).
  const reloaded = await loadState(ctx, streamName, decider);
  return {
    state: reloaded.state,
    events: earlier?.events ?? unusual.events,
    revision: reloaded.revision,
    position: unusual.position,
  };
}

/** The pause before deciding again after a concurrent write (a short jitter, or the simulation's). */
export async function pause(ctx: PipelineContext, attempt: number) {
  if (ctx.retryPause) await ctx.retryPause(attempt);
  else await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 ** attempt, 50)));
}
