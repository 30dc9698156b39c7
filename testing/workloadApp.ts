import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { ensureAdmin } from '../app/bootstrap/accounts.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, runWorkload, setUpWorld, type World } from './faults/workload.ts';
import { Random } from './random.ts';
import type { TestApp } from './testApp.ts';

/**
 * A test app served over HTTP with the money workload run against it once (testing/faults/workload.ts):
 * transfers, deposit proofs approved and rejected, ETH deposits, withdrawals completed and failed and
 * distributions, by `users` registered users. What the projection tests build their logs from.
 */
export async function servedWithWorkload(
  t: TestApp,
  options: { users: number; tag: string; seed: number },
): Promise<{ world: World; close(): void }> {
  await ensureAdmin(t.deps, ADMIN_EMAIL, ADMIN_PASSWORD, { resetPassword: true });
  const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const world = await setUpWorld(
    () => base,
    () => {},
    options.users,
    options.tag,
  );
  const result = await runWorkload(world, new Random(options.seed), { lanes: 3, opsPerLane: 25 });
  if (result.unexpected.length > 0) {
    server.close();
    throw new Error(`the workload got answers it should not have: ${result.unexpected.join('; ')}`);
  }
  return { world, close: () => server.close() };
}
