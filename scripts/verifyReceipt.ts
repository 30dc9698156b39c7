import { readFile } from 'node:fs/promises';
import { verifyFile } from '../domain/verifiable/verify.ts';
import { runMain } from '../runtime/main.ts';

const USAGE = 'usage: npm run ledger:verify-receipt -- FILE\n';

/**
 * npm run ledger:verify-receipt -- FILE — checks a verifiable receipt or liability proof offline, with the
 * same code as the /verify page (domain/verifiable/verify.ts: WebCrypto, no server, no database), and
 * prints each check. Exit 0 when every check passes, 1 when one fails, 2 for a file it cannot read.
 */
async function main() {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    process.stderr.write(USAGE);
    process.exit(2);
  }
  let value: unknown;
  try {
    value = JSON.parse(await readFile(args[0]!, 'utf8'));
  } catch (error) {
    process.stderr.write(`cannot read ${args[0]} as JSON: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const verdict = await verifyFile(value);
  for (const check of verdict.checks)
    process.stdout.write(`${check.ok ? 'PASS' : 'FAIL'} ${check.name}: ${check.detail}\n`);
  if (verdict.ok) {
    process.stdout.write(`VERIFIED (${verdict.kind}): ${verdict.proves}\n`);
    process.exit(0);
  }
  process.stdout.write(`NOT VERIFIED (${verdict.kind}): ${verdict.failure}\n`);
  process.exit(1);
}

runMain('ledger:verify-receipt', main, 2);
