import { randomBytes } from 'node:crypto';
import type { RecordedEvent } from '../../../infra/eventStore/eventStore.ts';
import type { KeyRing } from '../keyRing.ts';
import { fieldContext, PERSONAL_FIELDS } from '../personalFields.ts';
import { isSealedValue, seal } from '../sealing.ts';

/**
 * A person erased before the log was upgraded (the new code ran on the old log) has no key any more, so
 * their fields still in clear cannot be sealed for them, and must not stay: erasure promised they are
 * gone. Each such field is sealed, as an empty value, under a key made for the occasion and dropped at
 * once. The envelope names the erased person, so every reader finds their key destroyed and shows the
 * placeholder ("Erased user", or empty), exactly as for what was sealed before the erasure; the clear
 * text is not kept anywhere, not even encrypted.
 */
export async function shredErasedFields(ring: KeyRing, event: RecordedEvent): Promise<RecordedEvent> {
  const personal = PERSONAL_FIELDS[event.type];
  if (!personal) return event;
  const data = event.data as Record<string, unknown>;
  let shredded: Record<string, unknown> | null = null;
  for (const { field, subject } of personal) {
    const value = data[field];
    if (value === undefined || value === null || value === '' || isSealedValue(value)) continue;
    const subjectId = subject(data, (email) => ring.contactSubject(email));
    const key = (await ring.forOpening([subjectId])).get(subjectId);
    if (key !== 'erased') continue;
    const throwaway = { subjectId, key: randomBytes(32) };
    shredded ??= { ...data };
    shredded[field] = seal(throwaway, '', fieldContext(event.type, field, event.id));
    throwaway.key.fill(0);
  }
  return shredded ? { ...event, data: shredded } : event;
}
