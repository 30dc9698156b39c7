import { checkAlone, upgradeLog } from '../app/privacy/upgrade/upgradeLog.ts';
import { loadConfig } from '../runtime/config.ts';
import { openDatabase } from '../runtime/database.ts';
import { createLogger } from '../runtime/logger.ts';
import { runMain } from '../runtime/main.ts';
import { loadPrivacyKeys } from '../runtime/privacyKeys.ts';
import { startServices } from '../runtime/services.ts';

/**
 * npm run privacy:upgrade-log — rewrites a Postgres event log written before crypto-shredding into the new
 * form: personal fields sealed, uniqueness streams renamed to their pseudonyms, hash chains recomputed,
 * each stream verified before it commits, and `ledger:verify` at the end (docs/architecture/log-upgrade.md).
 * Stop the app first: it refuses while another session is connected. Interrupted, run it again: it goes on
 * where it stopped. Once finished, running it again changes nothing. Exit 0 on success, 1 otherwise.
 */
async function main() {
  if (process.argv.length > 2) {
    process.stderr.write(
      'usage: npm run privacy:upgrade-log (no arguments; the configuration as for npm start)\n',
    );
    process.exit(2);
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  if (config.EVENT_STORE !== 'postgres') {
    throw new Error(
      'the log is in EventStoreDB, which cannot be rewritten in place: copy it into a new store ' +
        '(docs/architecture/log-upgrade.md, "EventStoreDB")',
    );
  }
  const logger = createLogger(config.LOG_LEVEL);
  const keys = await loadPrivacyKeys(config, logger);
  const database = await openDatabase(config, logger);
  try {
    // Alone on the database, or nothing starts (the app's own projections would race ours below).
    await checkAlone(database.url);
    // This code's tables (personal_data_keys among them) and read models brought to the head of the log,
    // as they were before the upgrade: ledger:verify at the end compares the balances with them.
    const services = await startServices(config, logger, {
      databaseUrl: database.url,
      scheduledJobs: false,
      privacyKeys: keys,
    });
    try {
      const head = await services.deps.store.headPosition();
      if (head && !(await services.deps.runner.waitFor(head, services.deps.runner.names, 600_000))) {
        throw new Error('the read models did not reach the head of the log within 10 minutes');
      }
    } finally {
      await services.stop();
    }
    const report = await upgradeLog({
      databaseUrl: database.url,
      personalDataKey: keys.personalDataKey,
      pseudonymKey: keys.pseudonymKey,
      onStream: (outcome, done) => {
        if (process.stderr.isTTY) process.stderr.write(`\r${done} stream(s) upgraded`);
        if (outcome.renamed) logger.info({ stream: outcome.name }, 'uniqueness stream renamed');
      },
    });
    if (process.stderr.isTTY) process.stderr.write('\n');
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(
      report.alreadyFinished
        ? `OK: the log was upgraded already (${report.finishedAt}); nothing changed\n`
        : 'OK: every personal field sealed, every chain recomputed and ledger:verify passes\n',
    );
  } finally {
    await database.embedded?.stop();
  }
  process.exit(0);
}

runMain('privacy:upgrade-log', main);
