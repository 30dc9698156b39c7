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
import { accountDecider, accountStream } from '../../domain/accounts/account.ts';
import { cryptoDepositStream } from '../../domain/crypto/cryptoDeposit.ts';
import { postingsOf } from '../../domain/ledger/postings.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { ASSET_DECIMALS, type Asset } from '../../domain/shared/money.ts';
import { userStream } from '../../domain/users/user.ts';
import {
  type AppendResult,
  comparePositions,
  type EventStore,
  type ExpectedRevision,
  formatPosition,
  type LogPosition,
  type NewEvent,
  type RecordedEvent,
  StoreUnavailableError,
  type SubscribeOptions,
  type Subscription,
} from '../../infra/eventStore/eventStore.ts';
import { eventHash } from '../../infra/eventStore/hashChain.ts';
import { InMemoryEventStore } from '../../infra/eventStore/inMemoryEventStore.ts';
import { nameBasedUuid } from '../../infra/ids.ts';
import { Random } from '../../infra/testing/random.ts';
import { applyEvent, handlesType } from '../../projections/projection.ts';
import { loadState, StateCache } from '../commands/handleCommand.ts';
import {
  completeWithdrawal,
  confirmDeposit,
  declareDeposit,
  failWithdrawal,
  requestWithdrawal,
} from '../crypto/crypto.service.ts';
import type { Deps } from '../deps.ts';
import { ledgerFollowUps } from '../ledger/followUps.ts';
import {
  approvePayment,
  mintTokens,
  rejectPayment,
  submitPaymentProof,
  transferTokens,
} from '../ledger/ledger.service.ts';
import { type Acknowledged, balancesOf, businessId, logViolations } from '../testing/ledgerInvariants.ts';

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

class ProcessCrashed extends Error {
  override readonly name = 'ProcessCrashed';
}

const BASE_TIME = Date.UTC(2026, 0, 1);

/** Resumes, one at a time and in a seeded order, the actors waiting at a scheduling point. */
class Scheduler {
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
interface Process {
  name: string;
  alive: boolean;
  cache: StateCache;
  store: EventStore;
}

interface World {
  random: Random;
  scheduler: Scheduler;
  rates: FaultRates;
  faultsOn: boolean;
  faults: Record<string, number>;
  now: () => Date;
  inner: InMemoryEventStore;
  note(line: string): void;
}

function count(world: World, fault: string) {
  world.faults[fault] = (world.faults[fault] ?? 0) + 1;
}

/** The store as one process sees it: every call is a scheduling point where faults may strike. */
class FaultyStore implements EventStore {
  readonly kind = 'postgres' as const;
  private readonly asked: (LogPosition | null)[] = [];

  constructor(
    private readonly world: World,
    private readonly process: Process,
  ) {}

  private async gate(operation: string): Promise<void> {
    const { world, process } = this;
    await world.scheduler.pause(`${process.name} ${operation}`);
    if (!process.alive) throw new ProcessCrashed(`${process.name} is dead`);
    if (world.faultsOn && world.random.chance(world.rates.crash)) {
      process.alive = false;
      count(world, 'crash');
      world.note(`  ${process.name} crashed`);
      throw new ProcessCrashed(`${process.name} crashed`);
    }
  }

  private injected(fault: keyof FaultRates): boolean {
    const { world } = this;
    if (!world.faultsOn || !world.random.chance(world.rates[fault])) return false;
    count(world, fault);
    world.note(`  ${this.process.name} ${fault}`);
    return true;
  }

  async init(): Promise<void> {}

  async append(
    streamName: string,
    events: NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    await this.gate(`append ${streamName}`);
    if (this.injected('appendFailsBeforeCommit')) throw new StoreUnavailableError('injected: append failed');
    const delay = this.injected('delayedCommit') ? this.world.random.int(1, 6) : 0;
    const { scheduler } = this.world;
    const process = this.process;
    const result = await this.world.inner.append(streamName, events, {
      ...options,
      beforeCommit: async () => {
        // Positions taken, transaction open: every reader of the log must wait behind it.
        for (let i = 0; i < delay; i++) await scheduler.pause(`${process.name} commit held open`);
        if (!process.alive) throw new ProcessCrashed(`${process.name} died before COMMIT`);
      },
    });
    // Committed; the answer may still be lost on its way back.
    if (!this.process.alive) throw new ProcessCrashed(`${this.process.name} died before the answer`);
    if (this.injected('appendFailsAfterCommit'))
      throw new StoreUnavailableError('injected: connection lost after commit');
    return result;
  }

  async readStream(streamName: string, options?: { fromRevision?: bigint; maxCount?: number }) {
    await this.gate(`readStream ${streamName}`);
    if (this.injected('readFails')) throw new StoreUnavailableError('injected: read failed');
    return await this.world.inner.readStream(streamName, options);
  }

  async readAll(options: { after: LogPosition | null; limit: number }): Promise<RecordedEvent[]> {
    await this.gate('readAll');
    if (this.injected('readFails')) throw new StoreUnavailableError('injected: read failed');
    this.asked.push(options.after);
    let after = options.after;
    if (this.asked.length > 1 && this.injected('duplicateDelivery'))
      after = this.asked[this.world.random.int(0, this.asked.length - 1)]!;
    return await this.world.inner.readAll({ after, limit: options.limit });
  }

  subscribeToAll(_options: SubscribeOptions): Subscription {
    throw new Error('the simulation reads the log with readAll, as a runner batch does');
  }

  async headPosition(): Promise<LogPosition | null> {
    await this.gate('headPosition');
    return await this.world.inner.headPosition();
  }

  async ping(): Promise<void> {}
  async close(): Promise<void> {}
}

function spawn(world: World, name: string): Process {
  const process = { name, alive: true, cache: new StateCache() } as Process;
  process.store = new FaultyStore(world, process);
  return process;
}

function contextOf(world: World, process: Process) {
  return {
    store: process.store,
    cache: process.cache,
    // No code path the simulation runs touches Postgres; if one did, it would fail loudly here.
    pool: null as unknown as Deps['pool'],
    now: world.now,
    retryPause: () => world.scheduler.pause(`${process.name} retry after a concurrent write`),
  };
}

type Command =
  | { kind: 'transfer'; from: number; to: number; cents: number }
  | { kind: 'distribute'; to: number; cents: number }
  | { kind: 'proof'; user: number; cents: number; approve: boolean }
  | { kind: 'withdraw'; user: number; milli: number; outcome: 'complete' | 'fail' | 'leave' };

const money = (cents: number) => BigInt(cents);
const milliEth = (milli: number) => BigInt(milli) * 10n ** BigInt(ASSET_DECIMALS.ETH - 3);

function defaultRates(random: Random): FaultRates {
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

  // ---- The world before the faults: users, an admin, SAI and ETH on every account.
  const userCount = random.int(2, 5);
  const users = Array.from({ length: userCount }, (_, i) => nameBasedUuid(`sim:${seed}:user:${i}`));
  const adminId = nameBasedUuid(`sim:${seed}:admin`);
  for (const [i, userId] of [...users, adminId].entries()) {
    await world.inner.append(
      userStream(userId),
      [
        {
          id: nameBasedUuid(`sim:${seed}:registered:${i}`),
          type: 'UserRegistered',
          data: {
            userId,
            email: `sim${i}@example.com`,
            username: `sim${i}`,
            firstName: 'Sim',
            lastName: `User${i}`,
            bio: '',
            profileImageUrl: '',
            isAdmin: userId === adminId,
            registeredAt: now().toISOString(),
          },
          metadata: { actorId: null, correlationId: 'setup', causationId: null },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
  }
  const setupProcess: Process = { name: 'setup', alive: true, cache: new StateCache(), store: world.inner };
  const setup = contextOf(world, setupProcess);
  const metadata = (actorId: string, key: string) => ({
    actorId,
    correlationId: key,
    causationId: key,
    idempotencyKey: key,
  });
  const setupDone = (async () => {
    for (const [i, userId] of users.entries()) {
      await mintTokens(
        setup,
        {
          transactionId: nameBasedUuid(`sim:${seed}:fund:${i}`),
          userId,
          units: money(random.int(0, 10_000)),
          source: 'distribution',
          paymentId: null,
          description: 'Opening balance',
          mintedBy: adminId,
        },
        metadata(adminId, 'setup'),
      ).catch((error: unknown) => {
        // A zero opening balance is refused by the decider: that user starts empty.
        if (!(error instanceof DomainError)) throw error;
      });
      const depositId = nameBasedUuid(`sim:${seed}:eth:${i}`);
      await declareDeposit(
        setup,
        { depositId, userId, asset: 'ETH', network: 'arbitrum', txHash: null },
        metadata(userId, 'setup'),
      );
      await confirmDeposit(
        setup,
        depositId,
        {
          units: milliEth(random.int(1, 2_000)),
          // Declared without a hash, so the confirmation gives one (one transaction per deposit).
          txHash: `0x${createHash('sha256').update(depositId).digest('hex')}`,
        },
        adminId,
        metadata(adminId, 'setup'),
        nameBasedUuid(`sim:${seed}:eth-confirm:${i}`),
      );
      if ((await world.inner.readStream(cryptoDepositStream(depositId))).length !== 2)
        throw new Error('setup: the deposit was not confirmed');
    }
  })();
  // The setup talks to the store directly: no scheduling point, no fault.
  await setupDone;

  // ---- The workload: lanes of commands from clients that retry until they get an answer.
  const lanes = Array.from({ length: random.int(2, 4) }, () => {
    const lane: Command[] = [];
    for (let i = random.int(3, 8); i > 0; i--) {
      const roll = random.next();
      const from = random.int(0, userCount - 1);
      let to = random.int(0, userCount - 1);
      if (to === from) to = (to + 1) % userCount;
      if (roll < 0.45) lane.push({ kind: 'transfer', from, to, cents: random.int(1, 6_000) });
      else if (roll < 0.6) lane.push({ kind: 'distribute', to, cents: random.int(1, 3_000) });
      else if (roll < 0.8)
        lane.push({ kind: 'proof', user: from, cents: random.int(1, 5_000), approve: random.chance(0.7) });
      else
        lane.push({
          kind: 'withdraw',
          user: from,
          milli: random.int(1, 1_500),
          outcome: random.pick(['complete', 'fail', 'leave'] as const),
        });
    }
    return lane;
  });

  const nodes = [spawn(world, 'api-1'), spawn(world, 'api-2')];
  let restarts = 0;
  const liveNode = () => {
    const index = random.int(0, nodes.length - 1);
    if (!nodes[index]!.alive) nodes[index] = spawn(world, `api-${index + 1}.${++restarts}`);
    return nodes[index]!;
  };

  /** One command, retried with the same id (as the Idempotency-Key makes the API do) until it is answered. */
  async function send(
    label: string,
    key: string,
    expect: Acknowledged[],
    run: (ctx: ReturnType<typeof contextOf>, id: string) => Promise<string | null>,
  ): Promise<'ok' | 'refused' | 'unanswered'> {
    for (let attempt = 1; attempt <= 40; attempt++) {
      const id = options.sabotage?.freshIdOnRetry ? nameBasedUuid(`${key}:attempt:${attempt}`) : key;
      const node = liveNode();
      try {
        const problem = await run(contextOf(world, node), id);
        if (problem) {
          violations.push(`${label}: ${problem}`);
          return 'ok';
        }
        acknowledged.push(...expect.map((e) => ({ ...e, id: e.id === key ? id : e.id })));
        note(`  ${label} acknowledged`);
        return 'ok';
      } catch (error) {
        if (error instanceof DomainError) {
          refused.push(...expect.map((e) => ({ ...e, id: e.id === key ? id : e.id })));
          note(`  ${label} refused: ${error.message}`);
          return 'refused';
        }
        if (!(error instanceof StoreUnavailableError || error instanceof ProcessCrashed)) {
          if ((error as Error).name !== 'WrongExpectedRevisionError') {
            violations.push(`${label}: unexpected ${(error as Error).stack ?? String(error)}`);
            return 'unanswered';
          }
        }
        note(`  ${label} failed (${(error as Error).message}), retrying`);
        await scheduler.pause(`client retry ${label}`);
      }
    }
    return 'unanswered';
  }

  const clients = lanes.map(async (lane, laneIndex) => {
    for (const [n, command] of lane.entries()) {
      const key = nameBasedUuid(`sim:${seed}:lane:${laneIndex}:${n}`);
      const tag = `lane ${laneIndex} #${n} ${command.kind}`;
      if (command.kind === 'transfer') {
        const [from, to] = [users[command.from]!, users[command.to]!];
        await send(tag, key, [{ id: key }, { id: key, event: 'TokensTransferred' }], async (ctx, id) => {
          await transferTokens(
            ctx,
            {
              transactionId: id,
              fromUserId: from,
              toUserId: to,
              units: money(command.cents),
              description: tag,
            },
            metadata(from, id),
          );
          return null;
        });
      } else if (command.kind === 'distribute') {
        await send(tag, key, [{ id: key, event: 'TokensMinted' }], async (ctx, id) => {
          await mintTokens(
            ctx,
            {
              transactionId: id,
              userId: users[command.to]!,
              units: money(command.cents),
              source: 'distribution',
              paymentId: null,
              description: tag,
              mintedBy: adminId,
            },
            metadata(adminId, id),
          );
          return null;
        });
      } else if (command.kind === 'proof') {
        const userId = users[command.user]!;
        let paymentId = key;
        const submitted = await send(
          `${tag} submit`,
          key,
          [{ id: key, event: 'PaymentProofSubmitted' }],
          async (ctx, id) => {
            paymentId = id;
            const result = await submitPaymentProof(
              ctx,
              {
                paymentId: id,
                userId,
                paymentMethod: 'USDC',
                units: money(command.cents),
                notes: '',
                proofImageUrl: '',
              },
              metadata(userId, id),
            );
            return result.events[0]?.type === 'PaymentProofSubmitted'
              ? null
              : 'the proof answered without its event';
          },
        );
        if (submitted !== 'ok') continue;
        const decision = nameBasedUuid(`${key}:decision`);
        const expected: Acknowledged[] = command.approve
          ? [
              { id: paymentId, event: 'PaymentApproved' },
              { id: paymentId, event: 'TokensMinted' },
            ]
          : [{ id: paymentId, event: 'PaymentRejected' }];
        await send(
          `${tag} ${command.approve ? 'approve' : 'reject'}`,
          decision,
          expected,
          async (ctx, id) => {
            if (command.approve) await approvePayment(ctx, paymentId, adminId, metadata(adminId, id), id);
            else await rejectPayment(ctx, paymentId, adminId, 'not received', metadata(adminId, id), id);
            return null;
          },
        );
      } else {
        const userId = users[command.user]!;
        let withdrawalId = key;
        const requested = await send(
          `${tag} request`,
          key,
          [
            { id: key, event: 'WithdrawalHoldPlaced' },
            { id: key, event: 'WithdrawalRequested' },
          ],
          async (ctx, id) => {
            withdrawalId = id;
            const { recorded } = await requestWithdrawal(
              ctx,
              {
                withdrawalId: id,
                userId,
                asset: 'ETH',
                units: milliEth(command.milli),
                address: '0x1234567890abcdef',
                chain: 'ethereum',
                notes: '',
              },
              metadata(userId, id),
            );
            // The route answers 409 "already requested" when this is missing.
            return recorded?.events[0]?.type === 'WithdrawalRequested'
              ? null
              : 'answered "already requested"';
          },
        );
        if (requested !== 'ok' || command.outcome === 'leave') continue;
        const decision = nameBasedUuid(`${key}:decision`);
        const complete = command.outcome === 'complete';
        await send(
          `${tag} ${command.outcome}`,
          decision,
          [{ id: withdrawalId, event: complete ? 'WithdrawalCompleted' : 'WithdrawalFailed' }],
          async (ctx, id) => {
            if (complete)
              await completeWithdrawal(
                ctx,
                withdrawalId,
                '0xfeedfacecafe',
                adminId,
                metadata(adminId, id),
                id,
              );
            else await failWithdrawal(ctx, withdrawalId, 'node down', adminId, metadata(adminId, id), id);
            return null;
          },
        );
      }
    }
  });
  let clientsDone = false;
  void Promise.all(clients).then(() => {
    clientsDone = true;
    world.faultsOn = false;
    note('  clients done, faults off');
  });

  // ---- The follow-up worker: a runner loop with its checkpoint; side effects first, checkpoint after.
  let followUpCheckpoint: LogPosition | null = null;
  let followUpIdle = false;
  const followUps = (async () => {
    let process = spawn(world, 'follow-ups');
    let manager = ledgerFollowUps(contextOf(world, process), { creditGraceMs: 0 });
    for (;;) {
      try {
        const batch = await process.store.readAll({ after: followUpCheckpoint, limit: random.int(1, 8) });
        const relevant = batch.filter((e) => comparePositions(e.position, followUpCheckpoint) > 0);
        followUpIdle = relevant.length === 0;
        if (relevant.length === 0) {
          await scheduler.pause('follow-ups idle');
          continue;
        }
        if (random.chance(0.5)) {
          // The runner's set-based form (what production runs), half of the time.
          const handled = relevant.filter((event) => handlesType(manager, event.type));
          if (handled.length > 0) await manager.applyBatch!(handled, null as never);
          if (world.faultsOn && random.chance(world.rates.crashBeforeCheckpoint)) {
            count(world, 'crashBeforeCheckpoint');
            throw new ProcessCrashed('follow-ups died before their checkpoint');
          }
        } else {
          for (const event of relevant) {
            await applyEvent(manager, event, null as never);
            if (world.faultsOn && random.chance(world.rates.crashBeforeCheckpoint)) {
              count(world, 'crashBeforeCheckpoint');
              throw new ProcessCrashed('follow-ups died before their checkpoint');
            }
          }
        }
        followUpCheckpoint = relevant[relevant.length - 1]!.position;
      } catch (error) {
        if (!(error instanceof StoreUnavailableError || error instanceof ProcessCrashed)) {
          if ((error as Error).name !== 'WrongExpectedRevisionError')
            violations.push(`follow-ups: unexpected ${(error as Error).stack ?? String(error)}`);
        }
        // The runner rolls back and retries from its checkpoint; a dead worker is replaced.
        note(
          `  follow-ups restart from ${followUpCheckpoint ? formatPosition(followUpCheckpoint) : 'start'}`,
        );
        process.alive = false;
        process = spawn(world, 'follow-ups');
        manager = ledgerFollowUps(contextOf(world, process), { creditGraceMs: 0 });
        await scheduler.pause('follow-ups backoff');
      }
    }
  })();
  void followUps;

  // ---- The balances projection: rows and checkpoint in one commit, as projections/runner.ts does it.
  interface ProjectionState {
    balances: Map<string, bigint>;
    applied: Map<string, number>;
    checkpoint: LogPosition | null;
  }
  let projection: ProjectionState = { balances: new Map(), applied: new Map(), checkpoint: null };
  let projectionIdle = false;
  const projector = (async () => {
    let process = spawn(world, 'projection');
    for (;;) {
      try {
        const batch = await process.store.readAll({ after: projection.checkpoint, limit: random.int(1, 8) });
        const relevant = batch.filter((e) => comparePositions(e.position, projection.checkpoint) > 0);
        projectionIdle = relevant.length === 0;
        if (relevant.length === 0) {
          await scheduler.pause('projection idle');
          continue;
        }
        const staged: ProjectionState = {
          balances: new Map(projection.balances),
          applied: new Map(projection.applied),
          checkpoint: relevant[relevant.length - 1]!.position,
        };
        for (const event of relevant) {
          staged.applied.set(event.id, (staged.applied.get(event.id) ?? 0) + 1);
          for (const posting of postingsOf(event)) {
            const from = `${posting.from}|${posting.asset}`;
            const to = `${posting.to}|${posting.asset}`;
            staged.balances.set(from, (staged.balances.get(from) ?? 0n) - posting.units);
            staged.balances.set(to, (staged.balances.get(to) ?? 0n) + posting.units);
          }
        }
        const crashes = () => world.faultsOn && random.chance(world.rates.crashBeforeCheckpoint);
        if (options.sabotage?.checkpointApart) {
          projection = { ...staged, checkpoint: projection.checkpoint };
          await scheduler.pause('projection between rows and checkpoint');
          if (crashes()) throw new ProcessCrashed('projection died before its checkpoint');
          projection = { ...projection, checkpoint: staged.checkpoint };
        } else {
          await scheduler.pause('projection commit');
          if (crashes()) throw new ProcessCrashed('projection died before COMMIT');
          projection = staged;
        }
      } catch (error) {
        if (!(error instanceof StoreUnavailableError || error instanceof ProcessCrashed))
          violations.push(`projection: unexpected ${(error as Error).stack ?? String(error)}`);
        count(world, 'projection restart');
        process.alive = false;
        process = spawn(world, 'projection');
        await scheduler.pause('projection backoff');
      }
    }
  })();
  void projector;

  world.faultsOn = true;
  let settledAt: LogPosition | null = null;
  const outcome = await scheduler.run(options.maxSteps ?? 200_000, () => {
    if (!clientsDone || !followUpIdle || !projectionIdle || world.inner.openTransactions() > 0) return false;
    // Settled when both workers have passed the head of the log.
    const top = world.inner.lastPosition();
    if (comparePositions(followUpCheckpoint, top) !== 0 || comparePositions(projection.checkpoint, top) !== 0)
      return false;
    settledAt = top;
    return true;
  });
  if (outcome !== 'done')
    violations.push(`the simulation did not settle: ${outcome} after ${scheduler.steps} steps`);

  // ---- Checks: the log, the projection and the write side against each other.
  const log: RecordedEvent[] = [];
  for (let after: LogPosition | null = null; ; ) {
    const batch = await world.inner.readAll({ after, limit: 1_000 });
    if (batch.length === 0) break;
    log.push(...batch);
    after = batch[batch.length - 1]!.position;
  }
  if (outcome === 'done') {
    violations.push(...logViolations(log, { acknowledged, settled: true }));
    const inLog = new Map<string, number>();
    for (const event of log) {
      const key = `${event.type}|${businessId(event)}`;
      inLog.set(key, (inLog.get(key) ?? 0) + 1);
    }
    for (const r of refused)
      if (inLog.has(`${r.event}|${r.id}`)) violations.push(`refused ${r.event} ${r.id} is in the log`);
    // The projection equals a replay of the log, and applied every event exactly once.
    const replayed = balancesOf(log);
    const keys = new Set([...replayed.keys(), ...projection.balances.keys()]);
    for (const key of keys) {
      const [a, b] = [projection.balances.get(key) ?? 0n, replayed.get(key) ?? 0n];
      if (a !== b) violations.push(`projection has ${key} = ${a}, the log says ${b} (invariant 4)`);
    }
    for (const event of log) {
      const n = projection.applied.get(event.id) ?? 0;
      if (n !== 1)
        violations.push(`projection applied ${event.type} ${event.id} ${n} times (invariants 5-6)`);
    }
    if (comparePositions(projection.checkpoint, settledAt) !== 0)
      violations.push('projection checkpoint is not at the head');
    // The write side: each account stream folds to what the log's postings say.
    const ctx = { store: world.inner, cache: new StateCache() };
    for (const userId of users) {
      const { state } = await loadState(ctx, accountStream(userId), accountDecider);
      for (const asset of Object.keys(ASSET_DECIMALS) as Asset[]) {
        const [a, b] = [state.balances[asset] ?? 0n, replayed.get(`user:${userId}|${asset}`) ?? 0n];
        if (a !== b) violations.push(`write side of ${userId} has ${a} ${asset}, the log says ${b}`);
      }
    }
    // Hash chains (invariant 7): every stream's events link up and hash to what they carry.
    const chains = new Map<string, RecordedEvent>();
    for (const event of [...log].sort((x, y) =>
      x.revision < y.revision ? -1 : x.revision > y.revision ? 1 : 0,
    )) {
      const previous = chains.get(event.streamName) ?? null;
      const expectedRevision = previous ? previous.revision + 1n : 0n;
      if (event.revision !== expectedRevision)
        violations.push(`${event.streamName} skips to revision ${event.revision}`);
      if (event.metadata.prevHash !== (previous?.metadata.hash ?? null))
        violations.push(`${event.streamName}@${event.revision} does not chain to its predecessor`);
      const hash = eventHash({ ...event, prevHash: event.metadata.prevHash });
      if (hash !== event.metadata.hash)
        violations.push(`${event.streamName}@${event.revision} hash mismatch`);
      chains.set(event.streamName, event);
    }
  }

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
