import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { hashSecret } from '../app/auth/credentials.ts';
import { findUserIdByEmail, registerUser } from '../app/auth/users.service.ts';
import { ensureAdmin } from '../app/bootstrap/accounts.ts';
import { requestMetadata } from '../app/context.ts';
import { DEFAULT_MARKET_PRICES, feeRates } from '../app/payments/purchases.ts';
import type { UserId } from '../domain/shared/ids.ts';
import { SeedCommits } from './seed/commits.ts';
import { SeedRequests } from './seed/requests.ts';
import { withToolServices } from './toolServices.ts';

/**
 * npm run seed -- --users 1000 --events 1000000 [--batch 400] [--seed 42]
 *
 * Fills the log with a realistic history THROUGH THE COMMANDS: users register through the registration
 * service (reservations included); every money movement is decided by the real deciders (no overdraft,
 * exact amounts) on state kept in memory, and the resulting events are appended in batches of many
 * commands per commit (appendMany), each stream checked against its expected revision. The events are the
 * request paths' own, ids included (seed/requests.ts), and each commit orders them as those paths could
 * have written them, a transfer's debit before its credit in one commit (seed/commits.ts): the follow-up
 * worker finds every step already done and writes nothing. Senders follow a Zipf law (a few very active
 * accounts, a long tail). Deterministic for a given --seed and run id (the random suffix of the emails).
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

async function main() {
  let exit = 0;
  await withToolServices(
    async ({ deps }) => {
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
                  emailVerified: true,
                },
                requestMetadata(null, randomUUID()),
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
        const commits = new SeedCommits(deps.store);
        const requests = new SeedRequests(
          commits,
          run,
          admin.userId,
          await feeRates(deps),
          DEFAULT_MARKET_PRICES,
        );
        const pending = () => commits.events;
        let shown = 0;
        // Everyone starts with a distribution between 50 and 2,000 SAI.
        for (const u of users) {
          written += await requests.distribute(
            u,
            BigInt(5_000 + Math.floor(rand() * 195_000)),
            'Welcome distribution',
          );
          if (pending() >= BATCH) written += await commits.flush();
        }
        written += await commits.flush();
        const pickSender = zipf(users.length);
        while (written + pending() < TARGET) {
          const roll = rand();
          const sender = users[pickSender()]!;
          if (roll < 0.02) {
            // A deposit proof, approved, with what the follow-up worker writes for it.
            written += await requests.deposit(sender, BigInt(10_000 + Math.floor(rand() * 40_000)));
          } else if (roll < 0.03) {
            written += await requests.requestCard(sender);
          } else {
            let receiver = users[Math.floor(rand() * users.length)]!;
            if (receiver.id === sender.id) receiver = users[(users.indexOf(sender) + 1) % users.length]!;
            const balance = requests.balance(sender.id);
            if (balance < 2n) {
              written += await requests.distribute(sender, 10_000n, 'Top-up');
            } else {
              const units = 1n + BigInt(Math.floor(rand() * Number(balance / 20n > 1n ? balance / 20n : 1n)));
              written += await requests.transfer(sender, receiver, units, 'seed transfer');
            }
          }
          if (pending() >= BATCH) written += await commits.flush();
          if (Date.now() - shown >= 250) {
            shown = Date.now();
            progress('commands');
          }
        }
        written += await commits.flush();
        progress('done');
        process.stderr.write('\n');
        const seconds = (Date.now() - started) / 1000;
        process.stdout.write(
          `Seeded ${users.length} users and ${written.toLocaleString('en-US')} ledger events in ${seconds.toFixed(1)} s (${Math.round(written / seconds).toLocaleString('en-US')} ev/s, ${commits.commits.toLocaleString('en-US')} commits). ` +
            `Users sign in with seed0.${run}@example.com … seed${users.length - 1}.${run}@example.com / seed-password. ` +
            'Start the app (or let a running one catch up) to build the read models.\n',
        );
        if (!(await findUserIdByEmail(deps, `seed0.${run}@example.com`)))
          throw new Error('seeded users are not findable');
      } catch (error) {
        process.stderr.write(`\nseed failed: ${error instanceof Error ? error.message : String(error)}\n`);
        exit = 1;
      }
    },
    { env: { RATE_LIMITS: 'off' } },
  );
  process.exit(exit);
}

void main();
