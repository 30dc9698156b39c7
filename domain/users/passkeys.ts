import { assertNever, type Decider, eventGuard } from '../shared/decider.ts';
import { ConflictError, NotFoundError } from '../shared/errors.ts';
import type { UserId } from '../shared/ids.ts';

/**
 * A user's passkeys as facts of the log: that one was added or removed, by its public id, for the audit
 * trail and notifications. Key material, credential ids and names stay in the `passkeys` table
 * (app/auth/passkeys.table.ts), like a password hash. Their own stream, `userPasskeys-<userId>`, so loading a
 * user does not replay them.
 */
export const userPasskeysStream = (userId: UserId) => `userPasskeys-${userId}`;

/**
 * What the holder is told (the notifications read model), so that a passkey they did not add is noticed.
 * Plain text without quotes: the rebuild's SQL holds them as literals.
 */
export const PASSKEY_ADDED =
  'A passkey was added to your account. If this was not you, remove it under Profile, Security, and change your password.';
export const PASSKEY_REMOVED =
  'A passkey was removed from your account. If this was not you, change your password.';

/** How many passkeys one account may hold. */
export const MAX_PASSKEYS = 10;

export type PasskeyEvent =
  | { type: 'PasskeyAdded'; data: { userId: UserId; passkeyId: string; addedAt: string } }
  | { type: 'PasskeyRemoved'; data: { userId: UserId; passkeyId: string; removedAt: string } };

export type PasskeyCommand =
  | { type: 'AddPasskey'; data: { userId: UserId; passkeyId: string }; now: Date }
  | { type: 'RemovePasskey'; data: { userId: UserId; passkeyId: string }; now: Date };

export interface PasskeysState {
  /** Public ids of the passkeys held now. */
  passkeyIds: readonly string[];
}

/** Every PasskeyEvent type: the one list the type guard below is built from. */
export const PASSKEY_EVENT_TYPES = ['PasskeyAdded', 'PasskeyRemoved'] as const;
export const isPasskeyEvent = eventGuard<PasskeyEvent>()(PASSKEY_EVENT_TYPES);

export const passkeysDecider: Decider<PasskeysState, PasskeyCommand, PasskeyEvent> = {
  initialState: () => ({ passkeyIds: [] }),
  isEvent: isPasskeyEvent,
  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'AddPasskey':
        if (state.passkeyIds.includes(command.data.passkeyId)) return [];
        if (state.passkeyIds.length >= MAX_PASSKEYS) {
          throw new ConflictError(`You can have at most ${MAX_PASSKEYS} passkeys. Remove one first.`);
        }
        return [{ type: 'PasskeyAdded', data: { ...command.data, addedAt: at } }];
      case 'RemovePasskey':
        if (!state.passkeyIds.includes(command.data.passkeyId)) throw new NotFoundError('Passkey not found');
        return [{ type: 'PasskeyRemoved', data: { ...command.data, removedAt: at } }];
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    if (!isPasskeyEvent(event)) return state;
    switch (event.type) {
      case 'PasskeyAdded':
        return { passkeyIds: [...state.passkeyIds, event.data.passkeyId] };
      case 'PasskeyRemoved':
        return { passkeyIds: state.passkeyIds.filter((id) => id !== event.data.passkeyId) };
      default:
        return state;
    }
  },
};
