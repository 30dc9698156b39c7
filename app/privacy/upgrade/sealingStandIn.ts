// TEMPORARY stand-in for app/privacy/sealedEvents.ts, keyRing.ts and personalFields.ts (the lead's, not
// merged yet): the same signatures, so the upgrade is built and tested against them. Deleted at the merge.
import { type PersonalDataKeys, PersonErasedError } from '../personalDataKeys.ts';
import { pseudonym } from '../pseudonyms.ts';
import type { SealedValue } from '../sealing.ts';

export class KeyRing {
  constructor(
    readonly keys: PersonalDataKeys,
    readonly pseudonymKey: Buffer,
  ) {}
}

interface EventLike {
  id: string;
  type: string;
  data: unknown;
  metadata?: unknown;
}

type Subject = (data: Record<string, unknown>, ring: KeyRing) => string | null;
const user: Subject = (d) => (typeof d.userId === 'string' ? `user-${d.userId}` : null);
const from: Subject = (d) => `user-${d.fromUserId}`;
const to: Subject = (d) => `user-${d.toUserId}`;
const contact: Subject = (d, ring) =>
  typeof d.userId === 'string'
    ? `user-${d.userId}`
    : `contact-${pseudonym(ring.pseudonymKey, 'email', String(d.email).trim().toLowerCase())}`;

const FIELDS: Record<string, Record<string, Subject>> = {
  UserRegistered: {
    email: user,
    username: user,
    firstName: user,
    lastName: user,
    bio: user,
    profileImageUrl: user,
  },
  UserProfileUpdated: { firstName: user, lastName: user, username: user, bio: user, profileImageUrl: user },
  UniqueValueReserved: { value: user },
  UniqueValueReleased: { value: user },
  TokensTransferred: { description: from, fromLabel: from, toLabel: to },
  TokensMinted: { description: user },
  WithdrawalHoldPlaced: { notes: user },
  CryptoDepositRejected: { reason: user },
  WithdrawalRequested: { notes: user },
  WithdrawalFailed: { reason: user },
  CardRequested: { address: user },
  CardShippingAddressSet: { address: user },
  CardShipped: { trackingNumber: user },
  PaymentProofSubmitted: { notes: user, proofImageUrl: user },
  PaymentRejected: { reason: user },
  ContactMessageReceived: { fullName: contact, email: contact, subject: contact, message: contact },
};

function isSealed(value: unknown): value is SealedValue {
  return typeof value === 'object' && value !== null && 'ct' in value && 'tag' in value && 's' in value;
}

export async function sealEvent<E extends EventLike>(ring: KeyRing, event: E): Promise<E> {
  const fields = FIELDS[event.type];
  if (!fields) return event;
  const data = { ...(event.data as Record<string, unknown>) };
  for (const [field, subjectOf] of Object.entries(fields)) {
    const value = data[field];
    if (value === undefined || value === null || isSealed(value)) continue;
    const subject = subjectOf(event.data as Record<string, unknown>, ring);
    if (subject === null) continue;
    data[field] = await ring.keys.seal(subject, JSON.stringify(value), `${event.type}.${field}:${event.id}`);
  }
  return { ...event, data };
}

export async function openEvents<E extends EventLike>(ring: KeyRing, events: E[]): Promise<E[]> {
  const opened: E[] = [];
  for (const event of events) {
    const fields = FIELDS[event.type];
    if (!fields) {
      opened.push(event);
      continue;
    }
    const data = { ...(event.data as Record<string, unknown>) };
    for (const field of Object.keys(fields)) {
      const value = data[field];
      if (!isSealed(value)) continue;
      const result = await ring.keys.open(value, `${event.type}.${field}:${event.id}`);
      if (!result.ok) throw new PersonErasedError(value.s);
      data[field] = JSON.parse(result.value);
    }
    opened.push({ ...event, data });
  }
  return opened;
}
