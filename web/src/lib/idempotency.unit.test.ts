import { describe, expect, test } from 'vitest';
import { ApiError } from './api.ts';
import {
  IdempotencyKeys,
  IdempotentCommand,
  isUndecided,
  type OutcomeWait,
  retryDelay,
  untilOutcome,
} from './idempotency.ts';

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

/** A clock that only moves when the loop sleeps, so the tests wait for nothing. */
function fakeWait(budgetMs = 30_000): OutcomeWait & { slept: number[] } {
  let now = 0;
  const slept: number[] = [];
  return {
    budgetMs,
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
}

const stillProcessing = () =>
  new ApiError(409, 'A request with this Idempotency-Key is still being processed', { retryAfter: 1 });
const offline = () => new ApiError(0, 'offline');

type Input = { amount: string; idempotencyKey: string };

/** A stand-in for the POST: records what it was sent and answers with the next outcome. */
function fakeServer(outcomes: (Error | 'ok')[]) {
  const sent: Input[] = [];
  const run = async (input: Input) => {
    sent.push(input);
    const outcome = outcomes.shift() ?? 'ok';
    if (outcome !== 'ok') throw outcome;
    return { id: `tx-${sent.length}` };
  };
  return { sent, run };
}

function command(outcomes: (Error | 'ok')[], wait = fakeWait()) {
  const server = fakeServer(outcomes);
  return {
    ...server,
    wait,
    command: new IdempotentCommand(server.run, undefined, new IdempotencyKeys(counter()), wait),
  };
}

describe('IdempotentCommand', () => {
  test('409 still processing, then 201: one outcome, the same key both times', async () => {
    const { sent, command: send, wait } = command([stillProcessing(), 'ok']);
    const waited: string[] = [];
    const outcome = await send.send({ amount: '3.00' }, () => waited.push('waiting'));
    expect(outcome).toEqual({ kind: 'done', result: { id: 'tx-2' } });
    expect(sent.map((input) => input.idempotencyKey)).toEqual(['key-1', 'key-1']);
    expect(sent[1]).toEqual({ amount: '3.00', idempotencyKey: 'key-1' });
    expect(waited).toEqual(['waiting']);
    // Retry-After: 1 is honoured.
    expect(wait.slept).toEqual([1000]);
  });

  test('a network error, a 502 and a 503, then 201: the same key every time', async () => {
    const { sent, command: send } = command([
      offline(),
      new ApiError(502, 'Bad Gateway'),
      new ApiError(503, 'Service Unavailable'),
      new TypeError('Failed to fetch'),
      'ok',
    ]);
    const outcome = await send.send({ amount: '3.00' });
    expect(outcome.kind).toBe('done');
    expect(new Set(sent.map((input) => input.idempotencyKey))).toEqual(new Set(['key-1']));
    expect(sent).toHaveLength(5);
  });

  test('422 is final: no retry, refused, and the next send is a new action', async () => {
    const refusal = new ApiError(422, 'Insufficient balance');
    const { sent, command: send } = command([refusal, 'ok']);
    expect(await send.send({ amount: '3.00' })).toEqual({ kind: 'refused', error: refusal });
    expect(sent).toHaveLength(1);
    await send.send({ amount: '3.00' });
    expect(sent.map((input) => input.idempotencyKey)).toEqual(['key-1', 'key-2']);
  });

  test('after success the same fields again are a new action', async () => {
    const { sent, command: send } = command(['ok', 'ok']);
    await send.send({ amount: '3.00' });
    await send.send({ amount: '3.00' });
    expect(sent.map((input) => input.idempotencyKey)).toEqual(['key-1', 'key-2']);
  });

  test('a second send while one is in flight sends nothing and is busy', async () => {
    const { sent, command: send } = command([stillProcessing(), 'ok']);
    const first = send.send({ amount: '3.00' });
    const second = await send.send({ amount: '3.00' });
    expect(second).toEqual({ kind: 'busy' });
    expect((await first).kind).toBe('done');
    expect(sent.map((input) => input.idempotencyKey)).toEqual(['key-1', 'key-1']);
  });

  test('unknown after the budget: the key is kept for the manual retry; a new key only after reset', async () => {
    const failures = Array.from({ length: 20 }, () => offline());
    const { sent, command: send, wait } = command([...failures, 'ok', 'ok'], fakeWait(30_000));
    const outcome = await send.send({ amount: '3.00' });
    expect(outcome.kind).toBe('unknown');
    expect(wait.slept.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(30_000);
    const tries = sent.length;
    expect(tries).toBeGreaterThan(5);
    expect(new Set(sent.map((input) => input.idempotencyKey))).toEqual(new Set(['key-1']));

    // The manual retry goes on with the same key, until an answer.
    const retried = await send.send({ amount: '3.00' });
    expect(retried.kind).toBe('done');
    expect(new Set(sent.map((input) => input.idempotencyKey))).toEqual(new Set(['key-1']));

    // A new payment: reset, or a changed one, gets a new key.
    send.reset();
    await send.send({ amount: '3.00' });
    expect(sent.at(-1)?.idempotencyKey).toBe('key-2');
  });

  test('a changed command after an unknown outcome is a new action', async () => {
    const failures = Array.from({ length: 20 }, () => offline());
    const { sent, command: send } = command(failures);
    expect((await send.send({ amount: '3.00' })).kind).toBe('unknown');
    await send.send({ amount: '4.00' });
    expect(sent.at(-1)).toEqual({ amount: '4.00', idempotencyKey: 'key-2' });
  });

  test("with an identity, fields outside it (a withdrawal's proof) do not make a new action", async () => {
    type Withdrawal = { amount: string; password?: string; idempotencyKey: string };
    const sent: Withdrawal[] = [];
    const outcomes: (Error | null)[] = [
      new ApiError(401, 'Wrong password', { code: 'reauthentication_failed' }),
    ];
    const send = new IdempotentCommand<Withdrawal, void>(
      async (input) => {
        sent.push(input);
        const outcome = outcomes.shift();
        if (outcome) throw outcome;
      },
      ({ password, ...order }) => order,
      new IdempotencyKeys(counter()),
      fakeWait(),
    );
    expect((await send.send({ amount: '0.5', password: 'first-try' })).kind).toBe('refused');
    // The proof is still sent; only the key ignores it.
    expect(sent[0]).toEqual({ amount: '0.5', password: 'first-try', idempotencyKey: 'key-1' });
    // The refusal of the proof ends nothing: the same order with the right proof keeps its key.
    expect((await send.send({ amount: '0.5', password: 'second-try' })).kind).toBe('done');
    expect(sent[1]).toEqual({ amount: '0.5', password: 'second-try', idempotencyKey: 'key-1' });
    // Done: the next order, even the same, is a new action.
    await send.send({ amount: '0.5', password: 'second-try' });
    expect(sent[2]?.idempotencyKey).toBe('key-2');
  });
});

describe('IdempotencyKeys', () => {
  test('the same payload keeps its key until reset; another payload gets a new one', () => {
    const keys = new IdempotencyKeys(counter());
    expect(keys.keyFor({ amount: '3.00' })).toBe('key-1');
    expect(keys.keyFor({ amount: '3.00' })).toBe('key-1');
    expect(keys.keyFor({ amount: '4.00' })).toBe('key-2');
    keys.reset();
    expect(keys.keyFor({ amount: '4.00' })).toBe('key-3');
  });

  test('the default keys are random UUIDs', () => {
    const key = new IdempotencyKeys().keyFor({});
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('untilOutcome', () => {
  test('which answers leave the outcome undecided', () => {
    expect(isUndecided(offline())).toBe(true);
    expect(isUndecided(new TypeError('x'))).toBe(true);
    expect(isUndecided(new ApiError(429, 'x'))).toBe(true);
    expect(isUndecided(new ApiError(500, 'x'))).toBe(true);
    expect(isUndecided(new ApiError(504, 'x'))).toBe(true);
    expect(isUndecided(stillProcessing())).toBe(true);
    expect(isUndecided(new ApiError(409, 'The price changed'))).toBe(false);
    expect(isUndecided(new ApiError(400, 'x'))).toBe(false);
    expect(isUndecided(new ApiError(401, 'x'))).toBe(false);
    expect(isUndecided(new ApiError(422, 'x'))).toBe(false);
  });

  test('the backoff grows, honours Retry-After, and stays short', () => {
    expect([1, 2, 3, 4, 5].map((retry) => retryDelay(retry, offline()))).toEqual([
      500, 1000, 2000, 3000, 3000,
    ]);
    expect(retryDelay(1, stillProcessing())).toBe(1000);
    expect(retryDelay(1, new ApiError(429, 'x', { retryAfter: 60 }))).toBe(5000);
  });

  test('a definite answer is returned at once', async () => {
    const wait = fakeWait();
    const outcome = await untilOutcome(async () => 'created', undefined, wait);
    expect(outcome).toEqual({ kind: 'done', result: 'created' });
    expect(wait.slept).toEqual([]);
  });
});
