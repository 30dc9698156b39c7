import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fund, fundEth } from '../../testing/ledgerApp.ts';
import { setUpAdminClient, setUpTestApp, signedUpClient } from '../../testing/testApp.ts';
import { OPENAPI_RESPONSE, type OpenApiResponseTag } from '../http/validate.ts';

type Operation = {
  parameters?: { $ref?: string; name?: string }[];
  security?: unknown[];
  'x-requires-admin'?: boolean;
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};

describe('OpenAPI', () => {
  const t = setUpTestApp();
  const admin = setUpAdminClient(t);

  const operations = async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    return Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
    );
  };

  /** The schema a route declares for a success answer (the same object the document is built from). */
  const declared = (method: string, path: string, status: number): z.ZodType => {
    const tag = t.app.routes
      .filter((r) => r.method === method && r.path === path)
      .map((r) => (r.handler as unknown as Record<symbol, OpenApiResponseTag | undefined>)[OPENAPI_RESPONSE])
      .find((found) => found?.status === status);
    expect(tag?.schema, `${method} ${path} declares ${status}`).toBeTruthy();
    return tag!.schema!;
  };
  const conforms = (method: string, path: string, reply: { status: number; body: unknown }) => {
    const parsed = declared(method, path, reply.status).safeParse(reply.body);
    expect(parsed.error?.issues ?? [], `${method} ${path}`).toEqual([]);
  };

  it('documents every API route with the schemas it validates with', async () => {
    const reply = await t.client().get('/api/openapi.json');
    expect(reply.status).toBe(200);
    const doc = reply.body;
    expect(doc.openapi).toBe('3.1.0');
    const documented = new Set((await operations()).map((o) => o.key));
    const served = t.app.routes
      .filter((r) => r.path.startsWith('/api/') && !r.path.includes('*') && r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    for (const route of served) expect(documented, route).toContain(route);

    const register = doc.paths['/api/auth/register'].post;
    const body = register.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['username', 'email', 'password', 'termsAgreed']));
    expect(body.additionalProperties).toBe(false);
    expect(body.properties.username.minLength).toBe(3);
    const history = doc.paths['/api/transactions'].get;
    expect(history.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['type', 'status', 'from', 'to', 'cursor', 'limit']),
    );
    const withdraw = doc.paths['/api/crypto/withdraw'].post.requestBody.content['application/json'].schema;
    expect(withdraw.properties.address.minLength).toBe(10);
    expect(doc.paths['/api/cards/{id}/shipping'].patch.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
    });
  });

  it('gives every operation a documented success answer with its body schema', async () => {
    const missing: string[] = [];
    for (const { key, op } of await operations()) {
      const success = Object.entries(op.responses).filter(([status]) => /^2\d\d$/.test(status));
      if (success.length === 0) missing.push(`${key}: no success response`);
      for (const [status, response] of success) {
        if (status === '204') continue;
        const content = Object.entries(response.content ?? {});
        if (content.length === 0) missing.push(`${key} ${status}: no body schema`);
        for (const [, { schema }] of content)
          if (Object.keys(schema).length === 0) missing.push(`${key} ${status}: an empty schema`);
      }
      const refused = op.responses['4XX'] as unknown as { $ref: string } | undefined;
      if (refused?.$ref !== '#/components/responses/Refused') missing.push(`${key}: no Problem Details`);
    }
    expect(missing).toEqual([]);
  });

  it('gives statuses, media types, the session scheme and the Idempotency-Key as the routes answer', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    const transfer = doc.paths['/api/transactions'].post;
    expect(Object.keys(transfer.responses)).toContain('201');
    expect(transfer.responses['201'].content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['id', 'amount', 'receiver_id', 'status', 'createdAt']),
    );
    expect(doc.paths['/api/auth/logout'].post.responses['204']).toEqual({ description: 'No content' });
    expect(doc.paths['/api/auth/logout'].post.responses['204'].content).toBeUndefined();
    const statement = doc.paths['/api/transactions/statement.csv'].get.responses['200'].content;
    expect(Object.keys(statement)).toEqual(['text/csv']);
    expect(Object.keys(doc.paths['/api/admin/ledger/export'].get.responses['200'].content).sort()).toEqual([
      'application/x-ndjson',
      'text/csv',
    ]);
    expect(doc.components.responses.Refused.content).toHaveProperty('application/problem+json');

    expect(doc.components.securitySchemes.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: '__Host-sai_session',
    });
    expect(transfer.security).toEqual([{ session: [] }, { sessionPlain: [] }]);
    // The transfer's 401 is its own too: the step-up rule's re-authentication (docs/security.md).
    expect(transfer.responses['401'].description).toContain('reauthentication-required');
    const balances401 = doc.paths['/api/crypto/balances'].get.responses['401'];
    expect(balances401).toEqual({ $ref: '#/components/responses/Unauthorized' });
    // A route's own refusal (responds(401, …)) replaces the generic one: the withdrawal's re-authentication.
    const withdraw401 = doc.paths['/api/crypto/withdraw'].post.responses['401'];
    expect(withdraw401.description).toContain('reauthentication-required');
    expect(withdraw401.content['application/problem+json'].schema).toEqual({
      $ref: '#/components/schemas/Problem',
    });
    expect(transfer['x-requires-admin']).toBeUndefined();
    const pending = doc.paths['/api/payments/pending'].get;
    expect(pending['x-requires-admin']).toBe(true);
    expect(pending.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
    const login = doc.paths['/api/auth/login'].post;
    expect(login.security).toBeUndefined();

    // Exactly the routes that run their command under a key (api/http/commandRoute.ts with a scope).
    const keyed = (await operations())
      .filter(({ op }) => op.parameters?.some((p) => p.$ref === '#/components/parameters/IdempotencyKey'))
      .map((o) => o.key)
      .sort();
    expect(keyed).toEqual(
      [
        'PATCH /api/admin/crypto/deposits/{id}',
        'PATCH /api/admin/crypto/withdrawals/{id}',
        'PATCH /api/payments/{id}/verify',
        'POST /api/admin/approvals/{id}/approve',
        'POST /api/admin/approvals/{id}/reject',
        'POST /api/crypto/deposits',
        'POST /api/crypto/transfer',
        'POST /api/crypto/withdraw',
        'POST /api/payments/verify',
        'POST /api/transactions',
      ].sort(),
    );
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
  });

  it('says which reads need a session or an admin as the routes decide it', async () => {
    const { client: user } = await signedUpClient(t);
    const wrong: string[] = [];
    for (const { key, op } of await operations()) {
      const [method, template] = key.split(' ') as [string, string];
      if (method !== 'GET') continue; // reads only: asking costs nothing
      const path = template.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
      const anonymous = await t.client().get(path);
      // A query the schema refuses answers 400 before the route asks who is calling.
      if (anonymous.status !== 400 && (anonymous.status === 401) !== (op.security !== undefined))
        wrong.push(`${key}: anonymous ${anonymous.status}, documented ${op.security ? 'session' : 'public'}`);
      const signedIn = await user.get(path);
      const admin = op['x-requires-admin'] === true;
      if (signedIn.status !== 400 && (signedIn.status === 403) !== admin)
        wrong.push(`${key}: a user gets ${signedIn.status}, documented ${admin ? 'admin' : 'not admin'}`);
    }
    expect(wrong).toEqual([]);
  });

  it('declares the answers the money routes actually give', async () => {
    const { client, user } = await signedUpClient(t);
    const { user: other } = await signedUpClient(t);
    conforms('GET', '/api/auth/user', await client.get('/api/auth/user'));
    conforms('GET', '/api/auth/session', await client.get('/api/auth/session'));
    conforms('GET', '/api/auth/session', await t.client().get('/api/auth/session'));
    conforms('GET', '/api/cards/user/:userId', await client.get(`/api/cards/user/${user.id}`));
    conforms(
      'POST',
      '/api/transactions',
      await admin.post('/api/transactions', {
        type: 'admin_deposit',
        receiver_id: user.id,
        amount: '50',
      }),
    );
    const sent = await client.post(
      '/api/transactions',
      { type: 'transfer', receiver_id: other.id, amount: '1.25', description: 'tea' },
      { 'Idempotency-Key': 'openapi-transfer-1' },
    );
    expect(sent.status).toBe(201);
    conforms('POST', '/api/transactions', sent);
    const history = await client.get('/api/transactions?limit=5');
    expect(history.body.transactions.length).toBeGreaterThan(0);
    conforms('GET', '/api/transactions', history);
    conforms('GET', '/api/transactions/all', await admin.get('/api/transactions/all?limit=5'));
    const crypto = await client.post('/api/crypto/transfer', {
      recipientEmail: other.email,
      currency: 'SAI',
      amount: '2',
    });
    expect(crypto.status, crypto.text).toBe(201);
    conforms('POST', '/api/crypto/transfer', crypto);

    const deposit = await fundEth(admin, client, '1');
    conforms('POST', '/api/crypto/deposits', { status: 201, body: deposit });
    conforms('GET', '/api/crypto/deposits', await client.get('/api/crypto/deposits'));
    conforms('GET', '/api/crypto/balances', await client.get('/api/crypto/balances'));
    const withdrawal = await client.post('/api/crypto/withdraw', {
      currency: 'ETH',
      amount: '0.5',
      address: '0x1111111111111111111111111111111111111111',
      chain: 'ethereum',
      password: 'correct-horse',
    });
    expect(withdrawal.status, withdrawal.text).toBe(201);
    conforms('POST', '/api/crypto/withdraw', withdrawal);
    conforms('GET', '/api/crypto/withdrawals', await client.get('/api/crypto/withdrawals'));
    conforms('GET', '/api/admin/crypto/withdrawals', await admin.get('/api/admin/crypto/withdrawals'));

    const bought = await client.post('/api/payments/verify', { paymentMethod: 'USDT', amount: '10' });
    expect(bought.status, bought.text).toBe(201);
    conforms('POST', '/api/payments/verify', bought);
    conforms('GET', '/api/payments/pending', await admin.get('/api/payments/pending'));
    conforms(
      'PATCH',
      '/api/payments/:id/verify',
      await admin.patch(`/api/payments/${bought.body.id}/verify`, {
        approved: true,
      }),
    );
    conforms('GET', '/api/payments/user/:userId', await client.get(`/api/payments/user/${user.id}`));
    await fund(admin, other.id, '1');
  });

  /** Why the generated file is over the 450-line rule, said at its top. */
  const API_TYPES_HEADER = [
    '// Generated by openapi-typescript from GET /api/openapi.json (npm run api:types): do not edit.',
    '// One file on purpose, over the 450-line rule for source files: it mirrors the whole OpenAPI document,',
    '// and splitting generated types by hand would break regeneration and the freshness test.',
    '',
  ].join('\n');

  /**
   * The web app's API types (web/src/lib/api.gen.ts) are generated from this document and committed: the
   * web build needs no running API. Stale types fail here; `UPDATE_API_TYPES=1 npx vitest run api/openapi`
   * regenerates them (npm run api:types).
   */
  it("matches the web app's generated API types", async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    const generated = API_TYPES_HEADER + (await openapiTS(doc, { exportType: true, alphabetize: true }));
    const file = new URL('../../web/src/lib/api.gen.ts', import.meta.url);
    if (process.env.UPDATE_API_TYPES === '1') writeFileSync(file, generated);
    expect(readFileSync(file, 'utf8'), 'web/src/lib/api.gen.ts is stale: run npm run api:types').toBe(
      generated,
    );
  });

  it('serves a readable docs page', async () => {
    const reply = await t.client().get('/api/docs');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('text/html');
    expect(reply.text).toContain('/api/crypto/withdraw');
    expect(reply.text).not.toContain('<script');
    expect(reply.text).toContain('Answer 201');
    expect(reply.text).toContain('text/csv');
  });
});
