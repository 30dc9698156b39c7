import { hexOf } from '../domain/verifiable/bytes.ts';
import { rebuildLedgerTree } from '../projections/ledgerTree/rebuild.ts';
import { runMain } from '../runtime/main.ts';
import { withToolServices } from './toolServices.ts';

const USAGE = 'usage: npm run ledger:tree-rebuild\n';

/**
 * npm run ledger:tree-rebuild — empties the log commitment's tables (the tree follower's,
 * projections/ledgerTree/) and builds them again from the log, verifying every event again. Exit 0 when
 * the rebuilt tree reproduces the old root at the old size and verification found nothing; 1 naming what
 * differs; 2 for bad arguments. Safe beside running servers: a live follower rebuilds along.
 */
async function main() {
  const args = process.argv.slice(2);
  if (args.length > 0) {
    process.stderr.write(args[0] === '--help' ? USAGE : `unknown argument ${args[0]}\n${USAGE}`);
    process.exit(args[0] === '--help' ? 0 : 2);
  }
  const code = await withToolServices(
    async (services, { logger, database }) => {
      const started = Date.now();
      const report = await rebuildLedgerTree({
        pool: services.deps.pool,
        databaseUrl: database.url,
        store: services.deps.store,
        logger,
        onProgress: (size) => {
          if (process.stderr.isTTY) process.stderr.write(`\rbuilt ${size.toLocaleString('en-US')} leaves`);
        },
      });
      if (process.stderr.isTTY) process.stderr.write('\n');
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `ledger tree rebuilt from the log: ${report.after.size} leaves, root ${hexOf(report.after.root)} (${seconds} s)\n`,
      );
      if (report.sameRoots) {
        process.stdout.write(`the old tree's root at size ${report.before.size} is reproduced\n`);
      } else if (report.rootAtBefore === null) {
        process.stdout.write(
          `FAILED: the old tree had ${report.before.size} leaves, the log now gives only ${report.after.size} (events were removed)\n`,
        );
      } else {
        process.stdout.write(
          `FAILED: the old tree of size ${report.before.size} had root ${hexOf(report.before.root)}, the log gives ${hexOf(report.rootAtBefore)}\n`,
        );
      }
      if (report.mismatches === 0n) process.stdout.write('continuous verification: no mismatch\n');
      else
        process.stdout.write(
          `FAILED: continuous verification found ${report.mismatches} mismatch(es), the last: ${report.lastMismatch}\n`,
        );
      return report.sameRoots && report.mismatches === 0n ? 0 : 1;
    },
    { readModels: 'any' },
  );
  process.exit(code);
}

runMain('ledger:tree-rebuild', main, 2);
