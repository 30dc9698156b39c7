import type { UniqueKind } from '../../../domain/users/uniqueValue.ts';
import type { RecordedEvent } from '../../../infra/eventStore/eventStore.ts';
import { legacyUniqueStream as legacyNameOf, uniqueStream } from '../../auth/uniqueStreams.ts';

/**
 * The uniqueness streams a log written before crypto-shredding holds: `userEmail-<e-mail>` and
 * `userName-<username>`, the value in clear (trimmed, lower-cased), and their pseudonymous names.
 *
 * A stream is taken for a legacy one on its content, never on the look of its name: every event is a
 * uniqueness event of one kind and value, and the name is exactly the clear name of that value. Pass the
 * events opened (sealedEvents.ts): the new code, which still honours legacy names until the upgrade, may
 * have appended a release there with its value sealed. A stream the new code named is never taken for one:
 * its name is a pseudonym (64 hex digits), never the clear name of its value (an e-mail has an `@`, a
 * username is at most 32 characters), so the upgrade cannot rename a stream twice.
 */
export interface LegacyUniqueStream {
  kind: UniqueKind;
  /** The value in clear, as the events hold it. */
  value: string;
}

const UNIQUE_TYPES = new Set(['UniqueValueReserved', 'UniqueValueReleased']);

/** The name an earlier version gave the value's stream: the value in clear, trimmed and lower-cased. */
export function legacyStreamName(kind: UniqueKind, value: string): string {
  return legacyNameOf(kind, value);
}

export function legacyUniqueStream(streamName: string, events: RecordedEvent[]): LegacyUniqueStream | null {
  const first = events[0];
  if (!first || !UNIQUE_TYPES.has(first.type)) return null;
  const { kind, value } = first.data as { kind?: unknown; value?: unknown };
  if ((kind !== 'email' && kind !== 'username') || typeof value !== 'string' || value.trim() === '')
    return null;
  if (streamName !== legacyStreamName(kind, value)) return null;
  for (const event of events) {
    const data = event.data as { kind?: unknown; value?: unknown };
    if (!UNIQUE_TYPES.has(event.type) || data.kind !== kind || data.value !== value) {
      throw new Error(
        `stream ${streamName} is named after a value in clear but its event ${event.id} (revision ` +
          `${event.revision}) is not a uniqueness event of that value: nothing changed, look at it first`,
      );
    }
  }
  return { kind, value };
}

/**
 * The name the app gives the value's uniqueness stream today (app/auth/uniqueStreams.ts): the prefix, then
 * the HMAC of the value normalised as uniqueness defines it (trimmed, lower-cased).
 */
export function pseudonymousStreamName(pseudonymKey: Buffer, kind: UniqueKind, value: string): string {
  return uniqueStream(pseudonymKey, kind, value);
}
