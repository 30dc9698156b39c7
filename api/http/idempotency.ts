import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  deleteRunningKey,
  findKey,
  insertKey,
  releaseKey,
  saveKeyOutcome,
  takeOverKey,
} from '../../app/idempotency/idempotencyKeys.table.ts';
import { DomainError, KeyReusedError } from '../../domain/shared/errors.ts';
import { nameBasedUuid } from '../../infra/ids.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from './env.ts';
import { canonicalBody, jsonBody } from './jsonBody.ts';
import { domainExtras, HttpProblem, httpProblemExtras, problemBody } from './problem.ts';

/**
 * Idempotency-Key for money commands (docs/ledger.md invariant 3). The command's id is derived from the key
 * (user + route + key), so a retry appends the very same ids and can never move money twice, even when
 * the first attempt died half-way. The request's hash (its canonical JSON, numbers as written) binds the
 * key to its body twice over: in the table below, which also remembers the first answer (a retry with the
 * same body gets it again, another body 422), and on every event the command appends
 * (`metadata.requestHash`), which no purge removes: a retry with another body that arrives after the row
 * is gone is refused by the command pipeline when it finds the command's events (app/commands/retries.ts).
 * No path deletes a row of a command that may have written: a failure releases its lease instead.
 * A command route runs all this through `commandRoute` (commandRoute.ts).
 */
export interface CommandOutcome {
  status: number;
  body: unknown;
}

/** A claimed key: the command's id and the row that will hold its answer; or the answer already given. */
export type Claim =
  /** `resumed`: the key was taken over from an attempt that died, which may have written already. */
  { commandId: string; scopeKey: string; requestHash: string; resumed: boolean } | { replay: CommandOutcome };

/**
 * Claims an Idempotency-Key (`key`, the header's value) for this user and scope. A retry of a finished
 * request gets its first answer back (`replay`); one still running, or another body with the same key,
 * is refused.
 */
export async function claimKey(
  c: Context<AppEnv>,
  deps: Deps,
  scope: string,
  key: string,
  unhashed: readonly string[] = [],
): Promise<Claim> {
  if (!/^[\x21-\x7e]{1,200}$/.test(key)) {
    throw new HttpProblem(400, 'Idempotency-Key must be 1 to 200 visible ASCII characters');
  }
  const userId = c.get('session')?.userId ?? 'anonymous';
  const scopeKey = `${userId}:${scope}:${key}`;
  // The body as the client wrote it, numbers by their literal text: `9007199254740993` and
  // `9007199254740992` are different requests, though JSON.parse reads both as the same double.
  // The path is part of the request: one key used for two payments' approvals is two requests.
  const requestHash = createHash('sha256')
    .update(`${c.req.method} ${c.req.path}\n`)
    .update(canonicalBody(withoutFields(await jsonBody(c), unhashed)))
    .digest('hex');
  const commandId = nameBasedUuid(`idempotency:${scopeKey}`);
  const leaseMs = deps.config.IDEMPOTENCY_LEASE_SECONDS * 1000;

  if (!(await insertKey(deps.pool, scopeKey, requestHash, leaseMs))) {
    const row = await findKey(deps.pool, scopeKey);
    if (row && row.request_hash !== requestHash) {
      throw new HttpProblem(422, 'This Idempotency-Key was already used with a different request');
    }
    if (row?.state === 'done' && row.response_status !== null) {
      c.header('Idempotent-Replayed', 'true');
      return { replay: { status: row.response_status, body: row.response_body } };
    }
    // Still running: either in flight now, or its process died. Take over only an expired lease.
    const takenOver = await takeOverKey(deps.pool, scopeKey, leaseMs);
    if (row && !takenOver) {
      throw new HttpProblem(409, 'A request with this Idempotency-Key is still being processed', {
        headers: { 'Retry-After': '1' },
      });
    }
    return { commandId, scopeKey, requestHash, resumed: row !== undefined };
  }
  return { commandId, scopeKey, requestHash, resumed: false };
}

/**
 * The body without the fields that prove who is asking (a withdrawal's password or TOTP code): they are not
 * part of what the request asks for, so a retry carrying a fresh code is the same request, and no hash of
 * a password is kept in the table.
 */
function withoutFields(body: unknown, fields: readonly string[]): unknown {
  if (fields.length === 0 || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([name]) => !fields.includes(name)));
}

/**
 * What a claimed command that threw answers. A refusal is the request's outcome too: it is saved, and the
 * same retry gets the same answer. Anything else is not an outcome: the store down, a crash, a rate limit
 * (429) or a missing or wrong re-authentication (401: the retry brings the right password or code). The
 * key's lease is released, so that a retry runs the command again with the same ids at once, and the
 * error is rethrown. The row, and with it the key's binding to this body, stays: the command may have
 * written part of its work before it failed, and a retry with another body must not finish it.
 */
export async function refusal(
  c: Context<AppEnv>,
  deps: Deps,
  claim: { scopeKey: string; requestHash: string },
  error: unknown,
): Promise<CommandOutcome> {
  const { scopeKey } = claim;
  if (error instanceof KeyReusedError) {
    // The log holds this key's command for another body; this row (made just now: the table had lost the
    // key's first row) binds the key to the wrong one. It goes, so that a retry of the first body is
    // answered from the log again; this attempt wrote nothing.
    await deleteRunningKey(deps.pool, scopeKey, claim.requestHash);
    return { status: error.status, body: problemBody(c, error.status, error.message) };
  }
  if (
    error instanceof DomainError ||
    (error instanceof HttpProblem && error.status < 500 && error.status !== 429 && error.status !== 401)
  ) {
    const status = error.status;
    const extras = error instanceof DomainError ? domainExtras(error) : httpProblemExtras(error);
    const body = problemBody(c, status, error.message, extras);
    await saveOutcome(deps, scopeKey, status, body);
    return { status, body };
  }
  await releaseKey(deps.pool, scopeKey).catch(() => {});
  throw error;
}

export async function saveOutcome(deps: Deps, scopeKey: string, status: number, body: unknown) {
  await saveKeyOutcome(deps.pool, scopeKey, status, body);
}

/** An answer as JSON: a problem (4xx, 5xx) as Problem Details. */
export function respond(c: Context<AppEnv>, status: number, body: unknown): Response {
  const type = status >= 400 ? 'application/problem+json' : 'application/json';
  return c.body(JSON.stringify(body), status as ContentfulStatusCode, {
    'Content-Type': type,
  });
}
