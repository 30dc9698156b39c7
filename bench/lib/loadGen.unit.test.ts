import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedLoop, openLoop } from './loadGen.ts';

/**
 * The generator's correction for coordinated omission, shown on a server in this process that answers
 * each request after 2 ms, except that once, a second into the run, it stalls for 500 ms: every request
 * that arrives meanwhile (and those already in it) waits until the stall ends. Timers only, so this
 * process's event loop (the generator's) keeps running through the stall.
 */
const STALL_MS = 500;

describe('loadGen', () => {
  let server: http.Server;
  let url: string;
  let stallAt = Number.POSITIVE_INFINITY;
  let stallUntil = 0;
  const arm = () => {
    stallAt = performance.now() + 1000;
    stallUntil = 0;
  };
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      const now = performance.now();
      if (stallUntil === 0 && now >= stallAt) stallUntil = now + STALL_MS;
      const wait = Math.max(2, stallUntil - now);
      setTimeout(() => {
        res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'text/plain' });
        res.end('ok');
      }, wait);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('open loop counts the queue behind a stall from the intended send time; closed loop hides it', async () => {
    const next = () => ({ kind: 'get', method: 'GET', path: '/' });

    arm();
    const closed = await closedLoop({ url, connections: 2, seconds: 3, next });
    // The closed loop saw the stall (its 2 requests in flight waited it out), but only those 2 of its
    // thousand-odd requests were slow: the requests its clients would have sent meanwhile were never sent.
    expect(closed.total.max).toBeGreaterThanOrEqual(STALL_MS * 0.9);
    expect(closed.total.answered).toBeGreaterThan(400);
    expect(closed.total.p99).toBeLessThan(STALL_MS / 2);

    arm();
    const open = await openLoop({ url, rate: 200, seconds: 3, next, maxInFlight: 4 });
    expect(open.scheduled).toBe(600);
    expect(open.sent).toBe(600);
    expect(open.total.ok).toBe(600);
    expect(open.total.errors).toBe(0);
    // The ~100 requests due during the stall waited for it (most of them queued here: 4 connections),
    // from their intended times: up to 500 ms, spread evenly, so the p99 lies deep inside the stall.
    expect(open.total.p99).toBeGreaterThan(STALL_MS * 0.6);
    expect(open.total.p50).toBeLessThan(STALL_MS / 2);
    // The same answers timed from their actual send (what a closed-loop tool reports) hide the queue: only
    // the 4 requests in flight during the stall were slow from their send, under 1 % of 600.
    expect(open.byKind.get!.fromSend!.p99).toBeLessThan(STALL_MS / 2);
    expect(open.sendLate.max).toBeGreaterThan(STALL_MS * 0.6);
  }, 30_000);

  it('keeps the schedule: the rate it was asked for, each kind counted apart, ok statuses per request', async () => {
    stallAt = Number.POSITIVE_INFINITY;
    let i = 0;
    const next = () =>
      i++ % 2 === 0
        ? { kind: 'read:card', method: 'GET', path: '/missing', ok: (s: number) => s === 200 || s === 404 }
        : {
            kind: 'write',
            method: 'POST',
            path: '/',
            body: '{}',
            headers: { 'content-type': 'application/json' },
          };
    const open = await openLoop({ url, rate: 300, seconds: 2, next });
    expect(open.scheduled).toBe(600);
    expect(open.achievedRate).toBeGreaterThan(270);
    expect(open.byKind['read:card']!.ok).toBe(300);
    expect(open.byKind['read:card']!.statuses).toEqual({ 404: 300 });
    // A kind `read:card` is also counted under `read`.
    expect(open.byKind.read!.ok).toBe(300);
    expect(open.byKind.write!.ok).toBe(300);
    expect(open.total.p50).toBeLessThan(50);

    // Without `ok`, a 404 is an error.
    const closed = await closedLoop({
      url,
      connections: 2,
      seconds: 1,
      next: () => ({ kind: 'x', method: 'GET', path: '/missing' }),
    });
    expect(closed.total.errors).toBe(closed.total.answered);
    expect(closed.total.ok).toBe(0);
  }, 30_000);
});
