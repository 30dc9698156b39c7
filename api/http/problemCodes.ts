import { DOMAIN_ERROR_CODES } from '../../domain/shared/errors.ts';

/**
 * Every `code` a Problem of this API may carry (RFC 9457 extension member, the finer reason a client
 * reads): the API's own, given by the HTTP layer and the routes, and the domain errors' codes, which the
 * error boundary passes on (api/http/problem.ts). `HttpProblem` and `problem()` take only these, so a new
 * code is added here first; the web words every one of them in the reader's language
 * (web/src/lib/refusals.ts, whose unit test also scans these sources for a code written past the type).
 */
export const API_PROBLEM_CODES = [
  // Sign-in and the proofs it asks for.
  'account_suspended',
  'totp_required',
  'totp_invalid',
  'passkey_required',
  'passkey_invalid',
  'reauthentication_required',
  'reauthentication_failed',
  // The ledger's verification and proofs.
  'ledger_frozen',
  'ledger_integrity',
  'receipt_unavailable',
  'ledger_proofs_unavailable',
  'liability_proof_unavailable',
  'no_liability_proof',
  'liabilities_statement_busy',
  'liabilities_statement_refused',
  // An erasure refused while the person holds money (admin).
  'person_holds_money',
  // The server's own state: mail, time, resources, the request's origin and host, its readiness.
  'mail_unavailable',
  'timeout',
  'database_out_of_resources',
  'csrf',
  'host',
  'draining',
  'not_ready',
] as const;

export type ApiProblemCode = (typeof API_PROBLEM_CODES)[number];
export type ProblemCode = ApiProblemCode | (typeof DOMAIN_ERROR_CODES)[number];

/** The whole inventory: what a client of this API can find in a Problem's `code`. */
export const PROBLEM_CODES: readonly ProblemCode[] = [...API_PROBLEM_CODES, ...DOMAIN_ERROR_CODES];
