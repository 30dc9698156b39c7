/**
 * The V8 flags the API's process runs with, wherever it is started: `npm start` (package.json), the image
 * (Dockerfile's CMD), `npm run dev`, and the harness that starts the real API for the end-to-end tests and
 * the bench (testing/processes.ts). `nodeFlags.unit.test.ts` holds package.json and the Dockerfile to
 * this list.
 *
 * `--max-semi-space-size=32`: each half of V8's young generation may grow to 32 MB instead of 16. Under the
 * bench's transfer load the API allocates about 0.4 GB a second, so at 16 MB it collected the young
 * generation 245–261 times in 10 s: 0.9–1.1 s of its one thread, every request in flight waiting some 4 ms
 * each time. At 32 MB: 130–132 collections, 0.56–0.57 s, and 2,192–2,254 → 2,406–2,419 transfers/s
 * alternating in the same hour, with the API's peak RSS no higher (204–213 MB against 220–227). 64 MB saved
 * a little more collection time for 50 MB more RSS. Measured in BENCHMARKS.md, stop 20.
 */
export const API_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];

/**
 * Node's arguments for the API's process: its flags, then `extra` (the harness's profiling flags), then
 * the entry point: the compiled bundle through scripts/tool.mjs (built from the sources when missing or
 * stale, see scripts/serve.ts). The one command line `npm start`, the image and the test harness use.
 * `npm run dev` passes `{ source: true }` to run the sources through tsx under `--watch`.
 */
export function apiProcessArgs(extra: readonly string[] = [], options: { source?: boolean } = {}): string[] {
  const entry = options.source ? ['--import', 'tsx', 'api/main.ts'] : ['scripts/tool.mjs', 'serve'];
  return [...API_NODE_FLAGS, ...extra, ...entry];
}
