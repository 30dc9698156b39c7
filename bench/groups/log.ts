import { execFileSync } from 'node:child_process';
import { BENCH_ENV, EXPORT_POSTINGS, LOG_EVENTS, log, RUNS, repo, results } from '../lib/context.ts';
import { countRows } from '../lib/database.ts';
import { repeat } from '../lib/measure.ts';
import { peakRssOfChild } from '../lib/processes.ts';
import { stat } from '../stat.ts';
import { proofsGroup } from './proofs.ts';

/**
 * 6 + 7. A log of LOG_EVENTS events (made by the seeder in `seedUrl`), rebuilt and exported by the real
 * scripts.
 */
export async function logGroup(seedUrl: string) {
  const env = {
    DATABASE_URL: seedUrl,
    SESSION_SECRET: BENCH_ENV.SESSION_SECRET,
    // The seeder seals personal fields: every tool on this log must hold the same keys.
    PERSONAL_DATA_KEY: BENCH_ENV.PERSONAL_DATA_KEY,
    PSEUDONYM_KEY: BENCH_ENV.PSEUDONYM_KEY,
    LEDGER_SIGNING_KEY: BENCH_ENV.LEDGER_SIGNING_KEY,
    LOG_LEVEL: 'silent',
  };
  await peakRssOfChild(['seed', '--users', '1000', '--events', String(LOG_EVENTS), '--batch', '2000'], env);
  const eventCount = await countRows(seedUrl, 'es_events');
  // The measured tools' bundles are made fresh first: a first run would otherwise count their build.
  for (const tool of [
    'rebuildProjections',
    'exportLedger',
    'ledgerTreeRebuild',
    'ledgerDigest',
    'verifyLedger',
  ])
    execFileSync(process.execPath, ['scripts/tool.mjs', '--build', tool], {
      cwd: repo,
      stdio: 'inherit',
    });
  const rebuild = await repeat(Math.min(RUNS, 2), async () => {
    const r = await peakRssOfChild(['rebuildProjections', '--fresh'], env);
    const at = (phase: string) => (r.phaseAt[phase] ?? r.ms) / 1000;
    return {
      eventsPerSecond: eventCount / (r.ms / 1000),
      seconds: r.ms / 1000,
      // Where the time goes: the pass over the log (with the process's start), the deferred keys,
      // indexes and ANALYZE, the switch, and what follows it (dropping older retired tables, exit).
      building: at('indexing'),
      indexing: at('switching') - at('indexing'),
      switching: at('done') - at('switching'),
      after: r.ms / 1000 - at('done'),
      peakMb: r.peakMb,
    };
  });
  results['6. rebuild all read models'] = {
    events: eventCount,
    throughput: stat(rebuild.eventsPerSecond!, 'events/s (all read models, one pass)'),
    seconds: stat(rebuild.seconds!, 's'),
    building: stat(rebuild.building!, 's (start and the pass over the log)'),
    indexing: stat(rebuild.indexing!, 's (keys, indexes, ANALYZE)'),
    switching: stat(rebuild.switching!, 's'),
    after: stat(rebuild.after!, 's (older retired tables dropped, exit)'),
    peakMemory: stat(rebuild.peakMb!, 'MB'),
  };
  await proofsGroup(env, eventCount);
  // 7 exports a journal of EXPORT_POSTINGS postings. The 1M-event log holds about half as many (a
  // transfer's credit, a registration, a card's events post nothing): until stop 23 the export ran on
  // that log's 494,892. The seeder now adds events until the journal is long enough, and every read
  // model is rebuilt once more over the longer log: 6b, the rebuild's memory at twice the log's size.
  let postings = await countRows(seedUrl, 'ledger_postings');
  if (postings < EXPORT_POSTINGS) {
    const perEvent = postings / eventCount;
    const more = Math.ceil(((EXPORT_POSTINGS - postings) / perEvent) * 1.02);
    log(
      `bench: adding ${more.toLocaleString('en-US')} events for a journal of ${EXPORT_POSTINGS.toLocaleString('en-US')} postings`,
    );
    await peakRssOfChild(
      ['seed', '--users', '1000', '--events', String(more), '--batch', '2000', '--seed', '43'],
      env,
    );
    const longerEvents = await countRows(seedUrl, 'es_events');
    // As many runs as 6: the rebuild's memory at twice the log's size, and its rate there.
    const longer = await repeat(Math.min(RUNS, 2), async () => {
      const r = await peakRssOfChild(['rebuildProjections', '--fresh'], env);
      return { eventsPerSecond: longerEvents / (r.ms / 1000), seconds: r.ms / 1000, peakMb: r.peakMb };
    });
    results['6b. rebuild all read models, the longer log of 7'] = {
      events: longerEvents,
      throughput: stat(longer.eventsPerSecond!, 'events/s (all read models, one pass)'),
      seconds: stat(longer.seconds!, 's'),
      peakMemory: stat(longer.peakMb!, 'MB'),
    };
    postings = await countRows(seedUrl, 'ledger_postings');
    if (postings < EXPORT_POSTINGS)
      log(`bench: the journal has ${postings} postings, fewer than ${EXPORT_POSTINGS}`);
  }
  const exported = await repeat(RUNS, async () => {
    const r = await peakRssOfChild(['exportLedger', '--from', '2000-01-01', '--to', '2999-01-01'], env);
    return {
      seconds: r.ms / 1000,
      firstByteMs: r.firstByteMs ?? 0,
      peakMb: r.peakMb,
    };
  });
  // The CLI's own start (Node, its bundle's imports, pool, schema check) measured with an empty period, so the
  // export's rate can be told apart from the process's start.
  const startup = await repeat(RUNS, async () => {
    const r = await peakRssOfChild(['exportLedger', '--from', '2000-01-01', '--to', '2000-01-02'], env);
    return { ms: r.ms };
  });
  const startMs = stat(startup.ms!, 'ms').median;
  results['7. export to CSV'] = {
    postings,
    throughput: stat(
      exported.seconds!.map((seconds) => postings / seconds),
      'rows/s (whole command, process start included)',
    ),
    throughputAfterStart: stat(
      exported.seconds!.map((seconds) => postings / (seconds - startMs / 1000)),
      'rows/s (process start taken out)',
    ),
    processStart: stat(startup.ms!, 'ms (an empty period)'),
    firstByte: stat(exported.firstByteMs!, 'ms (incl. process start)'),
    peakMemory: stat(exported.peakMb!, 'MB'),
  };
}
