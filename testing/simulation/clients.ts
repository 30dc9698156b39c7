/** The simulation's workload (see simulation.ts): lanes of commands from clients that retry until answered. */

import { completeWithdrawal, failWithdrawal, requestWithdrawal } from '../../app/crypto/crypto.service.ts';
import {
  approvePayment,
  mintTokens,
  rejectPayment,
  submitPaymentProof,
  transferTokens,
} from '../../app/ledger/ledger.service.ts';
import { DEFAULT_MARKET_PRICES } from '../../app/payments/purchases.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { StoreUnavailableError } from '../../infra/eventStore/eventStore.ts';
import { nameBasedUuid } from '../../infra/ids.ts';
import type { Acknowledged } from '../ledgerInvariants.ts';
import { spawn } from './faultyStore.ts';
import {
  type Command,
  contextOf,
  metadata,
  milliEth,
  money,
  ProcessCrashed,
  type Sabotage,
  type World,
} from './world.ts';

/** What the clients share with the rest of the run: its users, and where they record the answers they got. */
export interface Workload {
  seed: number;
  userCount: number;
  users: UserId[];
  adminId: UserId;
  sabotage: Sabotage | undefined;
  violations: string[];
  acknowledged: Acknowledged[];
  refused: Acknowledged[];
}

/** Draws the lanes and starts a client on each (one promise per lane), on API processes that crash. */
export function startClients(world: World, workload: Workload): Promise<void>[] {
  const { random, scheduler, note } = world;
  const { seed, userCount, users, adminId, violations, acknowledged, refused } = workload;
  const lanes = drawLanes(world, userCount);

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
      const id = workload.sabotage?.freshIdOnRetry ? nameBasedUuid(`${key}:attempt:${attempt}`) : key;
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

  return lanes.map(async (lane, laneIndex) => {
    for (const [n, command] of lane.entries()) {
      const key = nameBasedUuid(`sim:${seed}:lane:${laneIndex}:${n}`);
      const tag = `lane ${laneIndex} #${n} ${command.kind}`;
      if (command.kind === 'transfer') await sendTransfer(send, command, key, tag, users);
      else if (command.kind === 'distribute') await sendDistribution(send, command, key, tag, users, adminId);
      else if (command.kind === 'proof') await sendProof(send, command, key, tag, users, adminId);
      else await sendWithdrawal(send, command, key, tag, users, adminId);
    }
  });
}

type Send = (
  label: string,
  key: string,
  expect: Acknowledged[],
  run: (ctx: ReturnType<typeof contextOf>, id: string) => Promise<string | null>,
) => Promise<'ok' | 'refused' | 'unanswered'>;
type CommandOf<K extends Command['kind']> = Extract<Command, { kind: K }>;

/** The lanes: two to four, each of three to eight commands drawn from the run's random numbers. */
function drawLanes(world: World, userCount: number): Command[][] {
  const { random } = world;
  return Array.from({ length: random.int(2, 4) }, () => {
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
}

/** A transfer between two users: its debit acknowledged under the command's id. */
async function sendTransfer(
  send: Send,
  command: CommandOf<'transfer'>,
  key: string,
  tag: string,
  users: UserId[],
) {
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
        stepUp: 'system',
      },
      metadata(from, id),
    );
    return null;
  });
}

/** A distribution by the admin to one user. */
async function sendDistribution(
  send: Send,
  command: CommandOf<'distribute'>,
  key: string,
  tag: string,
  users: UserId[],
  adminId: UserId,
) {
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
}

/** A payment proof submitted, then approved or rejected by the admin once it was acknowledged. */
async function sendProof(
  send: Send,
  command: CommandOf<'proof'>,
  key: string,
  tag: string,
  users: UserId[],
  adminId: UserId,
) {
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
          prices: DEFAULT_MARKET_PRICES,
        },
        metadata(userId, id),
      );
      return result.events[0]?.type === 'PaymentProofSubmitted'
        ? null
        : 'the proof answered without its event';
    },
  );
  if (submitted !== 'ok') return;
  const decision = nameBasedUuid(`${key}:decision`);
  const expected: Acknowledged[] = command.approve
    ? [
        { id: paymentId, event: 'PaymentApproved' },
        { id: paymentId, event: 'TokensMinted' },
      ]
    : [{ id: paymentId, event: 'PaymentRejected' }];
  await send(`${tag} ${command.approve ? 'approve' : 'reject'}`, decision, expected, async (ctx, id) => {
    if (command.approve) await approvePayment(ctx, paymentId, adminId, metadata(adminId, id), id);
    else await rejectPayment(ctx, paymentId, adminId, 'not received', metadata(adminId, id), id);
    return null;
  });
}

/** A withdrawal requested, then completed, failed or left pending by the admin. */
async function sendWithdrawal(
  send: Send,
  command: CommandOf<'withdraw'>,
  key: string,
  tag: string,
  users: UserId[],
  adminId: UserId,
) {
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
          address: '0x1234567890abcdef1234567890abcdef12345678',
          chain: 'ethereum',
          notes: '',
        },
        metadata(userId, id),
      );
      // The route answers 409 "already requested" when this is missing.
      return recorded?.events[0]?.type === 'WithdrawalRequested' ? null : 'answered "already requested"';
    },
  );
  if (requested !== 'ok' || command.outcome === 'leave') return;
  const decision = nameBasedUuid(`${key}:decision`);
  const complete = command.outcome === 'complete';
  await send(
    `${tag} ${command.outcome}`,
    decision,
    [{ id: withdrawalId, event: complete ? 'WithdrawalCompleted' : 'WithdrawalFailed' }],
    async (ctx, id) => {
      if (complete)
        await completeWithdrawal(ctx, withdrawalId, '0xfeedfacecafe', adminId, metadata(adminId, id), id);
      else await failWithdrawal(ctx, withdrawalId, 'node down', adminId, metadata(adminId, id), id);
      return null;
    },
  );
}
