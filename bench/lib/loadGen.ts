import { monitorEventLoopDelay } from 'node:perf_hooks';
import { HttpConnection, requestText } from './httpConnection.ts';
import { percentile } from './measure.ts';

/**
 * The bench's own load generator, for runs autocannon cannot do: open-loop arrivals at a fixed rate with
 * latency measured from each request's INTENDED send time (coordinated omission corrected, as wrk2 does),
 * and closed-loop runs whose requests are drawn from the same `next()` (a mix of kinds, each counted
 * apart). Written here instead of taken from a library: autocannon is closed-loop only (its `overallRate`
 * paces the connections but times each request from its actual send, so a stall hides the queue behind
 * it), undici is not a dependency, and node:http's client costs three to four times autocannon's CPU per
 * request (httpConnection.ts: keep-alive HTTP/1.1 connections on bare sockets, measured there).
 */

/** One request: its kind (a kind `read:user` is also counted under `read`), and what counts as answered. */
export interface LoadRequest {
  kind: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The statuses that count as answered; others are errors. Default: 2xx. */
  ok?: (status: number) => boolean;
}

/** Per kind: answers, errors and latencies (ms). */
export interface KindResult {
  /** Requests answered with any status. */
  answered: number;
  /** Of those, answered with a status `ok` accepts. */
  ok: number;
  /** Non-ok statuses, socket errors, time-outs and (open loop) requests left unanswered at the end. */
  errors: number;
  /** Ok answers per second of the run. */
  perSecond: number;
  p50: number;
  p99: number;
  p999: number;
  max: number;
  /** Answers by status ("error" for no answer). */
  statuses: Record<string, number>;
  /** Open loop only: the same percentiles from the ACTUAL send time (what a closed-loop tool reports). */
  fromSend?: { p50: number; p99: number; p999: number };
}

export interface LoadResult {
  seconds: number;
  byKind: Record<string, KindResult>;
  total: KindResult;
  /** Requests sent and not answered (socket error, time-out, cut at the end): they may have taken effect. */
  unanswered: number;
  /** How late the generator's own event loop was during the run (ms beyond a 10 ms timer's interval). */
  generatorDelay: { p99: number; max: number };
}

export interface OpenLoopResult extends LoadResult {
  rate: number;
  /** Requests the schedule called for, and how many of them were sent. */
  scheduled: number;
  sent: number;
  /** Scheduled but never sent (still waiting for a connection at the end of the drain). */
  notSent: number;
  /** Ok answers per second of the schedule. */
  achievedRate: number;
  /** How late requests left against their intended time (ms): the generator's tick plus connection waits. */
  sendLate: { p50: number; p99: number; max: number };
}

interface Sample {
  kind: string;
  /** From the intended send time (closed loop: the actual one). */
  ms: number;
  /** From the actual send time (open loop), else null. */
  fromSendMs: number | null;
  status: number | null;
  ok: boolean;
}

function summarize(samples: Sample[], seconds: number, withSend: boolean): Record<string, KindResult> {
  const groups = new Map<string, Sample[]>();
  const add = (key: string, s: Sample) => {
    const list = groups.get(key);
    if (list) list.push(s);
    else groups.set(key, [s]);
  };
  for (const s of samples) {
    add(s.kind, s);
    const colon = s.kind.indexOf(':');
    if (colon > 0) add(s.kind.slice(0, colon), s);
    add('*total', s);
  }
  const out: Record<string, KindResult> = {};
  for (const [key, list] of groups) {
    const lat = list.map((s) => s.ms).sort((a, b) => a - b);
    const statuses: Record<string, number> = {};
    let answered = 0;
    let ok = 0;
    for (const s of list) {
      const name = s.status === null ? 'error' : String(s.status);
      statuses[name] = (statuses[name] ?? 0) + 1;
      if (s.status !== null) answered++;
      if (s.ok) ok++;
    }
    const result: KindResult = {
      answered,
      ok,
      errors: list.length - ok,
      perSecond: ok / seconds,
      p50: percentile(lat, 50),
      p99: percentile(lat, 99),
      p999: percentile(lat, 99.9),
      max: lat.at(-1) ?? 0,
      statuses,
    };
    if (withSend) {
      const sent = list
        .map((s) => s.fromSendMs)
        .filter((v): v is number => v !== null)
        .sort((a, b) => a - b);
      result.fromSend = {
        p50: percentile(sent, 50),
        p99: percentile(sent, 99),
        p999: percentile(sent, 99.9),
      };
    }
    out[key] = result;
  }
  return out;
}

/** The request's bytes for this server. */
const textOf = (base: URL, request: LoadRequest) =>
  requestText(base.host, request.method, request.path, request.headers, request.body);

const isOk = (request: LoadRequest, status: number | null) =>
  status !== null && (request.ok ? request.ok(status) : status >= 200 && status < 300);

/**
 * This process's event loop lateness during a run: how much later than asked a 10 ms timer fired (the
 * histogram holds the whole interval between its ticks, so the 10 ms are taken off).
 */
function watchDelay() {
  const resolution = 10;
  const delay = monitorEventLoopDelay({ resolution });
  delay.enable();
  return () => {
    delay.disable();
    const late = (ns: number) => Math.max(0, ns / 1e6 - resolution);
    return { p99: late(delay.percentile(99)), max: late(delay.max) };
  };
}

function finish(
  samples: Sample[],
  seconds: number,
  withSend: boolean,
  unanswered: number,
  generatorDelay: LoadResult['generatorDelay'],
): LoadResult {
  const { '*total': total, ...byKind } = summarize(samples, seconds, withSend);
  const empty: KindResult = {
    answered: 0,
    ok: 0,
    errors: 0,
    perSecond: 0,
    p50: 0,
    p99: 0,
    p999: 0,
    max: 0,
    statuses: {},
  };
  return { seconds, byKind, total: total ?? empty, unanswered, generatorDelay };
}

/**
 * Closed loop: `connections` clients, each sending its next request when its last one is answered, for
 * `seconds`; the requests in flight at the end are waited for and counted. Latency runs from each actual
 * send, so a stall delays only the requests already sent: the queue it causes is never measured
 * (coordinated omission). Throughput is ok answers over the time until the last answer.
 */
export async function closedLoop(options: {
  url: string;
  connections: number;
  seconds: number;
  next: () => LoadRequest;
  timeoutMs?: number;
}): Promise<LoadResult> {
  const base = new URL(options.url);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const connections = Array.from(
    { length: options.connections },
    () => new HttpConnection(base.hostname, Number(base.port), timeoutMs),
  );
  const samples: Sample[] = [];
  let unanswered = 0;
  const delay = watchDelay();
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  try {
    await Promise.all(
      connections.map(async (connection) => {
        while (performance.now() < deadline) {
          const request = options.next();
          const t0 = performance.now();
          const status = await connection.request(textOf(base, request));
          if (status === null) unanswered++;
          samples.push({
            kind: request.kind,
            ms: performance.now() - t0,
            fromSendMs: null,
            status,
            ok: isOk(request, status),
          });
        }
      }),
    );
  } finally {
    for (const connection of connections) connection.destroy();
  }
  const generatorDelay = delay();
  return finish(samples, (performance.now() - started) / 1000, false, unanswered, generatorDelay);
}

/**
 * Open loop: `rate` requests a second for `seconds`, evenly spaced (request i is due at start + i/rate),
 * whatever the answers do, over at most `maxInFlight` keep-alive connections. A request is built by `next()` at its
 * intended time and waits in a queue (FIFO) while every connection is busy; its latency runs from the
 * INTENDED time to its whole answer, so that wait, and any lateness of this process's own event loop,
 * counts against it (the correction for coordinated omission). The schedule is kept by a timer that wakes
 * when the next request is due (Node's timers: at least 1 ms) and sends every request due by then, so the
 * requests of a busy moment leave in small bursts, each timed from its own due time; how late they left
 * is reported (`sendLate`). After the schedule, the answers still owed are waited for up to `drainMs`;
 * what is still queued or in flight then counts as unanswered, with its latency so far (a lower bound).
 */
export async function openLoop(options: {
  url: string;
  rate: number;
  seconds: number;
  next: () => LoadRequest;
  maxInFlight?: number;
  timeoutMs?: number;
  drainMs?: number;
}): Promise<OpenLoopResult> {
  const base = new URL(options.url);
  const maxInFlight = options.maxInFlight ?? 64;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const drainMs = options.drainMs ?? 10_000;
  // Idle connections are reused last-in first-out, so a low rate keeps a few of them warm and the rest
  // may be closed by the server's keep-alive timeout (reopened when needed) instead of racing it.
  const connections: HttpConnection[] = [];
  const idle: HttpConnection[] = [];
  const samples: Sample[] = [];
  const late: number[] = [];
  const queue: { request: LoadRequest; due: number }[] = [];
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  let scheduled = 0;
  let sent = 0;
  let active = 0;
  let unanswered = 0;
  let settle: () => void = () => {};
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const maybeDone = () => {
    if (scheduled === total && active === 0 && queue.length === 0) settle();
  };
  const dispatch = () => {
    while (active < maxInFlight && queue.length > 0) {
      const { request, due } = queue.shift()!;
      let connection = idle.pop();
      if (!connection) {
        connection = new HttpConnection(base.hostname, Number(base.port), timeoutMs);
        connections.push(connection);
      }
      const sentAt = performance.now();
      late.push(sentAt - due);
      active++;
      sent++;
      const used = connection;
      void used.request(textOf(base, request)).then((status) => {
        const now = performance.now();
        active--;
        idle.push(used);
        if (status === null) unanswered++;
        samples.push({
          kind: request.kind,
          ms: now - due,
          fromSendMs: now - sentAt,
          status,
          ok: isOk(request, status),
        });
        dispatch();
        maybeDone();
      });
    }
  };
  const delay = watchDelay();
  // A short lead so the first requests are not late for this call's own set-up.
  const start = performance.now() + 20;
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    const now = performance.now();
    while (scheduled < total && start + scheduled * interval <= now) {
      queue.push({ request: options.next(), due: start + scheduled * interval });
      scheduled++;
    }
    dispatch();
    if (scheduled < total)
      timer = setTimeout(tick, Math.max(0, start + scheduled * interval - performance.now()));
    else maybeDone();
  };
  timer = setTimeout(tick, 20);
  const scheduleEnd = start + options.seconds * 1000;
  await Promise.race([
    settled,
    new Promise<void>((resolve) => {
      const cut = setTimeout(resolve, scheduleEnd + drainMs - performance.now());
      void settled.then(() => clearTimeout(cut));
    }),
  ]);
  if (timer) clearTimeout(timer);
  // Cut at the end of the drain: the queued ones were never sent, the ones in flight may have taken effect.
  const now = performance.now();
  const notSent = queue.length;
  for (const { request, due } of queue.splice(0))
    samples.push({ kind: request.kind, ms: now - due, fromSendMs: null, status: null, ok: false });
  for (const connection of connections) if (connection.busy) connection.destroy();
  // Each destroyed request records itself (status null, unanswered) through its promise above.
  for (let i = 0; i < 1000 && samples.length < sent + notSent; i++)
    await new Promise((resolve) => setImmediate(resolve));
  for (const connection of connections) connection.destroy();
  const generatorDelay = delay();
  const sortedLate = late.sort((a, b) => a - b);
  const result = finish(samples, options.seconds, true, unanswered, generatorDelay);
  return {
    ...result,
    rate: options.rate,
    scheduled,
    sent,
    notSent,
    achievedRate: result.total.ok / options.seconds,
    sendLate: {
      p50: percentile(sortedLate, 50),
      p99: percentile(sortedLate, 99),
      max: sortedLate.at(-1) ?? 0,
    },
  };
}
