/**
 * The money workload the fault tests run while something breaks: registered users sending each other SAI,
 * deposit proofs approved or rejected by an admin, ETH withdrawals requested, completed or failed, and
 * token distributions — over real HTTP, against an API process that may be killed or lose its database.
 *
 * Clients behave as the product asks of them: a money command carries an Idempotency-Key and is retried
 * with the same key and body after a network error, a 503 or "still being processed" (409 with
 * Retry-After), until it gets a definitive answer. Every answer is passed to `observe`, so a test can
 * assert what the API said while it was failing; every definitive answer is recorded, so a test can check
 * each acknowledged command is in the log exactly once and each refused one not at all.
 */

import { randomBytes } from 'node:crypto';
import { parseUserId, type UserId } from '../../domain/shared/ids.ts';
import { formatUnits, fromScaledUnits } from '../../domain/shared/money.ts';
import { nameBasedUuid } from '../../infra/ids.ts';
import type { Acknowledged } from '../ledgerInvariants.ts';
import type { Random } from '../random.ts';
import { newEvmTxHash } from '../txHashes.ts';
import { verificationToken } from '../verificationLink.ts';
import { FaultClient, type Observed, type Reply } from './faultClient.ts';

// The client lives in faultClient.ts; the fault tests find it here too.
export { FaultClient, type Observed, type Reply, traffic } from './faultClient.ts';

export interface WorkloadUser {
  client: FaultClient;
  id: UserId;
  email: string;
}

export interface World {
  admin: FaultClient;
  adminId: UserId;
  users: WorkloadUser[];
}

export const ADMIN_EMAIL = 'faults-admin@example.com';
export const ADMIN_PASSWORD = 'faults-admin-password';

/**
 * Environment for an API started for a fault test: the admin exists, retries of a dead request wait 2 s,
 * and one session key for every process of the run, so sessions survive a restart. The privacy keys are
 * the run's (testing/processes.ts), the ones the harness reads the log with (testing/appStore.ts).
 */
export const FAULT_API_ENV: Record<string, string> = {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  SESSION_SECRET: randomBytes(32).toString('hex'),
  BUILD_WEB: 'off',
  IDEMPOTENCY_LEASE_SECONDS: '2',
};

function expectStatus(reply: Reply, statuses: number[], what: string): void {
  if (!statuses.includes(reply.status)) throw new Error(`${what}: ${reply.status} ${reply.text}`);
}

/** The verification link mailed to `email`, from whichever of the servers' outboxes holds it. */
async function mailedVerificationToken(
  servers: readonly string[],
  email: string,
  observe: (observed: Observed) => void,
): Promise<string> {
  const mails: { text: string; purpose: string }[] = [];
  for (const server of servers) {
    const outbox = await new FaultClient(() => server, observe).send(
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(email)}`,
    );
    expectStatus(outbox, [200], 'outbox');
    mails.push(...outbox.body.mails);
  }
  return verificationToken(mails);
}

/** Signs the admin in, registers `count` users and funds each with SAI and ETH (before any fault). */
export async function setUpWorld(
  target: () => string,
  observe: (observed: Observed) => void,
  count: number,
  tag: string,
  /**
   * The servers whose development outboxes to look the verification mail up in. The outbox is kept in each
   * API process's memory (docs/architecture/security.md "Mail"), so behind a balancer the mail is in the
   * one that served the registration: the harness asks each directly. Default: `target`.
   */
  outboxes: () => readonly string[] = () => [target()],
): Promise<World> {
  const admin = new FaultClient(target, observe);
  const login = await admin.send('POST', '/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  expectStatus(login, [200], 'admin login');
  const adminId = parseUserId(String(login.body.id));
  const users: WorkloadUser[] = [];
  for (let i = 0; i < count; i++) {
    const client = new FaultClient(target, observe);
    const email = `faults.${tag}.${i}@example.com`;
    const reply = await client.send('POST', '/api/auth/register', {
      username: `faults_${tag}_${i}`,
      email,
      password: 'correct-horse',
      confirmPassword: 'correct-horse',
      firstName: 'Fault',
      lastName: `User${i}`,
      isAdmin: false,
      profileImageUrl: '',
      bio: '',
      termsAgreed: true,
    });
    expectStatus(reply, [201], 'registration');
    // The address is verified by the link the server mailed (its development outbox), or it receives nothing.
    const token = await mailedVerificationToken(outboxes(), email, observe);
    expectStatus(
      await client.send('POST', '/api/auth/verify-email/confirm', { token }),
      [200],
      'verification',
    );
    users.push({ client, id: parseUserId(reply.body.id), email });
  }
  for (const [i, user] of users.entries()) {
    const funded = await admin.send(
      'POST',
      '/api/transactions',
      { type: 'admin_deposit', amount: '200.00', receiver_id: user.id },
      { key: `fund-${tag}-${i}` },
    );
    expectStatus(funded, [201], 'funding');
    const declared = await user.client.send(
      'POST',
      '/api/crypto/deposits',
      { currency: 'ETH', network: 'arbitrum' },
      { key: `eth-${tag}-${i}` },
    );
    expectStatus(declared, [201], 'ETH deposit');
    const confirmed = await admin.send(
      'PATCH',
      `/api/admin/crypto/deposits/${declared.body.id}`,
      { action: 'confirm', amount: '2', txHash: newEvmTxHash() },
      { key: `eth-confirm-${tag}-${i}` },
    );
    expectStatus(confirmed, [200], 'ETH deposit confirmation');
  }
  return { admin, adminId, users };
}

export interface WorkloadResult {
  acknowledged: Acknowledged[];
  /** Transaction ids of commands definitively refused (e.g. not enough money): they must not be in the log. */
  refused: string[];
  /** Definitive answers no client should ever get (a 500, an unexpected 4xx). */
  unexpected: string[];
  commands: number;
}

/** The transaction id the API derives from an Idempotency-Key (api/http/idempotency.ts). */
export function commandIdFor(userId: string, scope: string, key: string): string {
  return nameBasedUuid(`idempotency:${userId}:${scope}:${key}`);
}

// Amounts are drawn as whole minor units and written with the ledger's own formatter.
const cents = (n: number) => formatUnits(BigInt(n), 'SAI');
const milliEth = (n: number) => fromScaledUnits(BigInt(n), 3);

/** What one run's commands share: the world they act in, the result they add to, and how to note a surprise. */
interface Run {
  world: World;
  result: WorkloadResult;
  note: (what: string, reply: Reply) => void;
}

/**
 * Runs `lanes` concurrent lanes of `opsPerLane` random commands each (seeded), every command to a
 * definitive answer. `shouldStop` ends the lanes early (e.g. when a time budget is spent).
 */
export async function runWorkload(
  world: World,
  random: Random,
  options: { lanes: number; opsPerLane: number; shouldStop?: () => boolean },
): Promise<WorkloadResult> {
  const result: WorkloadResult = { acknowledged: [], refused: [], unexpected: [], commands: 0 };
  const note = (what: string, reply: Reply) =>
    result.unexpected.push(`${what}: ${reply.status} ${reply.text}`);
  const run: Run = { world, result, note };

  await Promise.all(
    Array.from({ length: options.lanes }, async () => {
      const rng = random.fork();
      for (let op = 0; op < options.opsPerLane && !options.shouldStop?.(); op++) {
        const roll = rng.next();
        result.commands++;
        if (roll < 0.4) await transfer(run, rng);
        else if (roll < 0.6) await approval(run, rng);
        else if (roll < 0.8) await withdrawal(run, rng);
        else if (roll < 0.9) await distribution(run, rng);
        else await read(run, rng);
      }
    }),
  );
  return result;
}

/** A transfer between two users, sometimes followed by its key reused with another body. */
async function transfer(run: Run, rng: Random) {
  const { result, note } = run;
  const { users } = run.world;
  const from = rng.pick(users);
  const to = rng.pick(users.filter((u) => u !== from));
  const key = rng.uuid();
  const amount = cents(rng.int(1, 4_000));
  const reply = await from.client.send(
    'POST',
    '/api/transactions',
    // The password goes along: the step-up rule asks for it on a first payment above the small
    // allowance (docs/security.md, "Step-up for transfers"), and it is checked only then.
    { type: 'transfer', amount, receiver_id: to.id, password: 'correct-horse' },
    { key },
  );
  const id = commandIdFor(from.id, 'transfer', key);
  if (reply.status === 201) {
    if (reply.body.id !== id) note(`transfer answered with another id than its key's (${id})`, reply);
    if (reply.body.amount !== amount || reply.body.receiver_id !== to.id)
      note(`transfer answered with other terms than asked (${amount} to ${to.id})`, reply);
    result.acknowledged.push(
      { id },
      {
        id,
        event: 'TokensTransferred',
        terms: { amount: reply.body.amount, toUserId: reply.body.receiver_id, asset: 'SAI' },
      },
    );
    // Sometimes the same key again with another body, as an attacker (or a buggy client) would: it
    // must be refused, whatever fault is in flight, and move nothing.
    if (rng.chance(0.15))
      await reuseKey(run, from.client, key, '/api/transactions', {
        type: 'transfer',
        amount: cents(rng.int(4_001, 9_000)),
        receiver_id: rng.pick(users).id,
      });
  } else if (reply.status === 422) result.refused.push(id);
  else note('transfer', reply);
}

/** A key reused with another body: 422, or the result notes what it got instead. */
async function reuseKey(run: Run, client: FaultClient, key: string, path: string, body: unknown) {
  const { result, note } = run;
  const reply = await client.send('POST', path, body, { key });
  result.commands++;
  if (reply.status !== 422) note(`key ${key} reused with another body`, reply);
}

/** A deposit proof, approved or rejected by the admin. */
async function approval(run: Run, rng: Random) {
  const { result, note } = run;
  const { admin, users } = run.world;
  const user = rng.pick(users);
  const proof = await user.client.send(
    'POST',
    '/api/payments/verify',
    { paymentMethod: 'USDC', amount: cents(rng.int(100, 5_000)) },
    { key: rng.uuid() },
  );
  if (proof.status !== 201) return note('payment proof', proof);
  const approve = rng.chance(0.8);
  const decided = await admin.send(
    'PATCH',
    `/api/payments/${proof.body.id}/verify`,
    approve ? { approved: true } : { approved: false, reason: 'not received' },
    { key: rng.uuid() },
  );
  if (decided.status !== 200) return note('payment decision', decided);
  if (approve)
    result.acknowledged.push({ id: proof.body.id }, { id: proof.body.id, event: 'PaymentApproved' });
  else result.acknowledged.push({ id: proof.body.id, event: 'PaymentRejected' });
}

/** A withdrawal request of `amount` ETH to the one address the workload sends to. */
const withdrawalBody = (amount: string) => ({
  currency: 'ETH',
  amount,
  address: '0x1234567890abcdef1234567890abcdef12345678',
  chain: 'ethereum',
  password: 'correct-horse',
});

/** An ETH withdrawal, its key sometimes reused, then left pending, completed or failed. */
async function withdrawal(run: Run, rng: Random) {
  const { result, note } = run;
  const { admin, users } = run.world;
  const user = rng.pick(users);
  const key = rng.uuid();
  const requested = await user.client.send(
    'POST',
    '/api/crypto/withdraw',
    withdrawalBody(milliEth(rng.int(1, 400))),
    { key },
  );
  const id = commandIdFor(user.id, 'withdrawal', key);
  if (requested.status === 422) return void result.refused.push(id);
  if (requested.status !== 201) return note('withdrawal', requested);
  result.acknowledged.push(
    { id },
    {
      id,
      event: 'WithdrawalRequested',
      terms: { amount: requested.body.amount, asset: 'ETH', userId: user.id },
    },
  );
  if (rng.chance(0.15))
    await reuseKey(
      run,
      user.client,
      key,
      '/api/crypto/withdraw',
      withdrawalBody(milliEth(rng.int(401, 900))),
    );
  const outcome = rng.next();
  if (outcome < 0.2) return; // left pending
  const complete = outcome < 0.6;
  const decided = await admin.send(
    'PATCH',
    `/api/admin/crypto/withdrawals/${id}`,
    complete
      ? { action: 'complete', txHash: `0x${rng.int(1, 1e9).toString(16)}feed` }
      : { action: 'fail', reason: 'node down' },
    { key: rng.uuid() },
  );
  if (decided.status !== 200) return note('withdrawal decision', decided);
  result.acknowledged.push({ id, event: complete ? 'WithdrawalCompleted' : 'WithdrawalFailed' });
}

/** A distribution by the admin, its key sometimes reused. */
async function distribution(run: Run, rng: Random) {
  const { result, note } = run;
  const { admin, users } = run.world;
  const to = rng.pick(users);
  const key = rng.uuid();
  const reply = await admin.send(
    'POST',
    '/api/transactions',
    { type: 'admin_deposit', amount: cents(rng.int(100, 2_000)), receiver_id: to.id },
    { key },
  );
  if (reply.status !== 201) return note('distribution', reply);
  result.acknowledged.push(
    { id: reply.body.id },
    {
      id: reply.body.id,
      event: 'TokensMinted',
      terms: { amount: reply.body.amount, userId: reply.body.receiver_id },
    },
  );
  if (rng.chance(0.15))
    await reuseKey(run, admin, key, '/api/transactions', {
      type: 'admin_deposit',
      amount: cents(rng.int(2_001, 9_000)),
      receiver_id: rng.pick(users).id,
    });
}

/** A read of a user's history or withdrawals. */
async function read(run: Run, rng: Random) {
  const { note } = run;
  const { users } = run.world;
  const user = rng.pick(users);
  const reply = await user.client.send(
    'GET',
    rng.chance(0.5) ? '/api/transactions' : '/api/crypto/withdrawals',
  );
  if (reply.status !== 200) note('read', reply);
}
