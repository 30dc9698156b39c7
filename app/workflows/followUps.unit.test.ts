import { describe, expect, it } from 'vitest';
import { cardDecider, cardStream } from '../../domain/cards/card.ts';
import { paymentDecider, paymentStream } from '../../domain/payments/payment.ts';
import { quotePurchase } from '../../domain/payments/purchaseQuote.ts';
import { feeSettingsDecider } from '../../domain/settings/feeSettings.ts';
import { parseUserId } from '../../domain/shared/ids.ts';
import { userStream } from '../../domain/users/user.ts';
import { comparePositions, type LogPosition } from '../../infra/eventStore/eventStore.ts';
import { InMemoryEventStore } from '../../infra/eventStore/inMemoryEventStore.ts';
import { handlesType } from '../../projections/projection.ts';
import { cardCommand, cardIdFor, saiBalanceUnits } from '../cards/cards.service.ts';
import type { CommandContext } from '../commands/context.ts';
import { handleCommand, loadState } from '../commands/handleCommand.ts';
import { StateCache } from '../commands/stateCache.ts';
import { ledgerFollowUps } from './followUps.ts';

const user = parseUserId('user0001');
const admin = parseUserId('admin001');
const metadata = { actorId: null, correlationId: 'c-1', causationId: null };

/** The follow-ups over an in-memory log, with no database: run batch after batch until the log is quiet. */
function setUp() {
  const ctx: CommandContext = {
    store: new InMemoryEventStore(),
    cache: new StateCache(),
    // No step these tests reach touches Postgres (no credit grace); if one did, it would fail loudly.
    pool: null as unknown as CommandContext['pool'],
    now: () => new Date('2026-11-27T10:00:00.000Z'),
  };
  const manager = ledgerFollowUps(ctx, { creditGraceMs: 0 });
  const register = (userId: typeof user) =>
    ctx.store.append(
      userStream(userId),
      [
        {
          id: `00000000-0000-4000-8000-0000000000${userId === user ? '01' : '02'}`,
          type: 'UserRegistered',
          data: {
            userId,
            email: `${userId}@example.com`,
            username: userId,
            firstName: 'Card',
            lastName: 'Holder',
            bio: '',
            profileImageUrl: '',
            isAdmin: userId === admin,
            registeredAt: ctx.now().toISOString(),
          },
          metadata,
        },
      ],
      { expectedRevision: 'no_stream' },
    );
  let checkpoint: LogPosition | null = null;
  const settle = async () => {
    for (;;) {
      const batch = (await ctx.store.readAll({ after: checkpoint, limit: 100 })).filter(
        (event) => comparePositions(event.position, checkpoint) > 0,
      );
      if (batch.length === 0) return;
      const handled = batch.filter((event) => handlesType(manager, event.type));
      if (handled.length > 0) await manager.applyBatch!(handled, null as never);
      checkpoint = batch.at(-1)!.position;
    }
  };
  return { ctx, settle, register };
}

describe('ledger follow-ups and the card', () => {
  it('activate a Ruby Steel card on an approved payment and keep its own tier, however high the balance', async () => {
    const { ctx, settle, register } = setUp();
    await register(user);
    await register(admin);
    const cardId = cardIdFor(user);
    // Requested at a 300 SAI balance: Ruby Steel.
    await cardCommand(
      ctx,
      user,
      {
        type: 'RequestCard',
        data: { cardId, userId: user, balanceUnits: 30_000n, address: null },
        now: ctx.now(),
      },
      metadata,
    );
    const paymentId = '5b0e1f5c-3c1e-4c55-9a43-8f0d0c2f7a10';
    await handleCommand(
      ctx,
      paymentStream(paymentId),
      paymentDecider,
      {
        type: 'SubmitPaymentProof',
        data: {
          paymentId,
          userId: user,
          paymentMethod: 'USDT',
          units: 60_000n,
          notes: '',
          proofImageUrl: '',
          quote: quotePurchase({
            units: 60_000n,
            currency: 'USDT',
            stakedUnits: 25_000n,
            rates: feeSettingsDecider.initialState(),
            prices: { token: '2.50', currencies: { USDT: '1.00' } },
          }),
        },
        now: ctx.now(),
      },
      metadata,
    );
    await settle();
    await handleCommand(
      ctx,
      paymentStream(paymentId),
      paymentDecider,
      { type: 'ApprovePayment', data: { paymentId, adminId: admin, ownerSuspended: false }, now: ctx.now() },
      metadata,
    );
    await settle();

    // The approval minted 600 SAI (a Black balance) and activated the card: still Ruby Steel.
    expect(await saiBalanceUnits(ctx, user)).toBe(60_000n);
    const { state } = await loadState(ctx, cardStream(cardId), cardDecider);
    expect(state).toMatchObject({ status: 'active', tier: 'ruby' });
  });
});
