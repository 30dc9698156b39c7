import { spawn } from 'node:child_process';
import { API_NODE_FLAGS } from '../../runtime/nodeFlags.ts';
import { captureOutput, freePort, repoRoot } from '../../testing/processes.ts';

/**
 * Starts the plain-SQL reference (server.ts) as its own process with the API's node flags, like the
 * bench starts the API, so that it never shares the load generator's event loop. Its TypeScript runs
 * through tsx (compiled once at start, like the API's bundle); resolves once it answers /livez.
 */
export async function startReference(databaseUrl: string) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...API_NODE_FLAGS,
      ...(process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      'bench/reference/server.ts',
    ],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output = captureOutput(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the reference exited before it answered:\n${output.text()}`);
    try {
      const answer = await fetch(`${url}/livez`, { signal: AbortSignal.timeout(2_000) });
      await answer.arrayBuffer();
      if (answer.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the reference did not answer in time:\n${output.text()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, pid: child.pid ?? -1, stop };
}
