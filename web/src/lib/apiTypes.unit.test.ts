import { afterEach, describe, expect, expectTypeOf, test, vi } from 'vitest';
import { api, apiPath } from './api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(body: unknown, status = 200) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('typed API calls', () => {
  test('fill path parameters, encoded, and leave out empty query values', () => {
    expect(apiPath('/api/cards/{id}/pin', { id: 'a/b c' }, undefined)).toBe('/api/cards/a%2Fb%20c/pin');
    expect(apiPath('/api/transactions', undefined, { limit: 5, cursor: undefined, type: '' })).toBe(
      '/api/transactions?limit=5',
    );
    expect(() => apiPath('/api/cards/{id}/pin', {}, undefined)).toThrow('Missing path parameter id');
  });

  test('send the method, body and headers through apiRequest', async () => {
    const fetchMock = answer({ id: 't1' }, 201);
    await api.post('/api/transactions', {
      body: { type: 'transfer', receiver_id: 'u1', amount: '1.50', description: '' },
      headers: { 'Idempotency-Key': 'k1' },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/transactions');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toMatchObject({ amount: '1.50', receiver_id: 'u1' });
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBe('k1');
  });

  test('type answers from the document, and refuse paths and bodies the API does not take', async () => {
    answer({ transactions: [], nextCursor: null });
    const page = await api.get('/api/transactions', { query: { limit: 5 } });
    expectTypeOf(page.nextCursor).toEqualTypeOf<string | null>();
    expectTypeOf<(typeof page.transactions)[number]['direction']>().toEqualTypeOf<'sent' | 'received'>();
    expectTypeOf(api.post('/api/auth/logout')).resolves.toEqualTypeOf<undefined>();

    // Each line below must be a type error: `tsc` fails if the API's types stop refusing it.
    const refused = () => [
      // @ts-expect-error a path the API does not serve
      api.get('/api/transaction'),
      // @ts-expect-error a verb the path does not answer
      api.delete('/api/transactions'),
      // @ts-expect-error the withdrawal's address is required
      api.post('/api/crypto/withdraw', { body: { currency: 'ETH', amount: '1', chain: 'ethereum' } }),
      // @ts-expect-error a currency the API does not know
      api.post('/api/crypto/transfer', { body: { recipientEmail: 'a@b.c', currency: 'DOGE', amount: '1' } }),
      // @ts-expect-error a field the strict schema refuses
      api.post('/api/crypto/deposits', { body: { currency: 'ETH', network: 'ethereum', memo: 'x' } }),
      // @ts-expect-error the card id is a path parameter
      api.post('/api/cards/{id}/freeze'),
      // @ts-expect-error no such query parameter
      api.get('/api/transactions', { query: { page: 2 } }),
    ];
    expect(typeof refused).toBe('function');
  });
});
