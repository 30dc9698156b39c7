import { assertNever, type Decider, eventGuard, unknownEvent } from '../shared/decider.ts';
import { ConflictError } from '../shared/errors.ts';
import type { UserId } from '../shared/ids.ts';

/**
 * Uniqueness of e-mail and username is enforced on the write side, not by a read-model index: each value
 * has its own stream and the first registration to append a reservation to it wins. Registration (and a
 * username change) reserves, then writes the user; if it dies in between, the reservation is abandoned and
 * may be taken over once it is old enough and its holder does not use the value (never registered, or
 * never finished the rename).
 *
 * The stream is named `userEmail-<id>` / `userName-<id>`, where the id is a keyed pseudonym of the
 * normalised value, so that no e-mail or username appears in a stream name. The key is configuration, so
 * the app names the stream (app/auth/uniqueStreams.ts); this module defines what makes two values the
 * same (`normaliseUniqueValue`) and the prefixes.
 */
export type UniqueKind = 'email' | 'username';

export const ABANDONED_RESERVATION_MS = 60_000;

export const UNIQUE_STREAM_PREFIX: Record<UniqueKind, 'userEmail' | 'userName'> = {
  email: 'userEmail',
  username: 'userName',
};

/** The one rule of what makes two e-mails (or two usernames) the same: trimmed, lower-cased. */
export function normaliseUniqueValue(value: string): string {
  return value.trim().toLowerCase();
}

export type UniqueValueEvent =
  | {
      type: 'UniqueValueReserved';
      data: { kind: UniqueKind; value: string; userId: UserId; reservedAt: string };
    }
  | {
      type: 'UniqueValueReleased';
      data: {
        kind: UniqueKind;
        value: string;
        userId: UserId;
        releasedAt: string;
        reason: ReleaseReason;
      };
    };

/**
 * registration_failed: the registration that reserved it did not complete. changed: the user took another
 * username (or lost a concurrent rename of their own). abandoned: taken over from a dead reservation.
 * erased: the person was erased (their e-mail and username are free again).
 */
export type ReleaseReason = 'registration_failed' | 'changed' | 'abandoned' | 'erased';

export interface UniqueValueState {
  holder: UserId | null;
  reservedAt: string | null;
}

export type UniqueValueCommand =
  | {
      type: 'ReserveUniqueValue';
      data: {
        kind: UniqueKind;
        value: string;
        userId: UserId;
        /**
         * Whether the current holder (if any) is a registered user whose e-mail or username is this value;
         * looked up by the caller. A holder that does not use it may lose an old reservation.
         */
        holderUsesValue: boolean;
      };
      now: Date;
    }
  | {
      type: 'ReleaseUniqueValue';
      data: { kind: UniqueKind; value: string; userId: UserId; reason: Exclude<ReleaseReason, 'abandoned'> };
      now: Date;
    };

export const TAKEN_MESSAGES: Record<UniqueKind, string> = {
  email: 'Email already registered',
  username: 'Username already taken',
};

/** Every UniqueValueEvent type: the one list the type guard below is built from. */
export const UNIQUE_VALUE_EVENT_TYPES = ['UniqueValueReserved', 'UniqueValueReleased'] as const;
export const isUniqueValueEvent = eventGuard<UniqueValueEvent>()(UNIQUE_VALUE_EVENT_TYPES);

export const uniqueValueDecider: Decider<UniqueValueState, UniqueValueCommand, UniqueValueEvent> = {
  initialState: () => ({ holder: null, reservedAt: null }),
  isEvent: isUniqueValueEvent,
  decide(command, state) {
    const { kind, value, userId } = command.data;
    const at = command.now.toISOString();
    switch (command.type) {
      case 'ReserveUniqueValue': {
        const reserve: UniqueValueEvent = {
          type: 'UniqueValueReserved',
          data: { kind, value, userId, reservedAt: at },
        };
        if (state.holder === null) return [reserve];
        if (state.holder === userId) return [];
        const age = command.now.getTime() - Date.parse(state.reservedAt ?? at);
        if (!command.data.holderUsesValue && age >= ABANDONED_RESERVATION_MS) {
          return [
            {
              type: 'UniqueValueReleased',
              data: { kind, value, userId: state.holder, releasedAt: at, reason: 'abandoned' },
            },
            reserve,
          ];
        }
        throw new ConflictError(TAKEN_MESSAGES[kind], { code: 'value_taken', attribute: kind });
      }
      case 'ReleaseUniqueValue':
        if (state.holder !== userId) return [];
        return [
          {
            type: 'UniqueValueReleased',
            data: { kind, value, userId, releasedAt: at, reason: command.data.reason },
          },
        ];
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'UniqueValueReserved':
        return { holder: event.data.userId, reservedAt: event.data.reservedAt };
      case 'UniqueValueReleased':
        return state.holder === event.data.userId ? { holder: null, reservedAt: null } : state;
      default:
        return unknownEvent(event, state);
    }
  },
};
