import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { apiRequest } from './api.ts';
import {
  forgetReadsUpTo,
  isRecording,
  readAnswered,
  readSent,
  readsSent,
  resetRecording,
  subscribeRecording,
} from './recording.ts';

beforeEach(() => resetRecording());

describe('the recording store', () => {
  test('is set by a behind answer and cleared by a later answer of the same path, telling listeners', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeRecording(listener);
    readAnswered('/api/auth/session', readSent(), true);
    expect(isRecording()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    // Still behind: no change, no call.
    readAnswered('/api/auth/session', readSent(), true);
    expect(listener).toHaveBeenCalledTimes(1);
    readAnswered('/api/auth/session', readSent(), false);
    expect(isRecording()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    readAnswered('/api/auth/session', readSent(), true);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  test('an up-to-date answer of another path leaves a behind path behind', () => {
    readAnswered('/api/auth/session', readSent(), true);
    readAnswered('/api/crypto/prices', readSent(), false);
    expect(isRecording()).toBe(true);
  });

  test('an answer to an older try than the one a path last heard from is ignored', () => {
    const older = readSent();
    const newer = readSent();
    readAnswered('/api/auth/session', newer, false);
    readAnswered('/api/auth/session', older, true);
    expect(isRecording()).toBe(false);
  });

  test('forgets the paths no read asked for since the mark, and late answers to tries before it', () => {
    readAnswered('/api/portfolio', readSent(), true);
    const late = readSent();
    const mark = readsSent();
    readAnswered('/api/auth/session', readSent(), true);
    forgetReadsUpTo(mark);
    expect(isRecording()).toBe(true);
    readAnswered('/api/auth/session', readSent(), false);
    expect(isRecording()).toBe(false);
    readAnswered('/api/portfolio', late, true);
    expect(isRecording()).toBe(false);
  });
});

describe('apiRequest and the recording store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function serve(behind: () => boolean) {
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ balance: '10.00' }), {
          status: 200,
          headers: {
            'Content-Type': 'application/json',
            ...(behind() ? { 'X-Read-Your-Writes': 'behind' } : {}),
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  async function settle<T>(promise: Promise<T>): Promise<T> {
    await vi.runAllTimersAsync();
    return promise;
  }

  test('behind on all four tries: the answer is shown and the store says the change is being recorded', async () => {
    let behind = true;
    const fetchMock = serve(() => behind);
    await expect(settle(apiRequest('/api/auth/session'))).resolves.toEqual({ balance: '10.00' });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(isRecording()).toBe(true);

    behind = false;
    fetchMock.mockClear();
    await settle(apiRequest('/api/auth/session'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(isRecording()).toBe(false);
  });

  test('behind then caught up within the tries: nothing to say', async () => {
    let calls = 0;
    serve(() => ++calls < 3);
    await settle(apiRequest('/api/auth/session'));
    expect(isRecording()).toBe(false);
  });

  test('commands and failed requests leave the store alone', async () => {
    serve(() => true);
    await settle(apiRequest('/api/transactions', { body: { amount: '1' } }));
    expect(isRecording()).toBe(false);
    readAnswered('/api/auth/session', readSent(), true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    await expect(apiRequest('/api/auth/session')).rejects.toThrow();
    expect(isRecording()).toBe(true);
  });
});
