import { QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { authKeys } from './auth.queries.ts';
import { cardKeys } from './cards.queries.ts';
import { cryptoKeys } from './crypto.queries.ts';
import { notificationKeys } from './notifications.queries.ts';
import { paymentKeys } from './payments.queries.ts';
import { portfolioQuery } from './portfolio.queries.ts';
import { refreshAfterMoneyCommand } from './refresh.ts';
import { transactionKeys } from './transactions.queries.ts';
import { adminKeys, userKeys } from './users.queries.ts';

describe('refreshAfterMoneyCommand', () => {
  test('marks every view built from the ledger stale, and nothing else', async () => {
    const client = new QueryClient();
    const touched = [
      authKeys.currentUser(),
      transactionKeys.recent(),
      transactionKeys.history({ type: 'transfer' }),
      notificationKeys.unreadCount(),
      notificationKeys.list(),
      paymentKeys.ofUser('abc1234'),
      paymentKeys.pending(),
      adminKeys.stats(),
      adminKeys.users({ limit: 100 }),
      cardKeys.ofUser('abc1234'),
      cardKeys.queue('all'),
      cryptoKeys.balances(),
      cryptoKeys.deposits(),
      cryptoKeys.withdrawals(),
      cryptoKeys.depositQueue(),
      cryptoKeys.withdrawalQueue(),
      portfolioQuery.queryKey,
    ];
    const untouched = [
      userKeys.recipient('bob@example.com'),
      ['config', 'public'],
      cryptoKeys.prices(),
      cryptoKeys.networks(),
    ];
    for (const key of [...touched, ...untouched]) client.setQueryData(key, { seeded: true });

    await refreshAfterMoneyCommand(client);

    for (const key of touched)
      expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    for (const key of untouched)
      expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(false);
  });
});
