import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { repo } from './context.ts';

/** Prometheus's text format, one entry per sample line ("name{labels}" -> value). */
export async function scrapeMetrics(url: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const cut = line.lastIndexOf(' ');
    samples.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return samples;
}

export function serverStats(before: Map<string, number>, after: Map<string, number>, pid: number): string {
  const delta = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
  const route = 'method="POST",route="/api/transactions"';
  const count = delta(`sai_http_request_duration_seconds_count{${route}}`);
  const within = ['0.01', '0.025', '0.05', '0.1']
    .map((le) => {
      const n = delta(`sai_http_request_duration_seconds_bucket{le="${le}",${route}}`);
      return `${Number(le) * 1000} ms ${((100 * n) / Math.max(1, count)).toFixed(1)} %`;
    })
    .join(', ');
  const gc = ['minor', 'major', 'incremental']
    .map((kind) => {
      const n = delta(`sai_nodejs_gc_duration_seconds_count{kind="${kind}"}`);
      const ms = delta(`sai_nodejs_gc_duration_seconds_sum{kind="${kind}"}`) * 1000;
      const over10 = n - delta(`sai_nodejs_gc_duration_seconds_bucket{le="0.01",kind="${kind}"}`);
      return `${kind} ${n} (${ms.toFixed(0)} ms, ${over10} over 10 ms)`;
    })
    .join(', ');
  const lag = (name: string) =>
    `${((after.get(`sai_nodejs_eventloop_lag_${name}_seconds`) ?? 0) * 1000).toFixed(1)}`;
  return (
    `server: ${count} transfers answered by the API within ${within} of their arrival in it; ` +
    `event loop delay p50 ${lag('p50')} / p99 ${lag('p99')} / max ${lag('max')} ms; collections ${gc}; ` +
    `the API's peak RSS so far ${((peakRssKb(pid) ?? Number.NaN) / 1024).toFixed(0)} MB`
  );
}

/** A process's peak resident set so far (VmHWM), in kB; null once it is gone. */
export function peakRssKb(pid: number): number | null {
  try {
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return hwm ? Number(hwm[1]) : null;
  } catch {
    return null;
  }
}

/**
 * The load generator's own pauses during a run (this process): a late event loop or a collection delays
 * the requests it sends and stretches the latencies it measures.
 */
export function watchLoadGenerator(): () => string {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const collections: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) collections.push(entry.duration);
  });
  delay.enable();
  observer.observe({ entryTypes: ['gc'] });
  return () => {
    delay.disable();
    observer.disconnect();
    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    return (
      `load generator: event loop delay p50 ${ms(delay.percentile(50))} / p99 ${ms(delay.percentile(99))} / ` +
      `max ${ms(delay.max)} ms (a 10 ms timer); ${collections.length} collections, ` +
      `${collections.reduce((a, b) => a + b, 0).toFixed(0)} ms, the longest ${Math.max(0, ...collections).toFixed(0)} ms; ` +
      `heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`
    );
  };
}

// USER_HZ: 100 on every Linux build Node runs on (sysconf is not reachable from Node without an addon).
const CLOCK_TICKS = 100;

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); 0 when it is gone. */
export function cpuSecondsOf(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
/** CPU seconds used so far by each named process, and by the whole machine (busy time over all cores). */
export function cpuByGroup(groups: Record<string, number>): Record<string, number> {
  const result: Record<string, number> = {};
  for (const [name, pid] of Object.entries(groups)) result[name] = cpuSecondsOf(pid);
  // Whole machine: busy seconds over all cores, from /proc/stat's first line.
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  result.machineBusy = (cpu.reduce((a, b) => a + b, 0) - cpu[3]! - cpu[4]!) / CLOCK_TICKS;
  return result;
}

/** An operator's script as `npm run` starts it (`node scripts/tool.mjs NAME …`, npm's own start left out). */
export async function peakRssOfChild(
  args: string[],
  env: Record<string, string>,
  onFirstByte?: () => void,
  /** Exit codes that are an answer, not a failure (e.g. 1 = "the check found problems"). */
  okCodes: readonly number[] = [0],
): Promise<{
  ms: number;
  peakMb: number;
  firstByteMs: number | null;
  stdoutBytes: number;
  /** The last 2,000 characters it printed. */
  stdoutTail: string;
  code: number | null;
  /** When the rebuild's progress first named each phase (ms from the start). */
  phaseAt: Record<string, number>;
}> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/tool.mjs', ...args], {
    cwd: repo,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const phaseAt: Record<string, number> = {};
  let errTail = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errTail = (errTail + String(chunk)).slice(-4_000);
    for (const phase of String(chunk).match(/(indexing|switching|done)\s*$/gm) ?? [])
      phaseAt[phase.trim()] ??= performance.now() - started;
  });
  let peakKb = 0;
  let firstByte: number | null = null;
  let bytes = 0;
  let outTail = '';
  child.stdout.on('data', (chunk: Buffer) => {
    outTail = (outTail + String(chunk)).slice(-2_000);
    if (firstByte === null) {
      firstByte = performance.now() - started;
      onFirstByte?.();
    }
    bytes += chunk.length;
  });
  const poll = setInterval(() => {
    peakKb = Math.max(peakKb, peakRssKb(child.pid ?? -1) ?? 0);
  }, 50);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(poll);
  if (!okCodes.includes(code ?? -1))
    throw new Error(`${args.join(' ')} exited with ${code}: ${errTail}${outTail}`);
  return {
    ms: performance.now() - started,
    peakMb: peakKb / 1024,
    firstByteMs: firstByte,
    stdoutBytes: bytes,
    stdoutTail: outTail,
    code,
    phaseAt,
  };
}
