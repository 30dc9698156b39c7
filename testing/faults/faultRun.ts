import { onTestFailed } from 'vitest';
import type { EventStore } from '../../infra/eventStore/eventStore.ts';
import type { Pool } from '../../infra/postgres/pool.ts';
import { allProjections } from '../../projections/index.ts';
import {
  businessId,
  checkLedgerInvariants,
  expectCaughtUpAndConserved,
  waitForProjections,
} from '../ledgerInvariants.ts';
import { readWholeLog } from '../projections.ts';
import { type Observed, setUpWorld, type WorkloadResult, type World } from './workload.ts';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const PROJECTION_NAMES = [...allProjections.map((p) => p.name), 'ledgerFollowUps'];

/** Each process's output under its label ("api output"), printed when the test fails: the first clue. */
export function printOutputsOnFailure(outputs: () => Record<string, string | undefined>): void {
  onTestFailed(() => {
    for (const [name, output] of Object.entries(outputs())) console.error(`--- ${name} ---\n${output ?? ''}`);
  });
}

/** The workload's six users and its admin, with every answer they get (the set-up's too) in `observed`. */
export async function observedWorld(
  target: () => string,
  tag: string,
  outboxes?: () => readonly string[],
): Promise<{ world: World; observed: Observed[] }> {
  const observed: Observed[] = [];
  const world = await setUpWorld(target, (o) => observed.push(o), 6, tag, outboxes);
  return { world, observed };
}

/**
 * Once every projection caught up, the ledger invariants over the run's acknowledged commands; answers the
 * refused commands the log holds all the same (none, when the run went right).
 */
export async function refusedInLogOnceCaughtUp(
  pool: Pool,
  store: EventStore,
  world: World,
  result: WorkloadResult,
): Promise<string[]> {
  await waitForProjections(pool, store, PROJECTION_NAMES, 120_000);
  await checkLedgerInvariants({
    pool,
    store,
    userIds: world.users.map((u) => u.id),
    acknowledged: result.acknowledged,
  });
  const inLog = new Set((await readWholeLog(store)).map(businessId));
  return result.refused.filter((id) => inLog.has(id));
}

/** Every projection caught up, the invariants hold, a refused command left nothing in the log. */
export async function expectRunConserved(
  pool: Pool,
  store: EventStore,
  world: World,
  result: WorkloadResult,
): Promise<void> {
  await expectCaughtUpAndConserved({
    pool,
    store,
    userIds: world.users.map((u) => u.id),
    acknowledged: result.acknowledged,
    refused: result.refused,
  });
}
