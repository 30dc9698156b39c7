import { describe, expect, it } from 'vitest';
import { setUpTestApp, signedUpClient } from '../../testing/testApp.ts';

describe('GET /metrics', () => {
  const t = setUpTestApp({ METRICS_TOKEN: 'metrics-token-for-tests' });

  it('needs the token, then reports requests by route, append latency and projection lag', async () => {
    await signedUpClient(t);
    await t.client().post('/api/auth/login', { email: 'nobody@example.com', password: 'whatever1' });
    await t.settle();
    expect((await t.client().get('/metrics')).status).toBe(401);
    expect(
      (await t.client().get('/metrics', { Authorization: 'Bearer wrong-token-wrong-token' })).status,
    ).toBe(401);
    const reply = await t.client().get('/metrics', { Authorization: 'Bearer metrics-token-for-tests' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('text/plain');
    expect(reply.text).toMatch(
      /sai_http_requests_total\{method="POST",route="\/api\/auth\/login",status="401"\} 1/,
    );
    // The histogram holds the registration (its time, an argon2 hash and the mailed link included, is
    // the machine's: the last bucket, not a fast one, so a loaded machine does not fail this).
    expect(reply.text).toMatch(
      /sai_http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/api\/auth\/register"\} 1/,
    );
    expect(reply.text).toMatch(/sai_eventstore_append_duration_seconds_count\{outcome="ok"\} [1-9]/);
    expect(reply.text).toMatch(/sai_projection_lag_events\{projection="ledger"\} 0/);
    expect(reply.text).toMatch(/sai_projection_errors\{projection="users"\} 0/);
    expect(reply.text).toContain('sai_process_cpu_user_seconds_total');
  });
});

describe('GET /metrics without a token', () => {
  const t = setUpTestApp();

  it('refuses anyone but localhost', async () => {
    const reply = await t.client().get('/metrics');
    expect(reply.status).toBe(403);
    expect(reply.body.message).toContain('localhost only');
  });
});

describe('GET /metrics without a token, where the app is public', () => {
  const t = setUpTestApp({ TRUST_PROXY: '1' });
  const fromLoopback = (headers: Record<string, string> = {}) =>
    t.app.request(
      'http://localhost/metrics',
      { headers: { host: 'localhost', ...headers } },
      { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
    );

  it('refuses even a loopback connection: behind a local proxy every client looks local', async () => {
    for (const reply of [await fromLoopback(), await fromLoopback({ 'x-forwarded-for': '203.0.113.9' })]) {
      expect(reply.status).toBe(403);
      expect(await reply.text()).toContain('Metrics need METRICS_TOKEN where the app is public');
    }
  });
});

describe('GET /metrics without a token, on a machine of its own', () => {
  const t = setUpTestApp();

  it('answers a loopback connection', async () => {
    const reply = await t.app.request(
      'http://localhost/metrics',
      { headers: { host: 'localhost' } },
      { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
    );
    expect(reply.status).toBe(200);
  });
});
