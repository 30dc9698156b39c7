/**
 * Typed domain errors. The API maps each class to one HTTP status (api/http/problem.ts); tests match on
 * the class, never on the message. Messages are user-facing and follow the spec's texts.
 */
export abstract class DomainError extends Error {
  abstract readonly status: 400 | 403 | 404 | 409 | 422;
  constructor(
    message: string,
    /** Per-field messages for forms. */
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The input is well-formed but breaks a business rule about its own values. */
export class ValidationError extends DomainError {
  readonly status = 400;
}

/** The actor may not do this. */
export class ForbiddenError extends DomainError {
  readonly status = 403;
}

export class NotFoundError extends DomainError {
  readonly status = 404;
}

/** The command clashes with the current state (duplicate, illegal transition, already decided). */
export class ConflictError extends DomainError {
  readonly status = 409;
}

/** Not enough available balance for the movement asked for. */
export class InsufficientFundsError extends DomainError {
  readonly status = 422;
}

/**
 * The account that would receive money is suspended: it cannot receive until an admin reactivates it.
 * 422, not 403: the actor is allowed to send; the request cannot be carried out against that receiver.
 */
export class ReceiverSuspendedError extends DomainError {
  readonly status = 422;
}
