import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../runtime/config.ts';
import { type RawReply, readReply } from '../../testing/rawHttp.ts';
import { setUpTestApp } from '../../testing/testApp.ts';
import { createApp } from '../app.ts';

/** One request over a real socket with exactly these headers (Host included: none is added). */
function send(
  port: number,
  path: string,
  headers: Record<string, string>,
  options: { method?: string; body?: string } = {},
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const all = { ...headers };
    if (options.body !== undefined) {
      all['content-type'] = 'application/json';
      all['content-length'] = String(Buffer.byteLength(options.body));
    }
    const request = http.request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: all, setHost: false },
      (response) => readReply(response).then(resolve, reject),
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** Bytes as written, for what Node's client will not send (HTTP/1.0 without Host, two Host lines). */
function sendRaw(port: number, head: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`${head}\r\n`));
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
    });
    socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), text }));
    socket.on('error', reject);
  });
}

function expectMisdirected(reply: RawReply, what: string) {
  expect(reply.status, what).toBe(421);
  expect(reply.headers['content-type'], what).toContain('application/problem+json');
  expect(JSON.parse(reply.body), what).toMatchObject({
    type: 'about:blank',
    title: 'Misdirected Request',
    status: 421,
    code: 'host',
  });
}

const t = setUpTestApp();

const servers: ReturnType<typeof serve>[] = [];

/** The test's app with these settings (PUBLIC_URL, ALLOWED_HOSTS, TRUST_PROXY), on a port of its own. */
async function listen(env: Record<string, string> = {}): Promise<number> {
  const settings = loadConfig({ NODE_ENV: 'test', ...env });
  const app = createApp({
    ...t.deps,
    config: {
      ...t.deps.config,
      PUBLIC_URL: settings.PUBLIC_URL,
      ALLOWED_HOSTS: settings.ALLOWED_HOSTS,
      TRUST_PROXY: settings.TRUST_PROXY,
    },
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  servers.push(server);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return (server.address() as AddressInfo).port;
}

afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

describe('the Host allow-list, over HTTP', () => {
  it('refuses a foreign Host with 421 on the API, a static file and the web app, but not the probes', async () => {
    const port = await listen();
    // What a rebound page on evil.example reads: an API route, a file of the web app, a client-side route.
    for (const path of ['/api/config/public', '/favicon.svg', '/transactions', '/', '/metrics']) {
      expectMisdirected(await send(port, path, { host: `evil.example:${port}` }), path);
      // The same request for our own name is served (the web app may not be built here: 503 then, not 421).
      const ours = await send(port, path, { host: `localhost:${port}` });
      expect(ours.status, path).not.toBe(421);
    }
    expect((await send(port, '/api/config/public', { host: `localhost:${port}` })).status).toBe(200);
    expectMisdirected(
      await send(port, '/api/auth/login', { host: 'evil.example' }, { method: 'POST', body: '{}' }),
      'POST /api/auth/login',
    );
    // Orchestrators probe by address: the probes answer whatever the Host.
    const live = await send(port, '/livez', { host: 'evil.example' });
    expect(live.status).toBe(200);
    expect(JSON.parse(live.body)).toEqual({ status: 'live' });
    const ready = await send(port, '/readyz', { host: '10.1.2.3:3000' });
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: 'ready' });
  });
  it('allows this machine by name and address, whatever the port, case or trailing dot', async () => {
    const port = await listen();
    for (const host of [
      `localhost:${port}`,
      'localhost',
      `LocalHost.:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      '[::1]',
    ]) {
      expect((await send(port, '/api/config/public', { host })).status, host).toBe(200);
    }
    for (const host of ['localhost.evil.example', 'evil.example', '127.0.0.2', '[::2]:80', '0.0.0.0']) {
      expectMisdirected(await send(port, '/api/config/public', { host }), host);
    }
  });
  it('answers 400 to a request without Host or with two, and to an absolute-form target not ours', async () => {
    const port = await listen();
    const noHost = await sendRaw(port, 'GET /api/config/public HTTP/1.0\r\n');
    expect(noHost.status).toBe(400);
    expect(noHost.text).toContain('A Host header is required');
    // The probes still answer an HTTP/1.0 client that names no host.
    expect((await sendRaw(port, 'GET /livez HTTP/1.0\r\n')).status).toBe(200);
    const twoHosts = await sendRaw(
      port,
      'GET /api/config/public HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\nConnection: close\r\n',
    );
    expect(twoHosts.status).toBe(400);
    expect(twoHosts.text).toContain('The Host header is not a host name');
    // The request line names the host (RFC 9112 §3.2.2): Host alone does not make it ours.
    const absolute = await send(port, 'http://evil.example/api/config/public', { host: 'localhost' });
    expectMisdirected(absolute, 'absolute-form');
  });
});

describe('the Host allow-list, over HTTP', () => {
  it('takes X-Forwarded-Host only behind a trusted proxy', async () => {
    const direct = await listen();
    // Without TRUST_PROXY the header is anybody's to send: Host decides.
    expectMisdirected(
      await send(direct, '/api/config/public', { host: 'evil.example', 'x-forwarded-host': 'localhost' }),
      'forwarded localhost, Host foreign, untrusted',
    );
    expect(
      (await send(direct, '/api/config/public', { host: 'localhost', 'x-forwarded-host': 'evil.example' }))
        .status,
    ).toBe(200);

    const proxied = await listen({ TRUST_PROXY: '1', PUBLIC_URL: 'https://wallet.example' });
    // Behind the proxy, Host is the proxy's name for us; the client asked for X-Forwarded-Host.
    expect(
      (
        await send(proxied, '/api/config/public', {
          host: 'app.internal:3000',
          'x-forwarded-host': 'wallet.example',
        })
      ).status,
    ).toBe(200);
    expectMisdirected(
      await send(proxied, '/api/config/public', { host: 'localhost', 'x-forwarded-host': 'evil.example' }),
      'forwarded foreign, trusted',
    );
    // A page of the public origin may post through the proxy: "our origin" is the forwarded host.
    const login = await send(
      proxied,
      '/api/auth/login',
      {
        host: 'app.internal:3000',
        'x-forwarded-host': 'wallet.example',
        'x-forwarded-proto': 'https',
        origin: 'https://wallet.example',
        'sec-fetch-site': 'same-origin',
      },
      { method: 'POST', body: JSON.stringify({ email: 'nobody@example.com', password: 'not-a-password' }) },
    );
    expect(login.status, login.body).toBe(401);
  });
  it("allows PUBLIC_URL's host by default and accepts its origin as our own", async () => {
    const port = await listen({ PUBLIC_URL: 'https://Wallet.Example' });
    for (const host of ['wallet.example', 'wallet.example:443', 'localhost', `127.0.0.1:${port}`]) {
      expect((await send(port, '/api/config/public', { host })).status, host).toBe(200);
    }
    expectMisdirected(await send(port, '/api/config/public', { host: 'other.example' }), 'other.example');
    // The page at PUBLIC_URL, served through a name the server also answers to (here localhost).
    const login = await send(
      port,
      '/api/auth/login',
      { host: `localhost:${port}`, origin: 'https://wallet.example' },
      { method: 'POST', body: JSON.stringify({ email: 'nobody@example.com', password: 'not-a-password' }) },
    );
    expect(login.status, login.body).toBe(401);
    // Another origin is still refused.
    const foreign = await send(
      port,
      '/api/auth/login',
      { host: `localhost:${port}`, origin: 'https://other.example' },
      { method: 'POST', body: JSON.stringify({ email: 'nobody@example.com', password: 'not-a-password' }) },
    );
    expect(foreign.status).toBe(403);
  });
  it('takes ALLOWED_HOSTS instead of the default list (PUBLIC_URL kept)', async () => {
    const port = await listen({
      ALLOWED_HOSTS: 'wallet.example, ::1',
      PUBLIC_URL: 'https://pay.example:8443',
    });
    for (const host of ['wallet.example:8443', 'WALLET.EXAMPLE.', `[::1]:${port}`, 'pay.example:8443']) {
      expect((await send(port, '/api/config/public', { host })).status, host).toBe(200);
    }
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, 'evil.example']) {
      expectMisdirected(await send(port, '/api/config/public', { host }), host);
    }
    // Probes come by address, whatever the list says.
    expect((await send(port, '/readyz', { host: `127.0.0.1:${port}` })).status).toBe(200);
  });
});
