import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * After a command that moves money or changes a payment, every view built from the ledger may have
 * changed: the balance, histories, notifications, payments, cards, crypto balances and the admin figures. Read models lag the
 * log by a few milliseconds; the API holds reads until the caller's own write is projected.
 *
 * Keys are listed by their first segment so this module imports no query file (they all import it).
 */
const LEDGER_VIEWS = [
  ['auth', 'user'],
  ['transactions'],
  ['notifications'],
  ['payments'],
  ['admin'],
  // A proof moves the card to verifying, an approval activates it, a balance crossing a tier upgrades it.
  ['cards'],
  // Crypto balances and queues; not the prices or the network list, which no command changes.
  ['crypto', 'balances'],
  ['crypto', 'deposits'],
  ['crypto', 'withdrawals'],
  ['crypto', 'admin'],
  // The portfolio total values every balance.
  ['portfolio'],
] as const;

export async function refreshAfterMoneyCommand(queryClient: QueryClient): Promise<void> {
  await Promise.all(LEDGER_VIEWS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * A money command's mutation: refused or not, every ledger view is asked again once it settles; `onSuccess`
 * may show the answer at once meanwhile.
 */
export function useMoneyCommand<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  onSuccess?: (answer: TData) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess, onSettled: () => refreshAfterMoneyCommand(queryClient) });
}

/** The header that makes a command's retry replay its first outcome (lib/idempotency.ts). */
export function keyed(idempotencyKey: string) {
  return { 'Idempotency-Key': idempotencyKey };
}
