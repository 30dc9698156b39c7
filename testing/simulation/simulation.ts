/**
 * A deterministic simulation of the command and projection pipeline under store faults (docs/ledger.md
 * invariants 1-6), in the style of FoundationDB's and TigerBeetle's simulators: one seed decides the
 * workload, every interleaving and every fault, so a failing seed replays exactly (SIM_SEED=n).
 *
 * What runs is the real code: the domain deciders, handleCommand with its state cache and retries, the
 * ledger and crypto services the routes call (transfers, distributions, deposit proofs and their approval,
 * withdrawals and their completion or failure), and the ledger follow-up worker. Underneath is the
 * in-memory event store (same contract and visibility rules as the Postgres adapter) behind a fault
 * injector. Around it:
 * - API processes (each with its own state cache) that crash at random moments, losing whatever they
 *   were doing, and are replaced by fresh ones;
 * - clients that retry every command with the same command id (as the API derives it from the
 *   Idempotency-Key) until they get an answer or a refusal;
 * - a balances projection run as the projection runner runs one (filter what is not past the checkpoint,
 *   rows and checkpoint in one commit), and the follow-up worker, both crashing between their work and
 *   their checkpoint;
 * - the store failing appends before commit, failing them after commit (the write happened, the caller
 *   sees an error), holding commits open for a while (late visibility), failing reads, and delivering
 *   part of the log again.
 *
 * Every store call is a point where a seeded scheduler picks which waiting actor goes next; nothing else
 * (no timer, no I/O, no random id) decides an order. At the end the log, the projection and the write
 * side are checked against each other.
 */
import { createHash } from 'node:crypto';
import { comparePositions, formatPosition, type LogPosition } from '../../infra/eventStore/eventStore.ts';
import { InMemoryEventStore } from '../../infra/eventStore/inMemoryEventStore.ts';
import type { Acknowledged } from '../ledgerInvariants.ts';
import { Random } from '../random.ts';
import { checkSettled, readLog } from './checks.ts';
import { startClients } from './clients.ts';
import { seedWorld } from './setup.ts';
import { startFollowUps, startProjection } from './workers.ts';
import {
  BASE_TIME,
  defaultRates,
  Scheduler,
  type SimulationOptions,
  type SimulationReport,
  type World,
} from './world.ts';

export type { SimulationOptions, SimulationReport } from './world.ts';

export async function simulate(seed: number, options: SimulationOptions = {}): Promise<SimulationReport> {
  const random = new Random(seed);
  const trace: string[] = [];
  const note = (line: string) => {
    trace.push(line);
    if (!options.trace && trace.length > 300) trace.splice(0, trace.length - 200);
  };
  const scheduler = new Scheduler(random, note);
  const now = () => new Date(BASE_TIME + scheduler.steps * 10);
  const world: World = {
    random,
    scheduler,
    rates: defaultRates(random),
    faultsOn: false,
    faults: {},
    now,
    note,
    inner: new InMemoryEventStore({ now, ignoreOpenTransactions: options.sabotage?.ignoreOpenTransactions }),
  };
  const violations: string[] = [];
  const acknowledged: Acknowledged[] = [];
  const refused: Acknowledged[] = [];

  const { userCount, users, adminId } = await seedWorld(world, seed);

  const clients = startClients(world, {
    seed,
    userCount,
    users,
    adminId,
    sabotage: options.sabotage,
    violations,
    acknowledged,
    refused,
  });
  let clientsDone = false;
  void Promise.all(clients).then(() => {
    clientsDone = true;
    world.faultsOn = false;
    note('  clients done, faults off');
  });

  const followUps = startFollowUps(world, violations);
  const projection = startProjection(world, violations, options.sabotage);

  world.faultsOn = true;
  let settledAt: LogPosition | null = null;
  const outcome = await scheduler.run(options.maxSteps ?? 200_000, () => {
    if (!clientsDone || !followUps.idle || !projection.idle || world.inner.openTransactions() > 0)
      return false;
    // Settled when both workers have passed the head of the log.
    const top = world.inner.lastPosition();
    if (
      comparePositions(followUps.checkpoint, top) !== 0 ||
      comparePositions(projection.state.checkpoint, top) !== 0
    )
      return false;
    settledAt = top;
    return true;
  });
  if (outcome !== 'done')
    violations.push(`the simulation did not settle: ${outcome} after ${scheduler.steps} steps`);

  // ---- Checks: the log, the projection and the write side against each other.
  const log = await readLog(world);
  if (outcome === 'done')
    violations.push(
      ...(await checkSettled(world, {
        log,
        users,
        acknowledged,
        refused,
        projection: projection.state,
        settledAt,
      })),
    );

  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify({
        log: log.map((e) => [e.id, e.type, formatPosition(e.position), e.metadata.hash]),
        acknowledged,
        refused,
        faults: world.faults,
        steps: scheduler.steps,
      }),
    )
    .digest('hex');
  return {
    seed,
    violations,
    steps: scheduler.steps,
    events: log.length,
    acknowledged: acknowledged.length,
    refused: refused.length,
    faults: world.faults,
    fingerprint,
    trace,
    log,
  } as SimulationReport;
}

/** Runs the seeds in order and describes the first failing ones (seed, violations, the last steps). */
export async function failingSeeds(
  seeds: Iterable<number>,
  options: SimulationOptions = {},
  stopAfter = 3,
): Promise<{ runs: number; failures: string[]; events: number; faults: Record<string, number> }> {
  const failures: string[] = [];
  const faults: Record<string, number> = {};
  let runs = 0;
  let events = 0;
  for (const seed of seeds) {
    const report = await simulate(seed, options);
    runs++;
    events += report.events;
    for (const [fault, n] of Object.entries(report.faults)) faults[fault] = (faults[fault] ?? 0) + n;
    if (report.violations.length > 0) {
      failures.push(
        [
          `seed ${seed} failed (replay: SIM_SEED=${seed}):`,
          ...report.violations.slice(0, 12).map((v) => `  ${v}`),
          '  last steps:',
          ...report.trace.slice(-40).map((line) => `    ${line}`),
        ].join('\n'),
      );
      if (failures.length >= stopAfter) break;
    }
  }
  return { runs, failures, events, faults };
}
