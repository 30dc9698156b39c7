export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function repeat(
  runs: number,
  once: () => Promise<Record<string, number>>,
): Promise<Record<string, number[]>> {
  const all: Record<string, number[]> = {};
  for (let i = 0; i < runs; i++) {
    for (const [k, v] of Object.entries(await once())) {
      all[k] ??= [];
      all[k].push(v);
    }
  }
  return all;
}

/** Runs `work` from `concurrency` workers for `seconds`; returns ops/s and latency percentiles (ms). */
export async function load(
  concurrency: number,
  seconds: number,
  work: (worker: number, i: number) => Promise<void>,
) {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  let ops = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const t0 = performance.now();
        await work(worker, i);
        latencies.push(performance.now() - t0);
        ops++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { opsPerSecond: ops / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}
