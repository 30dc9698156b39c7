import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawReply, readReply } from '../../testing/rawHttp.ts';
import { newRegistration, setUpTestApp } from '../../testing/testApp.ts';
import { MAX_BODY_BYTES } from '../app.ts';

/**
 * One request over a real socket, framed as asked: `chunks` are sent with Transfer-Encoding: chunked,
 * `body` with its Content-Length.
 */
function send(
  port: number,
  method: string,
  path: string,
  options: { body?: string; chunks?: string[]; headers?: Record<string, string> } = {},
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined || options.chunks) headers['content-type'] ??= 'application/json';
    if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
    const request = http.request({ host: '127.0.0.1', port, method, path, headers }, (response) =>
      readReply(response).then(resolve, reject),
    );
    // The server may answer (413) before reading a long body and close: that is not the test's failure.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    if (options.chunks) for (const chunk of options.chunks) request.write(chunk);
    request.end(options.body);
  });
}

/**
 * Whether @hono/node-server had to build the Fetch objects behind its lightweight request and response
 * (see lightweight.ts). Its own markers: a request keeps the Fetch Request it built under a symbol
 * described 'requestCache'; a lightweight response holds its parts under one described 'cache' until
 * something asks for the Fetch Response. Should the adapter rename them, the probe below fails first.
 */
function adapterObjects(c: Context) {
  const described = (value: object) => Object.getOwnPropertySymbols(value).map((s) => s.description);
  return {
    fetchRequest: described(c.req.raw).includes('requestCache'),
    lightweightResponse: described(c.res).includes('cache'),
  };
}

describe('the API served by @hono/node-server', () => {
  const t = setUpTestApp();
  let server: ReturnType<typeof serve>;
  let port: number;
  const seen = new Map<string, ReturnType<typeof adapterObjects>>();

  beforeAll(async () => {
    // The real app, inside an app that notes what the adapter's objects became once everything ran.
    const outer = new Hono();
    outer.use(async (c, next) => {
      await next();
      seen.set(`${c.req.method} ${new URL(c.req.url).pathname}`, adapterObjects(c));
    });
    // The probe: what the old middleware did (read `raw.body`, set a header after the handler).
    outer.post('/probe', async (c, next) => {
      await next();
      c.header('X-Probe', 'after');
    });
    outer.post('/probe', (c) => c.json({ hasBody: c.req.raw.body !== null }));
    outer.route('/', t.app);
    await new Promise<void>((resolve) => {
      server = serve({ fetch: outer.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("answers without the adapter's Fetch objects, with the headers and cookies set after the handler", async () => {
    const registration = newRegistration();
    const reply = await send(port, 'POST', '/api/auth/register', { body: JSON.stringify(registration) });
    expect(reply.status, reply.body).toBe(201);
    expect(JSON.parse(reply.body).username).toBe(registration.username);
    // Set after the handler by readYourWrites and the API's cache default.
    expect(reply.headers['x-log-position']).toMatch(/^\d+/);
    expect(reply.headers['set-cookie']?.some((line) => line.startsWith('sai_rw='))).toBe(true);
    // The session cookie set by the handler itself is still there beside it.
    expect(reply.headers['set-cookie']?.length).toBeGreaterThanOrEqual(2);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers['x-request-id']).toBeTruthy();
    expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
    // Written in one piece, with its length.
    expect(reply.headers['transfer-encoding']).toBeUndefined();
    expect(Number(reply.headers['content-length'])).toBe(Buffer.byteLength(reply.body));

    const read = await send(port, 'GET', '/api/config/public');
    expect(read.status).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.headers['transfer-encoding']).toBeUndefined();
    expect(Number(read.headers['content-length'])).toBe(Buffer.byteLength(read.body));

    // Neither answer needed the Fetch objects; the probe, doing what Hono's bodyLimit and c.header() after
    // the handler do, shows they would be seen.
    expect(seen.get('POST /api/auth/register')).toEqual({ fetchRequest: false, lightweightResponse: true });
    expect(seen.get('GET /api/config/public')).toEqual({ fetchRequest: false, lightweightResponse: true });
    const probe = await send(port, 'POST', '/probe', { body: '{}' });
    expect(probe.headers['x-probe']).toBe('after');
    expect(seen.get('POST /probe')).toEqual({ fetchRequest: true, lightweightResponse: false });
  });

  it('refuses a body over the bound whether its length is declared or chunked, and reads a chunked one under it', async () => {
    const before = await t.eventCount();
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(MAX_BODY_BYTES) });
    const declared = await send(port, 'POST', '/api/auth/login', { body: big });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body).detail).toContain('larger than 64 KB');

    const pieces = big.match(/[\s\S]{1,8192}/g) ?? [];
    const chunked = await send(port, 'POST', '/api/auth/login', { chunks: pieces });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).detail).toContain('larger than 64 KB');

    // Under the bound, a chunked body is read whole and judged on its content (wrong credentials).
    const small = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' });
    const ok = await send(port, 'POST', '/api/auth/login', { chunks: [small.slice(0, 10), small.slice(10)] });
    expect(ok.status).toBe(401);
    expect(await t.eventCount()).toBe(before);
  });
});
