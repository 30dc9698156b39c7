import type { KeyRing } from './keyRing.ts';
import { erasedValue, fieldContext, PERSONAL_FIELDS } from './personalFields.ts';
import { isSealedValue, open, SealedValueError, seal } from './sealing.ts';

/**
 * Sealing and opening the personal fields of events (personalFields.ts) with their subjects' data keys.
 * Events are written sealed (sealingStore.ts) and opened when read, so deciders and projections see
 * plaintext, or the erased placeholders once a person's key is destroyed. A sealed field is its envelope
 * object (sealing.ts) in place of the value: no plaintext field of these types is ever such an object
 * (they are strings, or a shipping address with its own keys), so an event written before sealing
 * existed reads as it is, field by field.
 *
 * Empty and null values are not sealed: there is nothing personal in them, and a transfer without a
 * description (most of them) then pays nothing on the hot path.
 */

interface EventLike {
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
}

/** The event with its personal fields sealed (already sealed ones untouched); the same object if none. */
export async function sealEvent<E extends EventLike>(ring: KeyRing, event: E): Promise<E> {
  const personal = PERSONAL_FIELDS[event.type];
  if (!personal) return event;
  const data = event.data as Record<string, unknown>;
  let sealed: Record<string, unknown> | null = null;
  for (const { field, subject } of personal) {
    const value = data[field];
    if (value === undefined || value === null || value === '' || isSealedValue(value)) continue;
    const plaintext = typeof value === 'string' ? value : JSON.stringify(value);
    const key = await ring.forSealing(subject(data, (email) => ring.contactSubject(email)));
    sealed ??= { ...data };
    sealed[field] = seal(key, plaintext, fieldContext(event.type, field, event.id));
  }
  return sealed ? { ...event, data: sealed } : event;
}

export async function sealEvents<E extends EventLike>(ring: KeyRing, events: readonly E[]): Promise<E[]> {
  const out: E[] = [];
  for (const event of events) out.push(await sealEvent(ring, event));
  return out;
}

/**
 * The events with every sealed field opened: its plaintext, or its placeholder (personalFields.ts) when
 * its subject was erased. Events without a sealed field come back as the same objects. The keys of a
 * batch are fetched at once. A value that does not open (tampered, or sealed under a key this system never
 * made) throws: that is corruption, never taken for an erasure.
 */
export async function openEvents<E extends EventLike>(ring: KeyRing, events: readonly E[]): Promise<E[]> {
  const subjects = new Set<string>();
  let any = false;
  for (const event of events) {
    const personal = PERSONAL_FIELDS[event.type];
    if (!personal) continue;
    const data = event.data as Record<string, unknown>;
    for (const { field } of personal) {
      const value = data[field];
      if (isSealedValue(value)) {
        subjects.add(value.s);
        any = true;
      }
    }
  }
  if (!any) return events as E[];
  const keys = await ring.forOpening(subjects);
  return events.map((event) => {
    const personal = PERSONAL_FIELDS[event.type];
    if (!personal) return event;
    const data = event.data as Record<string, unknown>;
    let opened: Record<string, unknown> | null = null;
    for (const { field, erasedAs } of personal) {
      const value = data[field];
      if (!isSealedValue(value)) continue;
      const key = keys.get(value.s);
      if (key === undefined) {
        throw new SealedValueError(
          `${event.type} ${event.id}: ${field} is sealed under a key this system never made`,
        );
      }
      const result = open(key, value, fieldContext(event.type, field, event.id));
      opened ??= { ...data };
      if (!result.ok) opened[field] = erasedValue(erasedAs);
      else opened[field] = erasedAs === 'json' ? JSON.parse(result.value) : result.value;
    }
    return opened ? { ...event, data: opened } : event;
  });
}
