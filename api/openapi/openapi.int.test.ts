import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../testing/testApp.ts';

describe('OpenAPI', () => {
  const t = setUpTestApp();

  it('documents every API route with the schemas it validates with', async () => {
    const reply = await t.client().get('/api/openapi.json');
    expect(reply.status).toBe(200);
    const doc = reply.body;
    expect(doc.openapi).toBe('3.1.0');
    const documented = new Set(
      Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
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

  it('serves a readable docs page', async () => {
    const reply = await t.client().get('/api/docs');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('text/html');
    expect(reply.text).toContain('/api/crypto/withdraw');
    expect(reply.text).not.toContain('<script');
  });
});
