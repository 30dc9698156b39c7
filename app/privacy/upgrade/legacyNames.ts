import { type UniqueKind, uniqueValueStream } from '../../../domain/users/uniqueValue.ts';
import type { RecordedEvent } from '../../../infra/eventStore/eventStore.ts';
import { pseudonym } from '../pseudonyms.ts';

/**
 * The uniqueness streams a log written before crypto-shredding holds: `userEmail-<e-mail>` and
 * `userName-<username>`, the value in clear (trimmed, lower-cased), and their pseudonymous names.
 *
 * A stream is taken for a legacy one only on its content, never on the look of its name: every event is a
 * uniqueness event holding its value in clear (a string, not a sealed envelope), of one kind and value, and
 * the name is exactly the clear name of that value. A stream the new code wrote (its value sealed, its name
 * a pseudonym) never matches, so the upgrade cannot rename a stream twice, whatever its name looks like.
 */
export interface LegacyUniqueStream {
  kind: UniqueKind;
  /** The value in clear, as the events hold it. */
  value: string;
}

const UNIQUE_TYPES = new Set(['UniqueValueReserved', 'UniqueValueReleased']);

export function legacyUniqueStream(streamName: string, events: RecordedEvent[]): LegacyUniqueStream | null {
  const first = events[0];
  if (!first || !UNIQUE_TYPES.has(first.type)) return null;
  const { kind, value } = first.data as { kind?: unknown; value?: unknown };
  if ((kind !== 'email' && kind !== 'username') || typeof value !== 'string' || value.trim() === '')
    return null;
  if (streamName !== uniqueValueStream(kind, value)) return null;
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
 * The name the app gives the value's uniqueness stream once names are pseudonymous: the same prefix, then
 * the HMAC of the value normalised as uniqueness defines it (trimmed, lower-cased).
 */
export function pseudonymousStreamName(pseudonymKey: Buffer, kind: UniqueKind, value: string): string {
  const prefix = uniqueValueStream(kind, 'x').slice(0, -1);
  return `${prefix}${pseudonym(pseudonymKey, kind, value.trim().toLowerCase())}`;
}
