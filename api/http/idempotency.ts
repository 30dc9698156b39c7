import { createHash, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError } from '../../domain/shared/errors.ts';
import { nameBasedUuid } from '../../infra/ids.ts';
import type { Deps } from '../deps.ts';
import { fieldErrorsOf } from './domainErrors.ts';
import type { AppEnv } from './env.ts';
import { canonicalBody, jsonBody } from './jsonBody.ts';
import { HttpProblem, problemBody } from './problem.ts';

/**
 * Idempotency-Key for money commands (LEDGER.md invariant 3). The command's id is derived from the key
 * (user + route + key), so a retry appends the very same ids and can never move money twice, even when
 * the first attempt died half-way. The table below remembers the first answer and the request's hash: a
 * retry with the same body (compared by its canonical JSON, numbers as written) gets that answer again; another body with the same key gets 422.
 */
export interface CommandOutcome {
  status: number;
  body: unknown;
}

export async function idempotent(
  c: Context<AppEnv>,
  deps: Deps,
  scope: string,
  run: (commandId: string) => Promise<CommandOutcome>,
): Promise<Response> {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return respond(c, await run(randomUUID()));
  if (!/^[\x21-\x7e]{1,200}$/.test(key)) {
    throw new HttpProblem(400, 'Idempotency-Key must be 1 to 200 visible ASCII characters');
  }
  const userId = c.get('session')?.userId ?? 'anonymous';
  const scopeKey = `${userId}:${scope}:${key}`;
  // The body as the client wrote it, numbers by their literal text: `9007199254740993` and
  // `9007199254740992` are different requests, though JSON.parse reads both as the same double.
  const requestHash = createHash('sha256')
    .update(canonicalBody(await jsonBody(c)))
    .digest('hex');
  const commandId = nameBasedUuid(`idempotency:${scopeKey}`);
  const leaseMs = deps.config.IDEMPOTENCY_LEASE_SECONDS * 1000;

  const claimed = await deps.pool.query(
    `INSERT INTO idempotency_keys (scope_key, request_hash, state, locked_until)
     VALUES ($1, $2, 'running', now() + $3 * interval '1 millisecond') ON CONFLICT (scope_key) DO NOTHING`,
    [scopeKey, requestHash, leaseMs],
  );
  if (claimed.rowCount === 0) {
    const { rows } = await deps.pool.query<{
      request_hash: string;
      state: string;
      response_status: number | null;
      response_body: unknown;
      expired: boolean;
    }>(
      `SELECT request_hash, state, response_status, response_body, locked_until < now() AS expired
       FROM idempotency_keys WHERE scope_key = $1`,
      [scopeKey],
    );
    const row = rows[0];
    if (row && row.request_hash !== requestHash) {
      throw new HttpProblem(422, 'This Idempotency-Key was already used with a different request');
    }
    if (row?.state === 'done' && row.response_status !== null) {
      c.header('Idempotent-Replayed', 'true');
      return respond(c, { status: row.response_status, body: row.response_body });
    }
    // Still running: either in flight now, or its process died. Take over only an expired lease.
    const takeover = await deps.pool.query(
      `UPDATE idempotency_keys SET locked_until = now() + $2 * interval '1 millisecond'
       WHERE scope_key = $1 AND state = 'running' AND locked_until < now()`,
      [scopeKey, leaseMs],
    );
    if (row && takeover.rowCount === 0) {
      throw new HttpProblem(409, 'A request with this Idempotency-Key is still being processed', {
        headers: { 'Retry-After': '1' },
      });
    }
  }

  let outcome: CommandOutcome;
  try {
    outcome = await run(commandId);
  } catch (error) {
    if (
      error instanceof DomainError ||
      (error instanceof HttpProblem && error.status < 500 && error.status !== 429)
    ) {
      // A refusal is the request's outcome too: the same retry gets the same answer.
      const status = error.status;
      const fieldErrors = error instanceof DomainError ? fieldErrorsOf(error) : error.extras.fieldErrors;
      const body = problemBody(c, status, error.message, fieldErrors ? { fieldErrors } : {});
      await save(deps, scopeKey, status, body);
      return respond(c, { status, body });
    }
    // Not an outcome (store down, crash): let a retry run it again, with the same ids.
    await deps.pool
      .query(`DELETE FROM idempotency_keys WHERE scope_key = $1 AND state = 'running'`, [scopeKey])
      .catch(() => {});
    throw error;
  }
  await save(deps, scopeKey, outcome.status, outcome.body);
  return respond(c, outcome);
}

async function save(deps: Deps, scopeKey: string, status: number, body: unknown) {
  await deps.pool.query(
    `UPDATE idempotency_keys SET state = 'done', response_status = $2, response_body = $3 WHERE scope_key = $1`,
    [scopeKey, status, JSON.stringify(body)],
  );
}

function respond(c: Context<AppEnv>, outcome: CommandOutcome): Response {
  const type = outcome.status >= 400 ? 'application/problem+json' : 'application/json';
  return c.body(JSON.stringify(outcome.body), outcome.status as ContentfulStatusCode, {
    'Content-Type': type,
  });
}
