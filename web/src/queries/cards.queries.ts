import type { ShippingAddress } from '@domain/cards/card.ts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiResult, api } from '../lib/api.ts';
import type { CardTier } from '../lib/constants.ts';
import { keyed, useMoneyCommand } from './refresh.ts';

/**
 * The metal card (`/api/cards`). One per user; the server sets its tier from the balance at the request
 * (after that only the holder's stake changes it) and walks it through pending → verifying → active,
 * frozen (inactive) and shipping. An illegal step answers 409 with
 * a message that says what is wrong.
 */
export type CardStatus = 'pending' | 'verifying' | 'active' | 'inactive' | 'shipping';

/** A card as the API answers it (its shape is the OpenAPI document's); the admin queue's extras below. */
export type Card = Omit<ApiResult<'post', '/api/cards'>, 'username' | 'email'>;

/** A card as the admin queue lists it, with whose it is. */
export interface AdminCard extends Card {
  username?: string | null;
  email?: string | null;
}

export type { ShippingAddress };

export const CARD_STATUSES: readonly CardStatus[] = [
  'pending',
  'verifying',
  'active',
  'inactive',
  'shipping',
];

export const cardKeys = {
  all: ['cards'] as const,
  ofUser: (userId: string) => [...cardKeys.all, 'user', userId] as const,
  queue: (status: CardStatus | 'all') => [...cardKeys.all, 'queue', status] as const,
};

/** The user's card, or null when they have none (the API answers 200 `null`: no card is not an error). */
export function userCardQuery(userId: string) {
  return queryOptions({
    queryKey: cardKeys.ofUser(userId),
    queryFn: ({ signal }): Promise<Card | null> =>
      api.get('/api/cards/user/{userId}', { path: { userId }, signal }) satisfies Promise<Card | null>,
    staleTime: 30_000,
  });
}

export function adminCardsQuery(status: CardStatus | 'all') {
  return queryOptions({
    queryKey: cardKeys.queue(status),
    queryFn: ({ signal }) =>
      api.get('/api/admin/cards', {
        query: status === 'all' ? {} : { status },
        signal,
      }) satisfies Promise<AdminCard[]>,
    staleTime: 10_000,
  });
}

/** The card as a command left it, in place of the cached one (when the user's card is cached at all). */
function showCard(queryClient: ReturnType<typeof useQueryClient>, card: Card) {
  if (queryClient.getQueryData(cardKeys.ofUser(card.userId)) !== undefined)
    queryClient.setQueryData(cardKeys.ofUser(card.userId), card);
}

/**
 * After any card command, the user's card and the admin queue may have changed, and so may notifications.
 * A command answers with the card as it left it, which is shown at once while the lists refetch.
 */
function useRefreshCards() {
  const queryClient = useQueryClient();
  return {
    onSuccess: (card: Card) => showCard(queryClient, card),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cardKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['notifications'] }),
      ]),
  };
}

/** Request the card; with no address when the deposit comes first (docs/product-rules.md spec 2, "Deposit Required"). */
export function useRequestCardMutation() {
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: (address: ShippingAddress | null) =>
      api.post('/api/cards', { body: address ?? {} }) satisfies Promise<Card>,
    ...refresh,
  });
}

export function useSetShippingAddressMutation() {
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: ({ cardId, address }: { cardId: string; address: ShippingAddress }) =>
      api.patch('/api/cards/{id}/shipping', { path: { id: cardId }, body: address }) satisfies Promise<Card>,
    ...refresh,
  });
}

/** Freeze (`frozen: true`) or unfreeze the card (docs/product-rules.md rule 14: real commands). */
export function useFreezeCardMutation() {
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: ({ cardId, frozen }: { cardId: string; frozen: boolean }) =>
      (frozen
        ? api.post('/api/cards/{id}/freeze', { path: { id: cardId } })
        : api.post('/api/cards/{id}/unfreeze', { path: { id: cardId } })) satisfies Promise<Card>,
    ...refresh,
  });
}

export function useChangePinMutation() {
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: ({ cardId, pin, confirmPin }: { cardId: string; pin: string; confirmPin: string }) =>
      api.post('/api/cards/{id}/pin', {
        path: { id: cardId },
        body: { pin, confirmPin },
      }) satisfies Promise<Card>,
    ...refresh,
  });
}

/**
 * The holder upgrades their card to `tier` (docs/product-rules.md rule 30) by staking its amount: SAI moves
 * into holds:SAI, so every ledger view is asked again. Naming the tier makes a retry harmless: the server
 * answers the card as it is when it already has it.
 */
export function useUpgradeCardMutation() {
  const refresh = useRefreshCards();
  return useMoneyCommand(
    ({ cardId, tier }: { cardId: string; tier: CardTier }) =>
      api.post('/api/cards/{id}/upgrade', { path: { id: cardId }, body: { tier } }) satisfies Promise<Card>,
    refresh.onSuccess,
  );
}

/** The holder's card stake (docs/product-rules.md rule 30): SAI held for the card, the tier it backs. */
export interface CardStake {
  staked: string;
  tier: CardTier;
  /** What the holder may still spend. */
  available: string;
}

export function cardStakeQuery(userId: string) {
  return queryOptions({
    queryKey: [...cardKeys.all, 'stake', userId] as const,
    queryFn: ({ signal }) => api.get('/api/cards/stake', { signal }) satisfies Promise<CardStake>,
    staleTime: 30_000,
  });
}

export interface StakeInput {
  cardId: string;
  tier: CardTier;
  idempotencyKey: string;
}

/**
 * Sets the card's stake to `tier`'s amount, with an Idempotency-Key (one outcome forever: send it through
 * useIdempotentCommand). Money moves into or out of holds:SAI, so every ledger view is asked again.
 */
export function useStakeCardMutation() {
  const queryClient = useQueryClient();
  return useMoneyCommand(
    ({ cardId, tier, idempotencyKey }: StakeInput) =>
      api.post('/api/cards/{id}/stake', {
        path: { id: cardId },
        body: { tier },
        headers: keyed(idempotencyKey),
      }) satisfies Promise<CardStake & { card: Card }>,
    (answer) => showCard(queryClient, answer.card),
  );
}

/** Admin: ship an active card that has an address. */
export function useShipCardMutation() {
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: ({
      cardId,
      trackingNumber,
      estimatedDelivery,
    }: {
      cardId: string;
      trackingNumber: string;
      estimatedDelivery: string;
    }) =>
      api.patch('/api/admin/cards/{id}/ship', {
        path: { id: cardId },
        body: { trackingNumber, estimatedDelivery },
      }) satisfies Promise<Card>,
    ...refresh,
  });
}

export function useDeliverCardMutation() {
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: (cardId: string) =>
      api.patch('/api/admin/cards/{id}/deliver', { path: { id: cardId } }) satisfies Promise<Card>,
    ...refresh,
  });
}
