import { describe, expect, test } from 'vitest';
import { ApiError } from './api.ts';
import { IdempotencyKeys, isRetryableFailure, withIdempotencyKey } from './idempotency.ts';

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('IdempotencyKeys', () => {
  test('a retry of the same submission after a lost answer reuses the key', () => {
    const keys = new IdempotencyKeys(counter());
    const payload = { receiverId: 'abc1234', amount: '3.00', description: '' };
    expect(keys.keyFor(payload)).toBe('key-1');
    keys.settle(new ApiError(0, 'offline'));
    expect(keys.keyFor({ ...payload })).toBe('key-1');
    keys.settle(new ApiError(503, 'Service Unavailable'));
    expect(keys.keyFor(payload)).toBe('key-1');
  });

  test('a changed submission is a new action with a new key', () => {
    const keys = new IdempotencyKeys(counter());
    expect(keys.keyFor({ amount: '3.00' })).toBe('key-1');
    keys.settle(new ApiError(0, 'offline'));
    expect(keys.keyFor({ amount: '4.00' })).toBe('key-2');
  });

  test('after success, or a definite refusal, the same fields again are a new action', () => {
    const keys = new IdempotencyKeys(counter());
    expect(keys.keyFor({ amount: '3.00' })).toBe('key-1');
    keys.settle();
    expect(keys.keyFor({ amount: '3.00' })).toBe('key-2');
    keys.settle(new ApiError(422, 'Insufficient balance'));
    expect(keys.keyFor({ amount: '3.00' })).toBe('key-3');
  });

  test('the default keys are random UUIDs', () => {
    const keys = new IdempotencyKeys();
    const key = keys.keyFor({});
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  test('which failures are retryable', () => {
    expect(isRetryableFailure(new ApiError(0, 'x'))).toBe(true);
    expect(isRetryableFailure(new ApiError(429, 'x'))).toBe(true);
    expect(isRetryableFailure(new ApiError(500, 'x'))).toBe(true);
    expect(isRetryableFailure(new TypeError('x'))).toBe(true);
    expect(isRetryableFailure(new ApiError(400, 'x'))).toBe(false);
    expect(isRetryableFailure(new ApiError(409, 'x'))).toBe(false);
    expect(isRetryableFailure(new ApiError(422, 'x'))).toBe(false);
  });
});

describe('withIdempotencyKey', () => {
  type Input = { amount: string; idempotencyKey: string };
  /** A stand-in `mutate` that records what it was sent and answers with the next outcome. */
  function fakeMutate(outcomes: (Error | null)[]) {
    const sent: Input[] = [];
    const mutate = (input: Input, options: { onSuccess: () => void; onError: (error: Error) => void }) => {
      sent.push(input);
      const outcome = outcomes.shift();
      if (outcome) options.onError(outcome);
      else options.onSuccess();
    };
    return { sent, mutate };
  }

  test('a retry after a lost answer carries the same key; the next action after success a new one', () => {
    const { sent, mutate } = fakeMutate([new ApiError(0, 'offline'), null, null]);
    const send = withIdempotencyKey(new IdempotencyKeys(counter()), mutate);
    const seen: string[] = [];
    const callbacks = {
      onSuccess: () => seen.push('ok'),
      onError: (error: Error) => seen.push(error.message),
    };
    send({ amount: '3.00' }, callbacks);
    send({ amount: '3.00' }, callbacks);
    send({ amount: '3.00' }, callbacks);
    expect(sent.map((input) => input.idempotencyKey)).toEqual(['key-1', 'key-1', 'key-2']);
    expect(sent[0]).toEqual({ amount: '3.00', idempotencyKey: 'key-1' });
    expect(seen).toEqual(['offline', 'ok', 'ok']);
  });

  test('a definite refusal ends the action: the same fields again get a new key', () => {
    const { sent, mutate } = fakeMutate([new ApiError(422, 'Insufficient balance'), null]);
    const send = withIdempotencyKey(new IdempotencyKeys(counter()), mutate);
    const callbacks = { onSuccess: () => {}, onError: () => {} };
    send({ amount: '3.00' }, callbacks);
    send({ amount: '3.00' }, callbacks);
    expect(sent.map((input) => input.idempotencyKey)).toEqual(['key-1', 'key-2']);
  });

  test("with an identity, fields outside it (a withdrawal's proof) do not make a new action", () => {
    type Withdrawal = { amount: string; password?: string; idempotencyKey: string };
    const sent: Withdrawal[] = [];
    const outcomes: (Error | null)[] = [new ApiError(0, 'offline'), null];
    const mutate = (
      input: Withdrawal,
      options: { onSuccess: () => void; onError: (error: Error) => void },
    ) => {
      sent.push(input);
      const outcome = outcomes.shift();
      if (outcome) options.onError(outcome);
      else options.onSuccess();
    };
    const send = withIdempotencyKey(
      new IdempotencyKeys(counter()),
      mutate,
      ({ password, ...order }) => order,
    );
    const callbacks = { onSuccess: () => {}, onError: () => {} };
    send({ amount: '0.5', password: 'first-try' }, callbacks);
    send({ amount: '0.5', password: 'typed-again' }, callbacks);
    expect(sent.map((input) => input.idempotencyKey)).toEqual(['key-1', 'key-1']);
    // The proof is still sent; only the key ignores it.
    expect(sent[1]).toEqual({ amount: '0.5', password: 'typed-again', idempotencyKey: 'key-1' });
  });
});
