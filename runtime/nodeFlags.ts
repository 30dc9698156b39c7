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
 * Node's arguments for the API's process: its flags, then `extra` (the harness's profiling flags, dev's
 * `--watch`), then the entry point through tsx. The one command line every starter above uses.
 */
export function apiProcessArgs(extra: readonly string[] = []): string[] {
  return [...API_NODE_FLAGS, ...extra, '--import', 'tsx', 'api/main.ts'];
}
