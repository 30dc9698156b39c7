import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { hashSecret } from '../app/auth/credentials.ts';
import { findUserIdByEmail, registerUser } from '../app/auth/users.service.ts';
import { ensureAdmin } from '../app/bootstrap/accounts.ts';
import { cardIdFor } from '../app/cards/cards.service.ts';
import { DEFAULT_MARKET_PRICES } from '../app/payments/purchases.ts';
import {
  type AccountCommand,
  type AccountState,
  accountDecider,
  accountStream,
} from '../domain/accounts/account.ts';
import { type CardState, cardDecider, cardStream } from '../domain/cards/card.ts';
import { unitsOf } from '../domain/ledger/postings.ts';
import { type PaymentState, paymentDecider, paymentStream } from '../domain/payments/payment.ts';
import { quotePurchase } from '../domain/payments/purchaseQuote.ts';
import { feeSettingsDecider } from '../domain/settings/feeSettings.ts';
import type { Decider } from '../domain/shared/decider.ts';
import type { UserId } from '../domain/shared/ids.ts';
import {
  appendBatch,
  type EventMetadata,
  type EventStore,
  type StreamAppend,
} from '../infra/eventStore/eventStore.ts';
import { loadConfig } from '../runtime/config.ts';
import { openDatabase } from '../runtime/database.ts';
import { createLogger } from '../runtime/logger.ts';
import { startServices } from '../runtime/services.ts';

/**
 * npm run seed -- --users 1000 --events 1000000 [--batch 400] [--seed 42]
 *
 * Fills the log with a realistic history THROUGH THE COMMANDS: users register through the registration
 * service (reservations included); every money movement is decided by the real deciders (no overdraft,
 * exact amounts) on state kept in memory, and the resulting events are appended in batches of many
 * commands per commit (appendMany), each stream checked against its expected revision. Senders follow a
 * Zipf law (a few very active accounts, a long tail). Deterministic for a given --seed.
 * Every seeded user's password is "seed-password".
 */
const { values } = parseArgs({
  options: {
    users: { type: 'string' },
    events: { type: 'string' },
    batch: { type: 'string' },
    seed: { type: 'string' },
  },
  strict: true,
});
const USERS = Number(values.users ?? 100);
const TARGET = Number(values.events ?? 10_000);
const BATCH = Number(values.batch ?? 400);
if (!(USERS >= 2 && TARGET >= 1 && BATCH >= 1)) {
  process.stderr.write('usage: npm run seed -- --users N (>= 2) --events N [--batch N] [--seed N]\n');
  process.exit(2);
}

/** mulberry32: small, seedable, good enough to pick accounts. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(Number(values.seed ?? 42));

/** Zipf(s=1.1) over n ranks by inverse CDF on a precomputed table. */
function zipf(n: number) {
  const weights = Array.from({ length: n }, (_, k) => 1 / (k + 1) ** 1.1);
  const total = weights.reduce((a, b) => a + b, 0);
  const cdf: number[] = [];
  let acc = 0;
  for (const w of weights) {
    acc += w / total;
    cdf.push(acc);
  }
  return () => {
    const r = rand();
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

interface Tracked<S> {
  state: S;
  revision: bigint;
}

/** Decides commands in memory and collects their events per stream for one batched commit. */
class Batch {
  readonly appends = new Map<string, StreamAppend>();
  events = 0;
  constructor(private readonly store: EventStore) {}

  add<S, C, E extends { type: string; data: unknown }>(
    streamName: string,
    tracked: Map<string, Tracked<S>>,
    decider: Decider<S, C, E>,
    command: C,
    metadata: EventMetadata,
  ): E[] {
    const current = tracked.get(streamName) ?? { state: decider.initialState(), revision: -1n };
    const events = decider.decide(command, current.state);
    if (events.length === 0) return events;
    const item = this.appends.get(streamName) ?? {
      streamName,
      events: [],
      expectedRevision: current.revision === -1n ? ('no_stream' as const) : current.revision,
    };
    for (const event of events)
      item.events.push({ id: randomUUID(), type: event.type, data: event.data, metadata });
    this.appends.set(streamName, item);
    tracked.set(streamName, {
      state: events.reduce(decider.evolve, current.state),
      revision: current.revision + BigInt(events.length),
    });
    this.events += events.length;
    return events;
  }

  async flush(): Promise<number> {
    if (this.appends.size === 0) return 0;
    await appendBatch(this.store, [...this.appends.values()]);
    const written = this.events;
    this.appends.clear();
    this.events = 0;
    return written;
  }
}

async function main() {
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    RATE_LIMITS: 'off',
  });
  const logger = createLogger(config.LOG_LEVEL);
  const database = await openDatabase(config, logger);
  const services = await startServices(config, logger, {
    databaseUrl: database.url,
    runProjections: false,
    scheduledJobs: false,
  });
  const { deps } = services;
  const started = Date.now();
  let written = 0;
  const progress = (phase: string) => {
    const seconds = (Date.now() - started) / 1000;
    const rate = written / Math.max(seconds, 0.001);
    const ratio = Math.min(1, written / TARGET);
    const width = 24;
    const line = `${phase.padEnd(9)} ${'█'.repeat(Math.round(ratio * width))}${'░'.repeat(width - Math.round(ratio * width))} ${(ratio * 100).toFixed(0).padStart(3)}%  ${written.toLocaleString('en-US')} events  ${Math.round(rate).toLocaleString('en-US')} ev/s  ETA ${rate > 0 ? Math.ceil((TARGET - written) / rate) : '?'}s`;
    process.stderr.write(process.stderr.isTTY ? `\r${line}` : `${line}\n`);
  };
  let exit = 0;
  try {
    const admin = await ensureAdmin(deps, 'seed-admin@example.com', 'seed-admin-password', {
      resetPassword: false,
    });
    const passwordHash = await hashSecret('seed-password');
    const run = randomUUID().slice(0, 6);
    const users: { id: UserId; username: string }[] = [];
    // Registration through the service, a few at a time (each is several appends with reservations).
    for (let i = 0; i < USERS; i += 16) {
      const chunk = Array.from({ length: Math.min(16, USERS - i) }, (_, j) => i + j);
      const created = await Promise.all(
        chunk.map(async (n) => {
          const email = `seed${n}.${run}@example.com`;
          const { user } = await registerUser(
            deps,
            {
              email,
              username: `seed${n}_${run}`,
              password: 'seed-password',
              passwordHash,
              firstName: `Seed`,
              lastName: `User ${n}`,
              bio: '',
              profileImageUrl: '',
              isAdmin: false,
            },
            { actorId: null, correlationId: randomUUID(), causationId: null },
          );
          return { id: user.userId, username: user.username };
        }),
      );
      users.push(...created);
      if (i % 160 === 0)
        process.stderr.write(
          `${process.stderr.isTTY ? '\r' : ''}users     ${users.length} of ${USERS} registered${process.stderr.isTTY ? '' : '\n'}`,
        );
    }
    const accounts = new Map<string, Tracked<AccountState>>();
    const cards = new Map<string, Tracked<CardState>>();
    const payments = new Map<string, Tracked<PaymentState>>();
    const batch = new Batch(deps.store);
    const meta = (actorId: string): EventMetadata => ({
      actorId,
      correlationId: randomUUID(),
      causationId: null,
    });
    const now = () => new Date();
    const mint = (userId: UserId, units: bigint, description: string) =>
      batch.add(
        accountStream(userId),
        accounts,
        accountDecider,
        {
          type: 'MintTokens',
          data: {
            transactionId: randomUUID(),
            userId,
            asset: 'SAI',
            units,
            source: 'distribution',
            paymentId: null,
            description,
            mintedBy: admin.userId,
            receiverSuspended: false,
          },
          now: now(),
        } satisfies AccountCommand,
        meta(admin.userId),
      );
    // Everyone starts with a distribution between 50 and 2,000 SAI.
    for (const u of users) {
      mint(u.id, BigInt(5_000 + Math.floor(rand() * 195_000)), 'Welcome distribution');
      if (batch.events >= BATCH) written += await batch.flush();
    }
    written += await batch.flush();
    const pickSender = zipf(users.length);
    while (written + batch.events < TARGET) {
      const roll = rand();
      const sender = users[pickSender()]!;
      if (roll < 0.02) {
        // A deposit proof, approved: payment stream events, the mint, and the card activation.
        const paymentId = randomUUID();
        const units = BigInt(10_000 + Math.floor(rand() * 40_000));
        // The seed's buyers pay the default prices at the gold rate (their tier is not tracked here).
        const quote = quotePurchase({
          units,
          currency: 'USDT',
          cardTier: null,
          balanceUnits: 0n,
          rates: feeSettingsDecider.initialState(),
          prices: DEFAULT_MARKET_PRICES,
        });
        batch.add(
          paymentStream(paymentId),
          payments,
          paymentDecider,
          {
            type: 'SubmitPaymentProof',
            data: {
              paymentId,
              userId: sender.id,
              paymentMethod: 'USDT',
              units,
              notes: 'seed',
              proofImageUrl: '',
              quote,
            },
            now: now(),
          },
          meta(sender.id),
        );
        batch.add(
          paymentStream(paymentId),
          payments,
          paymentDecider,
          {
            type: 'ApprovePayment',
            data: { paymentId, adminId: admin.userId, ownerSuspended: false },
            now: now(),
          },
          meta(admin.userId),
        );
        batch.add(
          accountStream(sender.id),
          accounts,
          accountDecider,
          {
            type: 'MintTokens',
            data: {
              transactionId: paymentId,
              userId: sender.id,
              asset: 'SAI',
              units,
              source: 'payment',
              paymentId,
              description: 'Deposit approved',
              mintedBy: admin.userId,
              fee: { units: unitsOf(quote.fee, 'SAI'), rate: quote.rate },
              receiverSuspended: false,
            },
            now: now(),
          },
          meta(admin.userId),
        );
        batch.add(
          cardStream(cardIdFor(sender.id)),
          cards,
          cardDecider,
          { type: 'ActivateForPayment', data: { paymentId }, now: now() },
          meta(admin.userId),
        );
      } else if (roll < 0.03) {
        const state = cards.get(cardStream(cardIdFor(sender.id)))?.state;
        if (!state || state.status === 'none') {
          const balanceUnits = accounts.get(accountStream(sender.id))?.state.balances.SAI ?? 0n;
          batch.add(
            cardStream(cardIdFor(sender.id)),
            cards,
            cardDecider,
            {
              type: 'RequestCard',
              data: { cardId: cardIdFor(sender.id), userId: sender.id, balanceUnits, address: null },
              now: now(),
            },
            meta(sender.id),
          );
        }
      } else {
        let receiver = users[Math.floor(rand() * users.length)]!;
        if (receiver.id === sender.id) receiver = users[(users.indexOf(sender) + 1) % users.length]!;
        const balance = accounts.get(accountStream(sender.id))?.state.balances.SAI ?? 0n;
        if (balance < 2n) {
          mint(sender.id, 10_000n, 'Top-up');
        } else {
          const units = 1n + BigInt(Math.floor(rand() * Number(balance / 20n > 1n ? balance / 20n : 1n)));
          const transactionId = randomUUID();
          const sent = batch.add(
            accountStream(sender.id),
            accounts,
            accountDecider,
            {
              type: 'TransferTokens',
              data: {
                transactionId,
                fromUserId: sender.id,
                toUserId: receiver.id,
                receiverExists: true,
                receiverSuspended: false,
                fromLabel: sender.username,
                toLabel: receiver.username,
                asset: 'SAI',
                units,
                description: 'seed transfer',
              },
              now: now(),
            },
            meta(sender.id),
          );
          const event = sent[0];
          if (event?.type === 'TokensTransferred') {
            batch.add(
              accountStream(receiver.id),
              accounts,
              accountDecider,
              {
                type: 'ReceiveTransfer',
                data: {
                  transactionId,
                  fromUserId: sender.id,
                  toUserId: receiver.id,
                  asset: 'SAI',
                  amount: event.data.amount,
                },
                now: now(),
              },
              meta(sender.id),
            );
          }
        }
      }
      if (batch.events >= BATCH) {
        written += await batch.flush();
        progress('commands');
      }
    }
    written += await batch.flush();
    progress('done');
    process.stderr.write('\n');
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(
      `Seeded ${users.length} users and ${written.toLocaleString('en-US')} ledger events in ${seconds.toFixed(1)} s (${Math.round(written / seconds).toLocaleString('en-US')} ev/s). ` +
        `Users sign in with seed0.${run}@example.com … seed${users.length - 1}.${run}@example.com / seed-password. ` +
        'Start the app (or let a running one catch up) to build the read models.\n',
    );
    if (!(await findUserIdByEmail(deps, `seed0.${run}@example.com`)))
      throw new Error('seeded users are not findable');
  } catch (error) {
    process.stderr.write(`\nseed failed: ${error instanceof Error ? error.message : String(error)}\n`);
    exit = 1;
  } finally {
    await services.stop();
    await database.embedded?.stop();
  }
  process.exit(exit);
}

void main();
