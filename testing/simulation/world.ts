/**
 * The simulated world (see simulation.ts): the seeded scheduler, the processes that crash, the fault rates
 * and the shapes the actors share.
 */

import type { Deps } from '../../api/deps.ts';
import type { StateCache } from '../../app/commands/handleCommand.ts';
import { ASSET_DECIMALS } from '../../domain/shared/money.ts';
import type { EventStore } from '../../infra/eventStore/eventStore.ts';
import type { InMemoryEventStore } from '../../infra/eventStore/inMemoryEventStore.ts';
import type { Random } from '../random.ts';

export interface FaultRates {
  /** Per store call of an API process or worker: the process dies there. */
  crash: number;
  appendFailsBeforeCommit: number;
  appendFailsAfterCommit: number;
  /** The append holds its transaction open (positions taken, not visible) for a few scheduler steps. */
  delayedCommit: number;
  readFails: number;
  /** A read of the log starts from an earlier position, delivering events the reader already has. */
  duplicateDelivery: number;
  /** A projection or the follow-up worker dies after its work and before its checkpoint. */
  crashBeforeCheckpoint: number;
}

/** Deliberate bugs, to prove the simulation notices them (its self-test). */
export interface Sabotage {
  /** The projection commits its rows, then its checkpoint separately (breaks invariant 6). */
  checkpointApart?: boolean;
  /** Readers ignore open transactions: a plain position poll (breaks invariant 5). */
  ignoreOpenTransactions?: boolean;
  /** Clients retry with a new command id instead of the same one (breaks invariant 3). */
  freshIdOnRetry?: boolean;
}

export interface SimulationOptions {
  sabotage?: Sabotage;
  /** Keep a step-by-step trace (printed when a seed fails). */
  trace?: boolean;
  maxSteps?: number;
}

export interface SimulationReport {
  seed: number;
  violations: string[];
  steps: number;
  events: number;
  acknowledged: number;
  refused: number;
  faults: Record<string, number>;
  /** Hash of the final log and outcomes: equal for two runs of one seed. */
  fingerprint: string;
  /** The last steps (all of them with `trace`). */
  trace: string[];
}

export class ProcessCrashed extends Error {
  override readonly name = 'ProcessCrashed';
}

export const BASE_TIME = Date.UTC(2026, 0, 1);

/** Resumes, one at a time and in a seeded order, the actors waiting at a scheduling point. */
export class Scheduler {
  private readonly ready: { resume: () => void; label: string }[] = [];
  steps = 0;
  constructor(
    private readonly random: Random,
    private readonly log: (line: string) => void,
  ) {}

  /** A scheduling point: the caller waits until the scheduler picks it. */
  pause(label: string): Promise<void> {
    return new Promise((resume) => this.ready.push({ resume, label }));
  }

  async run(maxSteps: number, finished: () => boolean): Promise<'done' | 'deadlock' | 'step limit'> {
    for (;;) {
      // Every promise continuation runs before the next macrotask: the actors all reach their next point.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (finished()) return 'done';
      if (this.ready.length === 0) return 'deadlock';
      if (this.steps >= maxSteps) return 'step limit';
      this.steps++;
      const [next] = this.ready.splice(this.random.int(0, this.ready.length - 1), 1);
      this.log(`${this.steps} ${next!.label}`);
      next!.resume();
    }
  }
}

/** An API process or a worker: its own state cache; dead once crashed (every later store call fails). */
export interface Process {
  name: string;
  alive: boolean;
  cache: StateCache;
  store: EventStore;
}

export interface World {
  random: Random;
  scheduler: Scheduler;
  rates: FaultRates;
  faultsOn: boolean;
  faults: Record<string, number>;
  now: () => Date;
  inner: InMemoryEventStore;
  note(line: string): void;
}

export function count(world: World, fault: string) {
  world.faults[fault] = (world.faults[fault] ?? 0) + 1;
}

export function contextOf(world: World, process: Process) {
  return {
    store: process.store,
    cache: process.cache,
    // No code path the simulation runs touches Postgres; if one did, it would fail loudly here.
    pool: null as unknown as Deps['pool'],
    now: world.now,
    retryPause: () => world.scheduler.pause(`${process.name} retry after a concurrent write`),
  };
}

export type Command =
  | { kind: 'transfer'; from: number; to: number; cents: number }
  | { kind: 'distribute'; to: number; cents: number }
  | { kind: 'proof'; user: number; cents: number; approve: boolean }
  | { kind: 'withdraw'; user: number; milli: number; outcome: 'complete' | 'fail' | 'leave' };

export const money = (cents: number) => BigInt(cents);
export const milliEth = (milli: number) => BigInt(milli) * 10n ** BigInt(ASSET_DECIMALS.ETH - 3);

export function defaultRates(random: Random): FaultRates {
  // Some seeds are calm, some stormy.
  const storm = random.pick([0.25, 0.5, 1, 2]);
  return {
    crash: 0.01 * storm,
    appendFailsBeforeCommit: 0.04 * storm,
    appendFailsAfterCommit: 0.04 * storm,
    delayedCommit: 0.15 * storm,
    readFails: 0.02 * storm,
    duplicateDelivery: 0.1 * storm,
    crashBeforeCheckpoint: 0.05 * storm,
  };
}

/** A command's metadata as the API gives it: the idempotency key is also its correlation and cause. */
export const metadata = (actorId: string, key: string) => ({
  actorId,
  correlationId: key,
  causationId: key,
  idempotencyKey: key,
});
