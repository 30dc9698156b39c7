import { describe, expect, it } from 'vitest';
import { accountDecider, accountStream } from '../../domain/accounts/account.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import type { EventStore } from '../../infra/eventStore/eventStore.ts';
import { fund } from '../../testing/ledgerApp.ts';
import { setUpAdminClient, setUpTestApp, signedUpClient } from '../../testing/testApp.ts';
import { loadState, StateCache } from './stateCache.ts';

/**
 * Two loads of one stream may race in one process (a transfer's warm-up of its receiver beside a group
 * loading the same account: app/commands/transaction.ts). The one whose read is older must not put its
 * older state back over the newer one.
 */
describe('the state cache under racing loads', () => {
  const t = setUpTestApp();
  const admin = setUpAdminClient(t);

  it('keeps the newer state when an older read finishes last', { timeout: 60_000 }, async () => {
    const bob = await signedUpClient(t);
    await fund(admin, bob.user.id, '1.00');
    const stream = accountStream(bob.user.id as UserId);
    const cache = new StateCache();

    // The slow load: its read is taken now, and handed back only when released.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let readTaken!: () => void;
    const taken = new Promise<void>((resolve) => {
      readTaken = resolve;
    });
    const slowStore: EventStore = Object.create(t.deps.store);
    slowStore.readStream = async (name, options) => {
      const events = await t.deps.store.readStream(name, options);
      readTaken();
      await released;
      return events;
    };
    const slow = loadState({ store: slowStore, cache }, stream, accountDecider);
    await taken;
    const older = (await t.deps.store.readStream(stream)).at(-1)!.revision;

    // Meanwhile the stream moves on, and a quick load caches its newer state.
    await fund(admin, bob.user.id, '2.00');
    const quick = await loadState({ store: t.deps.store, cache }, stream, accountDecider);
    expect(quick.revision).toBeGreaterThan(older);

    release();
    const late = await slow;
    expect(late.revision).toBe(older);
    expect(cache.get(stream)!.revision).toBe(quick.revision);
  });
});
