import { DomainError } from '../../domain/shared/errors.ts';
import {
  appendBatch,
  DuplicateEventIdError,
  type EventMetadata,
  type LogPosition,
  type RecordedEvent,
  type StreamAppend,
  WrongExpectedRevisionError,
} from '../../infra/eventStore/eventStore.ts';
import type { CommandResult, DomainEventShape, PipelineContext } from './context.ts';
import { type Job, pause, runCommands } from './pipeline.ts';
import { newEvents, recordedBySeed, seededEventId } from './retries.ts';
import { loadState } from './stateCache.ts';
import {
  type AnyDecider,
  cacheLeg,
  expected,
  type FollowingLeg,
  type Leg,
  latest,
  type TransactionResult,
} from './transactionParts.ts';

export type { FollowingLeg, Leg, TransactionResult } from './transactionParts.ts';

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

/** A transaction waiting on its first stream's queue (streamQueue.ts). */
interface TransactionJob extends Job<unknown, unknown> {
  spec: {
    first: Leg<unknown, unknown, DomainEventShape>;
    follow: (events: DomainEventShape[]) => FollowingLeg[];
  };
}

/**
 * Up to this many transactions of one first stream (a busy sender's transfers) are decided one after the
 * other on its state and appended together, with all their further legs, in one commit: a hot sender is
 * not held to one commit per transfer. Bounded so that the group stays within the one-statement append's
 * streams (postgresEventStore.ts) and a moved receiver's head sends few transactions round again.
 */
const MOST_PER_GROUP = 7;

export async function handleTransaction<State, Command, Event extends DomainEventShape>(
  ctx: PipelineContext,
  first: Leg<State, Command, Event>,
  then: (events: Event[]) => FollowingLeg[],
  metadata: EventMetadata,
  /**
   * Streams the further legs will most likely be on (a transfer's receiver), loaded before the
   * transaction joins its first stream's queue: a receiver this process has not cached yet is then read
   * while the transaction waits its turn, not by the group, where it held up every transaction queued on
   * the same sender (a hot sender's turn waited for its receivers' reads; BENCHMARKS.md, issue 51). Only a
   * warm-up: the legs are still decided on what the group loads.
   */
  prefetch: readonly { streamName: string; decider: AnyDecider }[] = [],
): Promise<TransactionResult<Event>> {
  if (prefetch.length > 0)
    await Promise.all(
      prefetch.map((leg) => loadState(ctx, leg.streamName, leg.decider, { trustCache: true })),
    );
  return await new Promise<TransactionResult<Event>>((resolve, reject) => {
    const job: TransactionJob = {
      ...legJob(first, metadata, false, resolve, reject),
      spec: {
        first: first as unknown as Leg<unknown, unknown, DomainEventShape>,
        follow: then as unknown as (events: DomainEventShape[]) => FollowingLeg[],
      },
      runAs: {
        kind: 'transaction',
        most: MOST_PER_GROUP,
        run: (jobs) => runTransactions(ctx, jobs as TransactionJob[]),
      },
    };
    // Queued behind the first stream's other commands in this process; plain commands queued behind it
    // still go in groups of their own (the stream's own runner, made with the same decider).
    ctx.cache.queue.enqueue(first.streamName, job, (jobs) =>
      runCommands(ctx, first.streamName, first.decider, jobs as Job<State, Command>[]),
    );
  });
}

async function settle(job: TransactionJob, work: () => Promise<unknown>) {
  try {
    job.resolve(await work());
  } catch (error) {
    job.reject(error);
  }
}

/** A further leg's stream in a batch: loaded once, decided on in order, its events with their seeds. */
interface LegStream {
  decider: AnyDecider;
  state: unknown;
  revision: bigint;
  read: boolean;
  rebase: boolean;
  events: { event: DomainEventShape; job: number; seed: string; index: number }[];
}

/** The further legs' streams (all but the first stream), each loaded once. */
async function loadLegStreams(
  ctx: PipelineContext,
  firstStream: string,
  legsOf: FollowingLeg[][],
  trustCache: boolean,
): Promise<Map<string, LegStream>> {
  const legs = new Map<string, FollowingLeg>();
  for (const ofJob of legsOf)
    for (const leg of ofJob)
      if (!legs.has(leg.streamName) && leg.streamName !== firstStream) legs.set(leg.streamName, leg);
  // Loaded side by side: the store gathers concurrent reads into one statement (postgres/reads.ts),
  // where one after the other cost a round trip per receiver before the group could append.
  const loaded = await Promise.all(
    [...legs.values()].map((leg) => loadState(ctx, leg.streamName, leg.decider, { trustCache })),
  );
  const streams = new Map<string, LegStream>();
  for (const [i, leg] of [...legs.values()].entries())
    streams.set(leg.streamName, {
      decider: leg.decider,
      ...loaded[i]!,
      rebase: leg.rebase === true,
      events: [],
    });
  return streams;
}

/**
 * Each job's further legs decided in order on their streams' states (which move on as they are decided):
 * per job, per leg, its events; null when any is unsure (a leg on the first stream, a refusal, nothing
 * decided), which sends the batch through the one-at-a-time path.
 */
function decideLegs(
  streams: Map<string, LegStream>,
  legsOf: FollowingLeg[][],
): DomainEventShape[][][] | null {
  const following: DomainEventShape[][][] = legsOf.map(() => []);
  for (const [j, legs] of legsOf.entries()) {
    for (const leg of legs) {
      const target = streams.get(leg.streamName);
      if (!target) return null;
      let events: DomainEventShape[];
      try {
        events = leg.decider.decide(leg.command, target.state) as DomainEventShape[];
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return null;
      }
      if (events.length === 0) return null;
      target.state = events.reduce(leg.decider.evolve, target.state);
      for (const [index, event] of events.entries())
        target.events.push({ event, job: j, seed: leg.seed, index });
      following[j]!.push(events);
    }
  }
  return following;
}

/**
 * Transactions of one first stream, together: each decided on the state the ones before it left (its
 * further legs on their streams' states likewise), all appended in one commit. Anything unusual (a
 * refusal, a decision of nothing, a retry's ids, a further leg unsure) sends every one of them through
 * the one-at-a-time path, which handles each case; a moved head decides them all again.
 */
async function runTransactions(ctx: PipelineContext, jobs: TransactionJob[]): Promise<void> {
  const alone = async () => {
    for (const job of jobs)
      await settle(job, () => decideAndAppend(ctx, job.spec.first, job.spec.follow, job.metadata));
  };
  if (jobs.length === 1) return await alone();
  const first = jobs[0]!.spec.first;
  for (let attempt = 1; attempt <= 20; attempt++) {
    const trustCache = attempt === 1;
    const head = await loadState(ctx, first.streamName, first.decider, { trustCache });
    let state = head.state;
    const decided: DomainEventShape[][] = [];
    const legsOf: FollowingLeg[][] = [];
    try {
      for (const job of jobs) {
        const events = first.decider.decide(job.spec.first.command, state);
        if (events.length === 0) return await alone();
        state = events.reduce(first.decider.evolve, state);
        decided.push(events);
        legsOf.push(job.spec.follow(events));
      }
    } catch (error) {
      if (error instanceof DomainError) {
        if (!head.read) continue;
        return await alone();
      }
      throw error;
    }
    const streams = await loadLegStreams(ctx, first.streamName, legsOf, trustCache);
    const following = decideLegs(streams, legsOf);
    if (!following) {
      for (const name of streams.keys()) ctx.cache.delete(name);
      return await alone();
    }
    const sent = decided.flatMap((events, j) =>
      newEvents(first.streamName, events, jobs[j]!.metadata, jobs[j]!.spec.first.seed),
    );
    const batch: StreamAppend[] = [
      { streamName: first.streamName, events: sent, expectedRevision: expected(head.revision) },
      ...[...streams].map(([streamName, target]) => ({
        streamName,
        // Each further leg's ids are seeded by its own command, as when it is appended alone.
        events: target.events.map(({ event, job, seed, index }) => ({
          ...newEvents(streamName, [event], jobs[job]!.metadata, undefined)[0]!,
          id: seededEventId(seed, streamName, index),
        })),
        expectedRevision:
          target.rebase && target.revision >= 0n ? ('any' as const) : expected(target.revision),
      })),
    ];
    // A frozen account refuses only its own transaction: the one-at-a-time path answers each.
    if (ctx.ledgerFreeze?.enabled) {
      try {
        for (const [j, events] of decided.entries())
          await ctx.ledgerFreeze.check([...events, ...following[j]!.flat()]);
      } catch {
        return await alone();
      }
    }
    let results: Awaited<ReturnType<typeof appendBatch>>;
    try {
      results = await appendBatch(ctx.store, batch);
    } catch (error) {
      // A moved head leaves every cached state true at its own revision: the next attempt reads only what
      // was appended since (a hot sender's whole history again would make each conflict cost its length).
      if (error instanceof WrongExpectedRevisionError) {
        if (head.read) await pause(ctx, attempt);
        continue;
      }
      ctx.cache.delete(first.streamName);
      for (const name of streams.keys()) ctx.cache.delete(name);
      if (error instanceof DuplicateEventIdError) return await alone();
      throw error;
    }
    // The first stream's events land where they were decided (an exact expectation) or not at all.
    if (results[0]!.nextRevision !== head.revision + BigInt(sent.length)) {
      ctx.cache.delete(first.streamName);
      for (const name of streams.keys()) ctx.cache.delete(name);
      return await alone();
    }
    ctx.cache.set(first.streamName, { state, revision: results[0]!.nextRevision, hash: results[0]!.hash });
    for (const [i, [name, target]] of [...streams].entries())
      cacheLeg(
        ctx,
        name,
        target.decider,
        { state: target.state, decidedOn: target.revision },
        target.events.map((e) => e.event),
        results[i + 1]!,
      );
    const position = latest(results.map((r) => r.position));
    for (const [j, job] of jobs.entries())
      job.resolve({ events: decided[j]!, following: following[j]!, position });
    return;
  }
  return await alone();
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
        expectedRevision:
          leg.rebase && loaded[i]!.revision >= 0n ? ('any' as const) : expected(loaded[i]!.revision),
      })),
    ];
    let results: Awaited<ReturnType<typeof appendBatch>>;
    try {
      results = await appendBatch(ctx.store, batch);
    } catch (error) {
      // (As in the grouped path: a moved head leaves the cached states true; the retry reads the rest.)
      if (error instanceof WrongExpectedRevisionError && attempt < 20) {
        if (head.read) await pause(ctx, attempt);
        continue;
      }
      ctx.cache.delete(first.streamName);
      for (const leg of legs) ctx.cache.delete(leg.streamName);
      if (error instanceof DuplicateEventIdError) {
        const done = await recorded();
        if (done) return done;
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
      const next = written[i]!.reduce(deciders[i]!.evolve, states[i]!.state);
      if (i > 0 && legs[i - 1]!.rebase) {
        cacheLeg(ctx, item.streamName, deciders[i]!, { state: next, decidedOn: from }, written[i]!, result);
        return;
      }
      if (result.nextRevision !== from + BigInt(item.events.length)) {
        reappended = true;
        ctx.cache.delete(item.streamName);
        return;
      }
      ctx.cache.set(item.streamName, { state: next, revision: result.nextRevision, hash: result.hash });
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
    void runCommands(ctx, leg.streamName, leg.decider, [legJob(leg, metadata, true, resolve, reject)]);
  });
}

/** A leg's command as a job of its stream's pipeline, its event ids seeded by the leg. */
function legJob<T>(
  leg: { command: unknown; seed: string },
  metadata: EventMetadata,
  lone: boolean,
  resolve: (value: T) => void,
  reject: (error: unknown) => void,
): Job<unknown, unknown> {
  return {
    lone,
    command: leg.command,
    metadata,
    options: { eventIdSeed: leg.seed },
    resolve: resolve as (value: unknown) => void,
    reject,
  };
}

function shape(event: RecordedEvent): DomainEventShape {
  return { type: event.type, data: event.data };
}
