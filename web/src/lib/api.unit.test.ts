import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError, apiRequest } from './api.ts';

function respond(body: BodyInit | null, init: ResponseInit & { json?: boolean } = {}) {
  const headers = new Headers(init.headers);
  if (init.json) headers.set('Content-Type', 'application/json');
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(body, { ...init, headers }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  test('sends same-origin credentials and JSON only when there is a body', async () => {
    const fetchMock = respond(JSON.stringify({ ok: true }), { status: 200, json: true });
    await apiRequest('/api/auth/user');
    const [, getInit] = fetchMock.mock.calls[0]!;
    expect(getInit?.credentials).toBe('same-origin');
    expect(getInit?.method).toBe('GET');
    expect(new Headers(getInit?.headers).has('Content-Type')).toBe(false);
    expect(getInit?.body).toBeUndefined();

    await apiRequest('/api/auth/login', { method: 'POST', body: { email: 'a@b.co' } });
    const [path, postInit] = fetchMock.mock.calls[1]!;
    expect(path).toBe('/api/auth/login');
    expect(postInit?.method).toBe('POST');
    expect(new Headers(postInit?.headers).get('Content-Type')).toBe('application/json');
    expect(postInit?.body).toBe('{"email":"a@b.co"}');
  });

  test('returns parsed JSON, and undefined for 204', async () => {
    respond(JSON.stringify({ id: 'u1' }), { status: 200, json: true });
    await expect(apiRequest('/api/auth/user')).resolves.toEqual({ id: 'u1' });
    respond(null, { status: 204 });
    await expect(apiRequest('/api/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  test('a JSON error body gives its message, field errors and code', async () => {
    respond(
      JSON.stringify({
        type: 'about:blank',
        title: 'Conflict',
        status: 409,
        message: 'Email already registered',
        fieldErrors: { email: 'Email already registered', username: ['Too short', 'Other'] },
        code: 'duplicate',
      }),
      { status: 409, statusText: 'Conflict', json: true },
    );
    const error = await failure(apiRequest('/api/auth/register', { method: 'POST', body: {} }));
    expect(error.status).toBe(409);
    expect(error.message).toBe('Email already registered');
    expect(error.fieldErrors).toEqual({ email: 'Email already registered', username: 'Too short' });
    expect(error.code).toBe('duplicate');
  });

  test("an error's Retry-After is kept in seconds, for the command that asks again", async () => {
    const message = 'A request with this Idempotency-Key is still being processed';
    respond(JSON.stringify({ message }), { status: 409, json: true, headers: { 'Retry-After': '1' } });
    const error = await failure(apiRequest('/api/transactions', { method: 'POST', body: {} }));
    expect(error.status).toBe(409);
    expect(error.retryAfter).toBe(1);
    respond(null, { status: 503, statusText: 'Service Unavailable' });
    expect((await failure(apiRequest('/api/transactions', { method: 'POST', body: {} }))).retryAfter).toBe(
      undefined,
    );
  });

  test('a JSON error body is kept whole for the members a screen reads beyond the message', async () => {
    const blockers = [{ kind: 'balance', asset: 'SAI', amount: '12.5' }];
    respond(
      JSON.stringify({
        type: 'person-holds-money',
        status: 409,
        detail: 'Move the balance first.',
        message: 'Move the balance first.',
        blockers,
      }),
      { status: 409, json: true },
    );
    const error = await failure(apiRequest('/api/admin/users/u1/erase', { method: 'POST', body: {} }));
    expect(error.problem?.blockers).toEqual(blockers);
    expect(error.problem?.detail).toBe('Move the balance first.');
  });

  test('a JSON error body without a message falls back to the status line', async () => {
    respond(JSON.stringify({ error: 'nope' }), {
      status: 500,
      statusText: 'Internal Server Error',
      json: true,
    });
    const error = await failure(apiRequest('/api/x'));
    expect(error.message).toBe('500 Internal Server Error');
    expect(error.fieldErrors).toBeUndefined();
  });

  test('a text error body gives the status and the text; an empty one the status line', async () => {
    respond('Bad gateway upstream', { status: 502, statusText: 'Bad Gateway' });
    expect((await failure(apiRequest('/api/x'))).message).toBe('502 Bad gateway upstream');
    respond('', { status: 401, statusText: 'Unauthorized' });
    const error = await failure(apiRequest('/api/x'));
    expect(error.message).toBe('401 Unauthorized');
    expect(error.status).toBe(401);
  });

  test('no answer at all becomes status 0 with a readable message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await failure(apiRequest('/api/x'));
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/reach the server/);
  });
});

describe('reads behind the session’s own write', () => {
  test('asks again while the server says the read models are behind, then returns the current answer', async () => {
    let calls = 0;
    const fetchMock = vi.fn(async () => {
      calls++;
      const behind = calls < 3;
      return new Response(JSON.stringify({ balance: behind ? '10.00' : '6.00' }), {
        status: 200,
        headers: {
          'Content-Type': 'application/json',
          ...(behind ? { 'X-Read-Your-Writes': 'behind' } : {}),
        },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest<{ balance: string }>('/api/auth/user')).resolves.toEqual({ balance: '6.00' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  test('gives up after a few tries and shows what it has; never repeats a command', async () => {
    const fetchMock = respond(JSON.stringify({ ok: 1 }), {
      status: 200,
      json: true,
      headers: { 'X-Read-Your-Writes': 'behind' },
    });
    await expect(apiRequest('/api/auth/user')).resolves.toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    fetchMock.mockClear();
    await apiRequest('/api/transactions', { body: { amount: '1' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  }, 15_000);
});
