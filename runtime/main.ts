/**
 * Runs a tool's `main`: a failure is told on stderr as "<name> failed: <message>" and ends the process
 * with `exitCode`.
 */
export function runMain(name: string, main: () => Promise<void>, exitCode = 1): void {
  main().catch((error: unknown) => {
    process.stderr.write(`${name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(exitCode);
  });
}
