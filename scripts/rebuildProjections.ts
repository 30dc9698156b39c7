import { parseArgs } from 'node:util';
import { allProjections } from '../projections/index.ts';
import { dropRetiredSchemas, type RebuildProgress, rebuildProjections } from '../projections/rebuild.ts';
import { withToolServices } from './toolServices.ts';

/**
 * npm run projections:rebuild [-- --projection NAME] [--fresh] [--batch-size N]
 * Rebuilds read models from the log beside the live ones and switches atomically (projections/rebuild.ts).
 * Safe to run while the app serves requests; if killed, run it again and it resumes where it stopped.
 */
function bar(p: RebuildProgress): string {
  const total = p.processed + p.lagEvents;
  const ratio = total > 0 ? p.processed / total : 1;
  const width = 24;
  const name = p.projection.includes(',') ? 'all read models' : p.projection;
  const filled = Math.round(ratio * width);
  const eta = p.etaSeconds === null ? '?' : `${p.etaSeconds}s`;
  return `[${name}] ${'█'.repeat(filled)}${'░'.repeat(width - filled)} ${(ratio * 100).toFixed(0).padStart(3)}%  ${p.processed.toLocaleString('en-US')} events  ${p.eventsPerSecond.toLocaleString('en-US')} ev/s  ETA ${eta}  ${p.phase}`;
}

async function main() {
  const { values } = parseArgs({
    options: { projection: { type: 'string' }, fresh: { type: 'boolean' }, 'batch-size': { type: 'string' } },
    strict: true,
  });
  const chosen = values.projection
    ? allProjections.filter((p) => p.name === values.projection)
    : allProjections.filter((p) => p.tables.length > 0);
  if (chosen.length === 0) {
    process.stderr.write(
      `Unknown projection "${values.projection}". Known: ${allProjections.map((p) => p.name).join(', ')}\n`,
    );
    process.exit(2);
  }
  let code = 0;
  // Read models of another version are what this tool rebuilds: it starts whatever their versions.
  await withToolServices(
    async (services, { database }) => {
      try {
        // One pass over the log for all of them (projections/rebuild.ts).
        const started = Date.now();
        let last = 0;
        const result = await rebuildProjections({
          databaseUrl: database.url,
          pool: services.deps.pool,
          store: services.deps.store,
          projections: chosen,
          fresh: values.fresh ?? false,
          batchSize: values['batch-size'] ? Number(values['batch-size']) : undefined,
          throttleMs: process.env.REBUILD_THROTTLE_MS ? Number(process.env.REBUILD_THROTTLE_MS) : undefined,
          // REBUILD_BULK=off: every event through Node, as for an EventStoreDB log (for tests and comparisons).
          bulk: process.env.REBUILD_BULK !== 'off',
          onProgress: (p) => {
            if (p.phase === 'building' && Date.now() - last < 500) return;
            last = Date.now();
            const line = bar(p);
            if (process.stderr.isTTY) process.stderr.write(`\r${line}`);
            else process.stderr.write(`${line}\n`);
          },
        });
        if (process.stderr.isTTY) process.stderr.write('\n');
        const seconds = (Date.now() - started) / 1000;
        process.stdout.write(
          `${chosen.map((p) => p.name).join(', ')}: rebuilt ${result.processed} events in ${seconds.toFixed(1)} s; old tables kept in ${result.retiredSchemas.join(', ')}\n`,
        );
        const dropped = await dropRetiredSchemas(services.deps.pool, 1);
        if (dropped.length > 0)
          process.stdout.write(`dropped older retired schemas: ${dropped.join(', ')}\n`);
      } catch (error) {
        process.stderr.write(
          `\nprojections:rebuild failed: ${error instanceof Error ? error.message : String(error)}\n`,
        );
        code = 1;
      }
    },
    { readModels: 'any' },
  );
  process.exit(code);
}

void main();
