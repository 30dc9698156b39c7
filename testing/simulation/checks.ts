/** The simulation's checks (see simulation.ts): the log, the projection and the write side against each other. */

import { loadState, StateCache } from '../../app/commands/handleCommand.ts';
import { accountDecider, accountStream } from '../../domain/accounts/account.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { ASSET_DECIMALS, type Asset } from '../../domain/shared/money.ts';
import { comparePositions, type LogPosition, type RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import { eventHash } from '../../infra/eventStore/hashChain.ts';
import { type Acknowledged, balancesOf, businessId, logViolations } from '../ledgerInvariants.ts';
import { readWholeLog } from '../projections.ts';
import type { ProjectionState } from './workers.ts';
import type { World } from './world.ts';

/** The whole log, in order. */
export function readLog(world: World): Promise<RecordedEvent[]> {
  return readWholeLog(world.inner);
}

/** The violations of a run that settled at `settledAt`, with `log` its whole log. */
export async function checkSettled(
  world: World,
  run: {
    log: RecordedEvent[];
    users: UserId[];
    acknowledged: Acknowledged[];
    refused: Acknowledged[];
    projection: ProjectionState;
    settledAt: LogPosition | null;
  },
): Promise<string[]> {
  const { log, users, acknowledged, refused, projection, settledAt } = run;
  const violations: string[] = [];
  violations.push(...logViolations(log, { acknowledged, settled: true }));
  const inLog = new Map<string, number>();
  for (const event of log) {
    const key = `${event.type}|${businessId(event)}`;
    inLog.set(key, (inLog.get(key) ?? 0) + 1);
  }
  for (const r of refused)
    if (inLog.has(`${r.event}|${r.id}`)) violations.push(`refused ${r.event} ${r.id} is in the log`);
  // The projection equals a replay of the log, and applied every event exactly once.
  const replayed = balancesOf(log);
  const keys = new Set([...replayed.keys(), ...projection.balances.keys()]);
  for (const key of keys) {
    const [a, b] = [projection.balances.get(key) ?? 0n, replayed.get(key) ?? 0n];
    if (a !== b) violations.push(`projection has ${key} = ${a}, the log says ${b} (invariant 4)`);
  }
  for (const event of log) {
    const n = projection.applied.get(event.id) ?? 0;
    if (n !== 1) violations.push(`projection applied ${event.type} ${event.id} ${n} times (invariants 5-6)`);
  }
  if (comparePositions(projection.checkpoint, settledAt) !== 0)
    violations.push('projection checkpoint is not at the head');
  // The write side: each account stream folds to what the log's postings say.
  const ctx = { store: world.inner, cache: new StateCache() };
  for (const userId of users) {
    const { state } = await loadState(ctx, accountStream(userId), accountDecider);
    for (const asset of Object.keys(ASSET_DECIMALS) as Asset[]) {
      const [a, b] = [state.balances[asset] ?? 0n, replayed.get(`user:${userId}|${asset}`) ?? 0n];
      if (a !== b) violations.push(`write side of ${userId} has ${a} ${asset}, the log says ${b}`);
    }
  }
  // Hash chains (invariant 7): every stream's events link up and hash to what they carry.
  const chains = new Map<string, RecordedEvent>();
  for (const event of [...log].sort((x, y) =>
    x.revision < y.revision ? -1 : x.revision > y.revision ? 1 : 0,
  )) {
    const previous = chains.get(event.streamName) ?? null;
    const expectedRevision = previous ? previous.revision + 1n : 0n;
    if (event.revision !== expectedRevision)
      violations.push(`${event.streamName} skips to revision ${event.revision}`);
    if (event.metadata.prevHash !== (previous?.metadata.hash ?? null))
      violations.push(`${event.streamName}@${event.revision} does not chain to its predecessor`);
    const hash = eventHash({ ...event, prevHash: event.metadata.prevHash });
    if (hash !== event.metadata.hash) violations.push(`${event.streamName}@${event.revision} hash mismatch`);
    chains.set(event.streamName, event);
  }
  return violations;
}
