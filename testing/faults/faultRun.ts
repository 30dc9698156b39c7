import { onTestFailed } from 'vitest';
import type { EventStore } from '../../infra/eventStore/eventStore.ts';
import { createPool, type Pool } from '../../infra/postgres/pool.ts';
import { allProjections } from '../../projections/index.ts';
import { appStore } from '../appStore.ts';
import { ownStateFile } from '../cluster/cluster.ts';
import { clusterDown } from '../cluster/down.ts';
import { clusterKeys } from '../cluster/product.ts';
import { type ClusterOptions, clusterUp } from '../cluster/up.ts';
import { TEST_DEPOSIT_ADDRESSES } from '../depositAddresses.ts';
import {
  businessId,
  checkLedgerInvariants,
  expectCaughtUpAndConserved,
  waitForProjections,
} from '../ledgerInvariants.ts';
import { startLoadBalancer } from '../loadBalancer.ts';
import { readWholeLog } from '../projections.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  type Observed,
  setUpWorld,
  type WorkloadResult,
  type World,
} from './workload.ts';

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

/**
 * The cluster shape (testing/cluster/) brought up for the workload under its own state file: its admin,
 * deposit addresses, a dead request's key taken over after 2 s; a round-robin balancer over its two APIs;
 * the harness's pool and store on the write endpoint, reading the log as the product does, with the
 * cluster's own keys. `close` ends them and brings the cluster down. `options`: the rest of the shape
 * (e.g. PgBouncer).
 */
export async function clusterForWorkload(tag: string, options: Omit<ClusterOptions, 'admin' | 'env'> = {}) {
  ownStateFile(tag);
  const state = await clusterUp({
    ...options,
    admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    env: { IDEMPOTENCY_LEASE_SECONDS: '2', ...TEST_DEPOSIT_ADDRESSES },
  });
  const balancer = await startLoadBalancer(state.ports.apis);
  const pool = createPool(state.writeUrl, 10);
  const store = appStore(pool, state.writeUrl, clusterKeys(state.root));
  const close = async () => {
    await balancer.close();
    await store.close();
    await pool.end();
    await clusterDown();
  };
  return { state, balancer, pool, store, close };
}
