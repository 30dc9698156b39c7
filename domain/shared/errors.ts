/**
 * Typed domain errors. The API maps each class to one HTTP status (api/http/problem.ts); tests match on
 * the class, never on the message. Messages are user-facing and follow the spec's texts.
 *
 * An error says what went wrong in the domain's own terms: a `code`, the command attribute it is about
 * (`attribute`, e.g. 'description') and the ids involved (`ids`, e.g. `{ receiverId }`). Which form field
 * a client shows it on is the API's business (api/http/domainErrors.ts), not the domain's.
 */
/**
 * Every code a domain error may carry: one list, which the API's inventory of the codes a client can be
 * answered (api/http/problemCodes.ts) and the web's wording of each (web/src/lib/refusals.ts) are built on.
 */
export const DOMAIN_ERROR_CODES = [
  /** Free text with a character the log does not store (attribute: the text's attribute). */
  'text_not_allowed',
  /** An email or username another user holds (attribute: 'email' | 'username'). */
  'value_taken',
  'self_suspension',
  'network_unsupported',
  'tx_hash_invalid',
  'tx_hash_required',
  'tx_hash_mismatch',
  'tx_hash_taken',
  'price_not_positive',
  'change_not_percentage',
  'receiver_not_found',
  'receiver_suspended',
  /** The receiving account's e-mail address is not confirmed yet: it cannot receive money. */
  'receiver_unverified',
  /** The account's own e-mail address is not confirmed yet: no second factor can be added. */
  'email_unverified',
  'self_transfer',
  'amount_not_positive',
  'insufficient_funds',
  'password_incorrect',
  'two_factor_code_invalid',
  /** A conversion fee rate outside 0-10 % or with more than two decimals (attribute: 'rate'). */
  'fee_rate_invalid',
  /** A purchase in a currency the market settings hold no price for. */
  'currency_not_priced',
  /** A purchase submitted with a quote the server would no longer record (a rate or price changed). */
  'quote_changed',
  /** A receiving address not in its network's format (or with a wrong checksum). */
  'address_invalid',
  /** No deposit address is set for the currency and network (attribute: the form's field). */
  'deposit_unavailable',
  /** A mailed one-time link (password reset, e-mail confirmation) that is unknown, used or expired. */
  'link_invalid',
  /** An e-mail change to the address the account already has. */
  'email_unchanged',
  /** A transfer the step-up rule asks a fresh proof for (domain/accounts/stepUp.ts). */
  'step_up_required',
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export interface DomainErrorDetails {
  code?: DomainErrorCode;
  /** The command attribute the error is about, in the command's own naming. */
  attribute?: string;
  /** The ids the error is about, e.g. `{ receiverId }`. */
  ids?: Readonly<Record<string, string>>;
}

export abstract class DomainError extends Error {
  abstract readonly status: 400 | 403 | 404 | 409 | 422;
  readonly code?: DomainErrorCode;
  readonly attribute?: string;
  readonly ids: Readonly<Record<string, string>>;
  constructor(message: string, details: DomainErrorDetails = {}) {
    super(message);
    this.name = new.target.name;
    this.code = details.code;
    this.attribute = details.attribute;
    this.ids = details.ids ?? {};
  }
}

/** The base of the errors one HTTP status answers: each class below is a kind of error and its status. */
function answeredWith<S extends DomainError['status']>(answer: S) {
  abstract class Answered extends DomainError {
    readonly status = answer;
  }
  return Answered;
}

/** The input is well-formed but breaks a business rule about its own values. */
export class ValidationError extends answeredWith(400) {}

/** The actor may not do this. */
export class ForbiddenError extends answeredWith(403) {}

export class NotFoundError extends answeredWith(404) {}

/** The command clashes with the current state (duplicate, illegal transition, already decided). */
export class ConflictError extends answeredWith(409) {}

/** Not enough available balance for the movement asked for. */
export class InsufficientFundsError extends answeredWith(422) {}

/**
 * The account that would receive money is suspended: it cannot receive until an admin reactivates it.
 * 422, not 403: the actor is allowed to send; the request cannot be carried out against that receiver.
 */
export class ReceiverSuspendedError extends answeredWith(422) {}

/** Understood, allowed in general, but not on this subject (an admin erasing their own account). */
export class UnprocessableError extends answeredWith(422) {}

/**
 * A transfer that needs a fresh proof of the account holder it was not given (domain/accounts/stepUp.ts).
 * The transfer routes answer it as a 401 `reauthentication-required` naming the proof (api/http/reauth.ts);
 * 403 is only what a caller that does not ask for proofs would show.
 */
export class StepUpRequiredError extends answeredWith(403) {}

/** An Idempotency-Key retried with another request than the one the log recorded for it. */
export class KeyReusedError extends UnprocessableError {}
