import { ERASED_USERNAME } from '../../domain/users/user.ts';

/**
 * Which fields of which events are personal data and are sealed in the log (crypto-shredding,
 * docs/decisions/0014-crypto-shredding.md; the inventory with the reasons:
 * docs/architecture/personal-data.md). Each field names whose data key seals it (its subject) and what a
 * reader gets once that key is destroyed. A field not listed here is kept in clear: ids, amounts, assets, times, statuses,
 * on-chain hashes and withdrawal destination addresses (the financial record). Adding an event type with
 * something a person typed, or a name, means adding it here (personalFields.unit.test.ts lists every type
 * the domain has, so a new type must be classified).
 */

/** What a reader sees of a sealed field once its subject is erased. */
export type ErasedAs = 'name' | 'text' | 'json';

/** Shown where an erased person's name was (their username, a transfer's label): the domain's one name. */
export const ERASED_USER_LABEL = ERASED_USERNAME;

export function erasedValue(erasedAs: ErasedAs): string | null {
  return erasedAs === 'name' ? ERASED_USER_LABEL : erasedAs === 'text' ? '' : null;
}

type Data = Readonly<Record<string, unknown>>;

export interface PersonalField {
  readonly field: string;
  /** The data key's owner: a user id, or `contactSubject(e-mail)` for a sender without an account. */
  readonly subject: (data: Data, contactSubject: (email: string) => string) => string;
  readonly erasedAs: ErasedAs;
}

const of =
  (key: string) =>
  (data: Data): string => {
    const value = data[key];
    if (typeof value !== 'string' || value === '')
      throw new Error(`A personal field's subject ${key} is missing`);
    return value;
  };

const user = of('userId');

function fields(subject: PersonalField['subject'], names: Record<string, ErasedAs>): PersonalField[] {
  return Object.entries(names).map(([field, erasedAs]) => ({ field, subject, erasedAs }));
}

export const PERSONAL_FIELDS: Readonly<Record<string, readonly PersonalField[]>> = {
  UserRegistered: fields(user, {
    email: 'text',
    username: 'name',
    firstName: 'text',
    lastName: 'text',
    bio: 'text',
    profileImageUrl: 'text',
  }),
  UserProfileUpdated: fields(user, { firstName: 'text', lastName: 'text', username: 'name', bio: 'text' }),
  UserEmailChanged: fields(user, { email: 'text' }),
  UniqueValueReserved: fields(user, { value: 'text' }),
  UniqueValueReleased: fields(user, { value: 'text' }),
  // The description is the sender's words; each label is the name of one party.
  TokensTransferred: [
    ...fields(of('fromUserId'), { description: 'text', fromLabel: 'name' }),
    ...fields(of('toUserId'), { toLabel: 'name' }),
  ],
  TokensMinted: fields(user, { description: 'text' }),
  WithdrawalHoldPlaced: fields(user, { notes: 'text' }),
  WithdrawalRequested: fields(user, { notes: 'text' }),
  WithdrawalFailed: fields(user, { reason: 'text' }),
  CryptoDepositRejected: fields(user, { reason: 'text' }),
  // Where the person signed in from: the device names and the client's address.
  SignedIn: fields(user, { browser: 'text', os: 'text', address: 'text' }),
  CardRequested: fields(user, { address: 'json' }),
  CardShippingAddressSet: fields(user, { address: 'json' }),
  CardShipped: fields(user, { trackingNumber: 'text' }),
  PaymentProofSubmitted: fields(user, { notes: 'text', proofImageUrl: 'text' }),
  PaymentRejected: fields(user, { reason: 'text' }),
  // An admin's words about a four-eyes request on the user's money (domain/approvals/approval.ts).
  ApprovalRequested: fields(user, { reason: 'text' }),
  ApprovalRejected: fields(user, { reason: 'text' }),
  ApprovalCancelled: fields(user, { reason: 'text' }),
  ContactMessageReceived: fields(
    (data, contactSubject) =>
      typeof data.userId === 'string' && data.userId !== ''
        ? data.userId
        : contactSubject(String(data.email)),
    { fullName: 'text', email: 'text', subject: 'text', message: 'text' },
  ),
};

/** The associated data a field is sealed with: its event type, field and event id (sealing.ts binds it). */
export function fieldContext(type: string, field: string, eventId: string): string {
  return `${type}.${field}:${eventId}`;
}
