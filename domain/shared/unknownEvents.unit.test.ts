import { describe, expect, it } from 'vitest';
import { accountDecider } from '../accounts/account.ts';
import { cardDecider } from '../cards/card.ts';
import { contactMessageDecider } from '../contact/contactMessage.ts';
import { cryptoDepositDecider } from '../crypto/cryptoDeposit.ts';
import { depositTxDecider } from '../crypto/depositTx.ts';
import { withdrawalDecider } from '../crypto/withdrawal.ts';
import { distributionDecider } from '../ledger/distribution.ts';
import { notificationReadsDecider } from '../notifications/notificationReads.ts';
import { paymentDecider } from '../payments/payment.ts';
import { feeSettingsDecider } from '../settings/feeSettings.ts';
import { marketSettingsDecider } from '../settings/marketSettings.ts';
import { mailSentDecider } from '../users/mailSent.ts';
import { passkeysDecider } from '../users/passkeys.ts';
import { signInDecider } from '../users/signIns.ts';
import { uniqueValueDecider } from '../users/uniqueValue.ts';
import { userDecider } from '../users/user.ts';
import type { Decider, DomainEvent } from './decider.ts';

// A stream may hold an event type written by a newer version of the app: an older reader must fold past it.
const deciders: Record<string, Decider<unknown, never, DomainEvent>> = {
  account: accountDecider as never,
  card: cardDecider as never,
  contactMessage: contactMessageDecider as never,
  cryptoDeposit: cryptoDepositDecider as never,
  depositTx: depositTxDecider as never,
  withdrawal: withdrawalDecider as never,
  distribution: distributionDecider as never,
  notificationReads: notificationReadsDecider as never,
  payment: paymentDecider as never,
  marketSettings: marketSettingsDecider as never,
  feeSettings: feeSettingsDecider as never,
  signIn: signInDecider as never,
  mailSent: mailSentDecider as never,
  passkeys: passkeysDecider as never,
  uniqueValue: uniqueValueDecider as never,
  user: userDecider as never,
};
const at = '2026-11-23T10:00:00.000Z';
/** A first event where a stream's fold ignores everything until its creation event. */
const given: Record<string, DomainEvent[]> = {
  account: [
    {
      type: 'TokensMinted',
      data: {
        transactionId: 't1',
        userId: 'alice001',
        asset: 'SAI',
        amount: '5',
        source: 'distribution',
        paymentId: null,
        description: 'Welcome',
        mintedBy: 'admin001',
        mintedAt: at,
      },
    },
  ],
  card: [
    {
      type: 'CardRequested',
      data: { cardId: 'c1', userId: 'alice001', tier: 'gold', address: null, requestedAt: at },
    },
  ],
  user: [
    {
      type: 'UserRegistered',
      data: {
        userId: 'alice001',
        email: 'alice@example.com',
        username: 'alice',
        firstName: 'Alice',
        lastName: 'A',
        bio: '',
        profileImageUrl: '',
        isAdmin: false,
        registeredAt: at,
      },
    },
  ],
};
const stranger: DomainEvent = { type: 'WrittenByANewerVersion', data: { userId: 'alice001', amount: '1' } };

describe.each(Object.entries(deciders))('%s decider and an unknown event type', (name, decider) => {
  it('evolve leaves the state unchanged', () => {
    const state = (given[name] ?? []).reduce(decider.evolve, decider.initialState());
    expect(state).not.toEqual(given[name] ? decider.initialState() : undefined);
    const before = structuredClone(state);
    expect(decider.evolve(state, stranger)).toEqual(before);
  });

  it('the type guard refuses it', () => {
    expect(decider.isEvent(stranger)).toBe(false);
  });
});

describe('event type guards', () => {
  it('accept their own types', () => {
    expect(accountDecider.isEvent({ type: 'TokensMinted', data: {} })).toBe(true);
    expect(userDecider.isEvent({ type: 'UserReactivated', data: {} })).toBe(true);
    expect(cardDecider.isEvent({ type: 'CardTierUpgraded', data: {} })).toBe(true);
    expect(paymentDecider.isEvent({ type: 'PaymentRejected', data: {} })).toBe(true);
  });

  it('refuse another stream type', () => {
    expect(accountDecider.isEvent({ type: 'PaymentApproved', data: {} })).toBe(false);
    expect(paymentDecider.isEvent({ type: 'TokensMinted', data: {} })).toBe(false);
  });
});
