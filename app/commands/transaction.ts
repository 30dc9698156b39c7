import type { Decider } from '../../domain/shared/decider.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import {
  appendBatch,
  comparePositions,
  DuplicateEventIdError,
  type EventMetadata,
  type LogPosition,
  type RecordedEvent,
  type StreamAppend,
  WrongExpectedRevisionError,
} from '../../infra/eventStore/eventStore.ts';
import type { CommandResult, DomainEventShape, PipelineContext } from './context.ts';
import { type Job, runGroup, runOne } from './pipeline.ts';
import { newEvents, recordedBySeed } from './retries.ts';
import { loadState } from './stateCache.ts';

/**
 * One business transaction over several streams, decided on the states of all of them and appended in
 * one commit with every stream's expected revision (docs/architecture/commands.md, "One decision, one
 * commit"): a transfer's debit and credit, a withdrawal's hold and its record. There is no moment at
 * which one leg is in the log and the other is not, so no retry can ever finish a half-written command
 * with its own body.
 *
 * The first leg decides (the no-overdraft check on the sender's stream); the further legs are built by
 * `then` from the first leg's events only, never from the request: on a retry they are built from the
 * events the log recorded. On a store without atomic appends across streams (EventStoreDB 24 and the
 * simulation's store: appendBatch) the legs go one after the other, and what a crash leaves unfinished is
 * finished by the next retry or the follow-up worker, both from the recorded first leg.
 */

// biome-ignore lint/suspicious/noExplicitAny: a leg's state, command and event types are its own decider's.
type AnyDecider = Decider<any, any, any>;

export interface Leg<State, Command, Event extends DomainEventShape> {
  streamName: string;
  decider: Decider<State, Command, Event>;
  command: Command;
  /** The seed of the leg's event ids (retries.ts): how a retry finds what this leg wrote. */
  seed: string;
}

export interface FollowingLeg {
  streamName: string;
  decider: AnyDecider;
  command: unknown;
  seed: string;
}

export interface TransactionResult<Event> {
  /** The first leg's events: decided now, or as the log recorded them for this very command. */
  events: Event[];
  /** Each further leg's events, in the order `then` gave them. */
  following: DomainEventShape[][];
  /** The latest position written or found; null when the command wrote nothing. */
  position: LogPosition | null;
}

export async function handleTransaction<State, Command, Event extends DomainEventShape>(
  ctx: PipelineContext,
  first: Leg<State, Command, Event>,
  then: (events: Event[]) => FollowingLeg[],
  metadata: EventMetadata,
): Promise<TransactionResult<Event>> {
  return await new Promise<TransactionResult<Event>>((resolve, reject) => {
    const job: Job<State, Command> = {
      lone: true,
      command: first.command,
      metadata,
      options: { eventIdSeed: first.seed },
      resolve: resolve as (value: unknown) => void,
      reject,
      runAlone: async () => {
        try {
          resolve(await decideAndAppend(ctx, first, then, metadata));
        } catch (error) {
          reject(error);
        }
      },
    };
    // Queued behind the first stream's other commands in this process, as a lone job: the commands that
    // queue behind it still go in groups (the stream's own runner, made with the same decider).
    ctx.cache.queue.enqueue(first.streamName, job, (jobs) =>
      jobs.length === 1
        ? runOne(ctx, first.streamName, first.decider, jobs[0] as Job<State, Command>)
        : runGroup(ctx, first.streamName, first.decider, jobs as Job<State, Command>[]),
    );
  });
}

async function decideAndAppend<State, Command, Event extends DomainEventShape>(
  ctx: PipelineContext,
  first: Leg<State, Command, Event>,
  then: (events: Event[]) => FollowingLeg[],
  metadata: EventMetadata,
): Promise<TransactionResult<Event>> {
  const recorded = () => recordedTransaction(ctx, first, then, metadata);
  for (let attempt = 1; ; attempt++) {
    const trustCache = attempt === 1;
    const head = await loadState(ctx, first.streamName, first.decider, { trustCache });
    let events: Event[];
    try {
      events = first.decider.decide(first.command, head.state);
    } catch (error) {
      if (error instanceof DomainError) {
        if (!head.read) continue;
        // Refused now, but perhaps because this very command took effect before (a retry).
        const done = await recorded();
        if (done) return done;
      }
      throw error;
    }
    if (events.length === 0) {
      if (!head.read) continue;
      return (await recorded()) ?? { events, following: [], position: null };
    }
    const legs = then(events);
    const loaded = await Promise.all(
      legs.map((leg) => loadState(ctx, leg.streamName, leg.decider, { trustCache })),
    );
    const decided: DomainEventShape[][] = [];
    let unsure = false;
    for (const [i, leg] of legs.entries()) {
      try {
        const legEvents = leg.decider.decide(leg.command, loaded[i]!.state) as DomainEventShape[];
        // A further leg that finds itself done while the first leg was not: a state no read confirmed.
        if (legEvents.length === 0) unsure = true;
        decided.push(legEvents);
      } catch (error) {
        if (!(error instanceof DomainError) || loaded[i]!.read) throw error;
        unsure = true;
        decided.push([]);
      }
    }
    if (unsure) {
      if (loaded.every((state) => state.read) && head.read) {
        const done = await recorded();
        if (done) return done;
        throw new Error(`${first.streamName}: a further leg of ${first.seed} decided nothing`);
      }
      for (const leg of legs) ctx.cache.delete(leg.streamName);
      continue;
    }
    if (ctx.ledgerFreeze?.enabled) await ctx.ledgerFreeze.check([...events, ...decided.flat()]);
    const batch: StreamAppend[] = [
      {
        streamName: first.streamName,
        events: newEvents(first.streamName, events, metadata, first.seed),
        expectedRevision: expected(head.revision),
      },
      ...legs.map((leg, i) => ({
        streamName: leg.streamName,
        events: newEvents(leg.streamName, decided[i]!, metadata, leg.seed),
        expectedRevision: expected(loaded[i]!.revision),
      })),
    ];
    let results: Awaited<ReturnType<typeof appendBatch>>;
    try {
      results = await appendBatch(ctx.store, batch);
    } catch (error) {
      ctx.cache.delete(first.streamName);
      for (const leg of legs) ctx.cache.delete(leg.streamName);
      if (error instanceof DuplicateEventIdError) {
        const done = await recorded();
        if (done) return done;
      }
      if (error instanceof WrongExpectedRevisionError && attempt < 20) {
        if (head.read) await pause(ctx, attempt);
        continue;
      }
      throw error;
    }
    const written = [events as DomainEventShape[], ...decided];
    const states = [head, ...loaded];
    const deciders: AnyDecider[] = [first.decider as AnyDecider, ...legs.map((leg) => leg.decider)];
    let reappended = false;
    batch.forEach((item, i) => {
      const result = results[i]!;
      const from = states[i]!.revision;
      if (result.nextRevision !== from + BigInt(item.events.length)) {
        reappended = true;
        ctx.cache.delete(item.streamName);
        return;
      }
      const next = written[i]!.reduce(deciders[i]!.evolve, states[i]!.state);
      ctx.cache.set(item.streamName, { state: next, revision: result.nextRevision });
    });
    // The same ids were already at the same places (a retry): answer with what they hold.
    if (reappended) {
      const done = await recorded();
      if (done) return done;
    }
    return { events, following: decided, position: latest(results.map((r) => r.position)) };
  }
}

/**
 * What this very command recorded, or null when its first leg is not in the log: the first leg's events
 * as written (refused with 422 when written for another request: retries.ts), and each further leg as
 * `then` builds it from them. A further leg missing (a store without atomic appends, after a crash) is
 * appended now, from the recorded first leg.
 */
async function recordedTransaction<State, Command, Event extends DomainEventShape>(
  ctx: PipelineContext,
  first: Leg<State, Command, Event>,
  then: (events: Event[]) => FollowingLeg[],
  metadata: EventMetadata,
): Promise<TransactionResult<Event> | null> {
  const mine = await recordedBySeed(ctx, first.streamName, first.seed, metadata);
  if (mine.length === 0) return null;
  const events = mine.map(shape) as Event[];
  const positions: (LogPosition | null)[] = [mine.at(-1)!.position];
  const following: DomainEventShape[][] = [];
  for (const leg of then(events)) {
    const found = await recordedBySeed(ctx, leg.streamName, leg.seed, null);
    if (found.length > 0) {
      following.push(found.map(shape));
      positions.push(found.at(-1)!.position);
      continue;
    }
    const finished = await appendLeg(ctx, leg, metadata);
    following.push(finished.events);
    positions.push(finished.position);
  }
  return { events, following, position: latest(positions) };
}

/**
 * One further leg alone (seeded: a second run changes nothing). Not through its stream's queue: this runs
 * inside the first stream's turn, and two transactions finishing legs on each other's streams would wait
 * for each other's queues for ever. The append's expected revision is what keeps it safe beside them.
 */
async function appendLeg(ctx: PipelineContext, leg: FollowingLeg, metadata: EventMetadata) {
  return await new Promise<CommandResult<unknown, DomainEventShape>>((resolve, reject) => {
    const job: Job<unknown, unknown> = {
      lone: true,
      command: leg.command,
      metadata,
      options: { eventIdSeed: leg.seed },
      resolve: resolve as (value: unknown) => void,
      reject,
    };
    void runOne(ctx, leg.streamName, leg.decider, job);
  });
}

function shape(event: RecordedEvent): DomainEventShape {
  return { type: event.type, data: event.data };
}

function expected(revision: bigint) {
  return revision === -1n ? ('no_stream' as const) : revision;
}

function latest(positions: (LogPosition | null)[]): LogPosition | null {
  let best: LogPosition | null = null;
  for (const position of positions) if (comparePositions(position, best) > 0) best = position;
  return best;
}

async function pause(ctx: PipelineContext, attempt: number) {
  if (ctx.retryPause) await ctx.retryPause(attempt);
  else await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 ** attempt, 50)));
}
