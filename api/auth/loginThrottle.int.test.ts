import { describe, expect, it } from 'vitest';
import { type Reply, setUpTestApp, signedUpClient, type TestApp } from '../../testing/testApp.ts';
import { LONGEST_WAIT_FACTOR } from '../http/loginThrottle.ts';

// The client address comes from X-Forwarded-For, as behind the reverse proxy (TRUST_PROXY=1).
const from = (address: string) => ({ 'X-Forwarded-For': address });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function signIn(t: TestApp, address: string, email: string, password: string) {
  return t.client().post('/api/auth/login', { email, password }, from(address));
}

/** What a throttled answer may show: the same for every account, existing or not. */
function expectThrottled(reply: Reply<{ message?: string }>) {
  expect(reply.status).toBe(429);
  expect(reply.headers.get('content-type')).toContain('application/problem+json');
  expect(reply.body.message).toBe('Too many attempts. Please wait a moment and try again.');
  expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('sign-in throttling with the default limits', () => {
  // Only registration is loosened: every test here signs up from the same address.
  const t = setUpTestApp({ TRUST_PROXY: '1', RATE_LIMITS: 'register=1000/60' });

  it("ten wrong passwords for someone else's e-mail throttle the guesser, not the owner", async () => {
    const { user, registration } = await signedUpClient(t);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const reply = await signIn(t, '203.0.113.7', user.email, `wrong-guess-${i}`);
      statuses.push(reply.status);
      if (reply.status === 429) {
        expectThrottled(reply);
        // The first wait after five failures is a minute (it doubles with every further failure).
        expect(Number(reply.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      }
    }
    // The owner, from another address, with the right password.
    const owner = await signIn(t, '198.51.100.20', user.email, registration.password);
    expect(owner.status).toBe(200);
    expect(owner.body.id).toBe(user.id);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    // The guesser's address waits even with the right password: it is throttled for this account.
    expectThrottled(await signIn(t, '203.0.113.7', user.email, registration.password));
  });

  it('counts the address our proxy saw, whatever X-Forwarded-For entries the client wrote before it', async () => {
    const { user } = await signedUpClient(t);
    const statuses: number[] = [];
    // A proxy that appends (nginx's $proxy_add_x_forwarded_for) keeps the client's own entries in front.
    for (let i = 0; i < 7; i++) {
      const spoofed = `192.0.2.${i + 1}, 203.0.113.44`;
      statuses.push((await signIn(t, spoofed, user.email, `wrong-guess-${i}`)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('treats an unknown e-mail exactly like a known one', async () => {
    const { user } = await signedUpClient(t);
    const run = async (email: string, address: string) => {
      const replies: Reply<{ message?: string }>[] = [];
      for (let i = 0; i < 7; i++) replies.push(await signIn(t, address, email, `wrong-guess-${i}`));
      return replies.map((r) => ({
        status: r.status,
        message: r.body.message,
        retryAfter: r.headers.get('retry-after') === null ? null : 'set',
      }));
    };
    const known = await run(user.email, '203.0.113.8');
    const unknown = await run('nobody.at.all@example.com', '203.0.113.9');
    expect(unknown).toEqual(known);
    expect(known.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it("a successful sign-in resets that address's count for the account", async () => {
    const { user, registration } = await signedUpClient(t);
    const address = '203.0.113.10';
    for (let i = 0; i < 4; i++)
      expect((await signIn(t, address, user.email, 'wrong-guess')).status).toBe(401);
    expect((await signIn(t, address, user.email, registration.password)).status).toBe(200);
    // Five free failures again, then the wait.
    for (let i = 0; i < 5; i++)
      expect((await signIn(t, address, user.email, 'wrong-guess')).status).toBe(401);
    expectThrottled(await signIn(t, address, user.email, 'wrong-guess'));
  });

  it('an IPv6 client is one address for its whole /64', async () => {
    const { user, registration } = await signedUpClient(t);
    for (let i = 0; i < 5; i++) {
      // A new address of the same /64 each time.
      expect((await signIn(t, `2001:db8:7:1::${i + 1}`, user.email, 'wrong-guess')).status).toBe(401);
    }
    expectThrottled(await signIn(t, '2001:db8:7:1:ffff::9', user.email, 'wrong-guess'));
    expect((await signIn(t, '2001:db8:7:2::1', user.email, registration.password)).status).toBe(200);
  });
});

describe('sign-in throttling: progressive waits, slow mode, credential stuffing', () => {
  // Two free failures and a first wait of one second, so the doubling can be watched.
  const t = setUpTestApp({
    TRUST_PROXY: '1',
    RATE_LIMITS: 'register=1000/60,login=1000/60,loginPair=2/1,loginAccount=6/3600,loginAddress=8/3600',
  });

  it('doubles the wait with each further failure, and lets one attempt through at a time', async () => {
    const { user } = await signedUpClient(t);
    const address = '192.0.2.1';
    const guess = () => signIn(t, address, user.email, 'wrong-guess');
    expect((await guess()).status).toBe(401);
    expect((await guess()).status).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const throttled = await guess();
      expectThrottled(throttled);
      const wait = Number(throttled.headers.get('retry-after'));
      waits.push(wait);
      await sleep(wait * 1000 + 150);
      expect((await guess()).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4]);
    await sleep(8_150);
    // Past the free failures, parallel guesses get one verification between them.
    const burst = await Promise.all(Array.from({ length: 4 }, guess));
    expect(burst.map((r) => r.status).sort()).toEqual([401, 429, 429, 429]);
  });

  it('many addresses failing on one account switch it to one try per address; the owner still gets in', async () => {
    const { user, registration } = await signedUpClient(t);
    for (const address of ['192.0.2.11', '192.0.2.12', '192.0.2.13']) {
      for (let i = 0; i < 2; i++)
        expect((await signIn(t, address, user.email, 'wrong-guess')).status).toBe(401);
    }
    // Six failures: slow mode. A fresh address has one try, then the longest wait.
    expect((await signIn(t, '192.0.2.14', user.email, 'wrong-guess')).status).toBe(401);
    const throttled = await signIn(t, '192.0.2.14', user.email, registration.password);
    expectThrottled(throttled);
    expect(Number(throttled.headers.get('retry-after'))).toBe(LONGEST_WAIT_FACTOR);
    // The owner at home, right password, first try.
    const owner = await signIn(t, '192.0.2.15', user.email, registration.password);
    expect(owner.status).toBe(200);
    expect(owner.body.id).toBe(user.id);
  });

  it('stops an address that fails across many accounts (credential stuffing)', async () => {
    const address = '192.0.2.21';
    for (let i = 0; i < 8; i++) {
      const reply = await signIn(t, address, `stuffed.${i}@example.com`, 'leaked-password');
      expect(reply.status).toBe(401);
    }
    expectThrottled(await signIn(t, address, 'stuffed.99@example.com', 'leaked-password'));
    const { user, registration } = await signedUpClient(t);
    expectThrottled(await signIn(t, address, user.email, registration.password));
    expect((await signIn(t, '192.0.2.22', user.email, registration.password)).status).toBe(200);
  });
});
