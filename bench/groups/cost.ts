import { randomUUID } from 'node:crypto';
import { verifyLedger } from '../../app/audit/verifyLedger.ts';
import { accountDecider, accountStream } from '../../domain/accounts/account.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { log, RUNS, results } from '../lib/context.ts';
import { repeat } from '../lib/measure.ts';
import { stat } from '../stat.ts';
import type { TransferLoad } from './httpSetup.ts';

/**
 * 5. Command cost against history: an account with 100,000 past events vs one with 10; then the ledger's
 * conservation after all of 3-5's load.
 */
export async function costGroup(setup: TransferLoad) {
  const { services, deps, users, minter } = setup;
  if (setup.none) setup.worker = await setup.startWorker();
  const deep = users[0]!.id;
  const shallow = users[1]!.id;
  log('bench: giving one account 100,000 past events');
  // Real history through the decider (small distributions), so the ledger still balances afterwards.
  for (let done = 0; done < 100_000; done += 2_000) {
    const events = Array.from({ length: 2_000 }, () => {
      const [event] = accountDecider.decide(
        {
          type: 'MintTokens',
          data: {
            transactionId: randomUUID(),
            userId: deep,
            asset: 'SAI',
            units: 1n,
            source: 'distribution',
            paymentId: null,
            description: 'bench history',
            mintedBy: minter,
            receiverSuspended: false,
          },
          now: new Date(),
        },
        accountDecider.initialState(),
      );
      return {
        id: randomUUID(),
        type: event!.type,
        data: event!.data,
        metadata: { actorId: null, correlationId: randomUUID(), causationId: null },
      };
    });
    await deps.store.append(accountStream(deep), events, { expectedRevision: 'any' });
  }
  const { transferTokens } = await import('../../app/ledger/ledger.service.ts');
  // The projections first catch up with those 100,000 events: timed while the worker was still
  // building their rows, the deep account's transfers also paid for that (ratio 1.21 in a run of stop
  // 23, where the worker had 100,000 rows left to write during the deep account's turn and none during
  // the shallow one's).
  await services.deps.runner.waitFor((await deps.store.headPosition())!, deps.runner.names, 600_000);
  const transferFrom = (from: UserId, description: string) =>
    transferTokens(
      deps,
      {
        transactionId: randomUUID(),
        fromUserId: from,
        toUserId: users[2]!.id,
        units: 1n,
        description,
        stepUp: 'system',
      },
      { actorId: from, correlationId: randomUUID(), causationId: null },
    );
  // The two accounts take turns, one transfer each, so that whatever else the machine does in those
  // seconds (the worker projecting these transfers, a noisy neighbour) falls on both alike.
  const timeTransfers = async () => {
    const times: Record<'deep' | 'shallow', number[]> = { deep: [], shallow: [] };
    await transferFrom(deep, 'warm');
    await transferFrom(shallow, 'warm');
    for (let i = 0; i < 200; i++) {
      for (const [which, from] of [
        ['deep', deep],
        ['shallow', shallow],
      ] as const) {
        const t0 = performance.now();
        await transferFrom(from, 'cost');
        times[which].push(performance.now() - t0);
      }
    }
    return { deep: stat(times.deep, 'ms').median, shallow: stat(times.shallow, 'ms').median };
  };
  const cost = await repeat(RUNS, timeTransfers);
  const deepCost = stat(cost.deep!, 'ms');
  const shallowCost = stat(cost.shallow!, 'ms');
  results['5. command cost vs history'] = {
    '100k events': deepCost,
    '10 events': shallowCost,
    ratio: Number((deepCost.median / shallowCost.median).toFixed(2)),
  };
  log(`cost ratio: ${(deepCost.median / shallowCost.median).toFixed(2)}`);

  // Conservation after all that load: every chain and balance agrees with the log.
  const head = await deps.store.headPosition();
  const caughtUp = await deps.runner.waitFor(head!, deps.runner.names, 600_000);
  if (!caughtUp) log('bench: the read models did not catch up within 10 minutes');
  const report = await verifyLedger(deps.store, deps.pool);
  results['conservation after load'] = { problems: report.problems.length, events: report.events };
  for (const problem of report.problems.slice(0, 5)) log(`ledger:verify: ${JSON.stringify(problem)}`);
}
