import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accountDecider, accountStream } from '../../domain/accounts/account.ts';
import { distributionCommand } from '../../domain/accounts/testing.ts';
import { InsufficientFundsError } from '../../domain/shared/errors.ts';
import { newUserId, parseUserId, type UserId } from '../../domain/shared/ids.ts';
import type { PostgresEventStore } from '../../infra/eventStore/postgresEventStore.ts';
import { setUpTestStore } from '../../testing/testStore.ts';
import { handleCommand, StateCache } from './handleCommand.ts';

const minter = parseUserId('admin001');
const someone = parseUserId('someone');
const metadata = () => ({ actorId: null, correlationId: randomUUID(), causationId: null });

const { db, store } = setUpTestStore('cmdgroup');

const mint = (ctx: { store: PostgresEventStore; cache: StateCache }, userId: UserId, units: bigint) =>
  handleCommand(
    ctx,
    accountStream(userId),
    accountDecider,
    distributionCommand(
      { transactionId: randomUUID(), userId, units, description: 'test', mintedBy: minter },
      new Date(),
    ),
    metadata(),
  );

const send = (
  ctx: { store: PostgresEventStore; cache: StateCache },
  from: UserId,
  units: bigint,
  transactionId = randomUUID(),
) =>
  handleCommand(
    ctx,
    accountStream(from),
    accountDecider,
    {
      type: 'TransferTokens',
      data: {
        transactionId,
        fromUserId: from,
        toUserId: someone,
        receiverExists: true,
        receiverSuspended: false,
        fromLabel: from,
        toLabel: 'someone',
        asset: 'SAI',
        units,
        description: '',
        stepUp: 'system',
      },
      now: new Date(),
    },
    metadata(),
    { eventIdSeed: `${transactionId}:sent` },
  );

describe('commands on one stream, grouped', () => {
  it('decides queued commands in order on the state before them, refuses only the overdraft, and shares commits', async () => {
    const ctx = { store, cache: new StateCache() };
    const user = newUserId();
    await mint(ctx, user, 100n * 10n ** 8n);
    // Ten sends of 15 SAI at once against 100 SAI: six fit, four must be refused.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => send(ctx, user, 15n * 10n ** 8n)),
    );
    expect(outcomes.map((o) => o.status)).toEqual([
      ...Array(6).fill('fulfilled'),
      ...Array(4).fill('rejected'),
    ]);
    for (const o of outcomes.slice(6))
      expect((o as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientFundsError);
    const revisions = outcomes
      .slice(0, 6)
      .map((o) => (o as PromiseFulfilledResult<{ revision: bigint }>).value.revision);
    expect(revisions).toEqual([1n, 2n, 3n, 4n, 5n, 6n]);
    const stored = await store.readStream(accountStream(user));
    expect(stored.map((e) => e.type)).toEqual(['TokensMinted', ...Array(6).fill('TokensTransferred')]);
    const { rows } = await db.pool.query<{ commits: number }>(
      `SELECT count(DISTINCT transaction_id)::int AS commits FROM es_events WHERE stream_name = $1 AND stream_revision > 0`,
      [accountStream(user)],
    );
    // The first send goes alone; the rest were waiting for it and go together.
    expect(rows[0]!.commits).toBeLessThanOrEqual(2);
    // Another process (its own cache) sees the same balance and keeps the no-overdraft rule.
    const other = { store, cache: new StateCache() };
    await expect(send(other, user, 11n * 10n ** 8n)).rejects.toBeInstanceOf(InsufficientFundsError);
    expect((await send(other, user, 10n * 10n ** 8n)).revision).toBe(7n);
  });
  it('takes a retried command in a group as already done, without moving money twice', async () => {
    const ctx = { store, cache: new StateCache() };
    const user = newUserId();
    await mint(ctx, user, 100n * 10n ** 8n);
    const retried = randomUUID();
    const first = await send(ctx, user, 5n * 10n ** 8n, retried);
    // A writer this cache does not know about moves the stream; then the retry arrives among new sends.
    await send({ store, cache: new StateCache() }, user, 1n * 10n ** 8n);
    const [again, ...fresh] = await Promise.all([
      send(ctx, user, 5n * 10n ** 8n, retried),
      send(ctx, user, 2n * 10n ** 8n),
      send(ctx, user, 3n * 10n ** 8n),
    ]);
    // The account knows the transaction already: nothing new is appended, and the retry is answered
    // with the debit its first attempt wrote.
    expect(again.events).toEqual(first.events);
    expect(fresh.every((r) => r.events.length === 1)).toBe(true);
    const stored = await store.readStream(accountStream(user));
    const ids = stored.flatMap((e) =>
      e.type === 'TokensTransferred' ? [e.data as { transactionId: string }] : [],
    );
    expect(ids.filter((d) => d.transactionId === retried)).toHaveLength(1);
    expect(stored).toHaveLength(1 + 4);
    expect(first.revision).toBe(1n);
  });
  it('folds past an event type this version does not know, and still keeps the no-overdraft rule', async () => {
    const user = newUserId();
    await mint({ store, cache: new StateCache() }, user, 10n * 10n ** 8n);
    // An event a newer version of the app wrote into the stream.
    await store.append(
      accountStream(user),
      [
        {
          id: randomUUID(),
          type: 'AccountNicknamed',
          data: { userId: user, nickname: 'n' },
          metadata: metadata(),
        },
      ],
      { expectedRevision: 0n },
    );
    const ctx = { store, cache: new StateCache() };
    await expect(send(ctx, user, 11n * 10n ** 8n)).rejects.toBeInstanceOf(InsufficientFundsError);
    const sent = await send(ctx, user, 10n * 10n ** 8n);
    expect(sent.revision).toBe(2n);
    expect(sent.state.balances.SAI).toBe(0n);
  });
});
