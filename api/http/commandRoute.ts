import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { requestMetadata } from '../../app/context.ts';
import type { EventMetadata, LogPosition } from '../../infra/eventStore/eventStore.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from './env.ts';
import { type Claim, claimKey, refusal, respond, saveOutcome } from './idempotency.ts';

/** A command route's answer, and what the command wrote. */
export type CommandAnswer = {
  status: number;
  /** Where the command's events landed (read-your-writes); absent or null when it wrote nothing. */
  position?: LogPosition | null;
  /** Read models the answer is read from, or the client will look at next: waited for (up to a second). */
  waitFor?: readonly string[];
} & (
  | { body: unknown }
  /** An answer read once the command's write is recorded (and the read models in `waitFor` caught up). */
  | { read: () => Promise<unknown> }
);

/**
 * Runs a command for a route, in one place: the metadata of the events it appends (who, which request,
 * which Idempotency-Key), the key itself (idempotency.ts: the command's id derived from it, the first
 * answer replayed), the written position for read-your-writes, and the wait for the named projections.
 *
 * `scope` names the command for its idempotency keys; null for a route that takes none (the header is
 * ignored, and the command's id is fresh). Without a key the id is fresh too. `run` answers with a status
 * and a body; with a key, a refusal it throws (a DomainError, a 4xx HttpProblem) is the answer too, saved
 * like any other. A route that refuses after its command wrote records that position itself first.
 * `unhashed` names body fields left out of the key's request hash (a re-authentication's password or code).
 * `run` is told when it resumes a key whose first attempt died (it may have written already).
 */
export async function commandRoute(
  c: Context<AppEnv>,
  deps: Deps,
  scope: string | null,
  run: (commandId: string, metadata: EventMetadata, attempt: { resumed: boolean }) => Promise<CommandAnswer>,
  options: { unhashed?: readonly string[] } = {},
): Promise<Response> {
  const key = scope === null ? undefined : c.req.header('idempotency-key');
  const metadata = requestMetadata(c.get('session')?.userId ?? null, c.get('requestId'), key ?? null);
  let claim: Claim | null = null;
  if (key !== undefined) {
    claim = await claimKey(c, deps, scope!, key, options.unhashed);
    if ('replay' in claim) return respond(c, claim.replay.status, claim.replay.body);
    // The key's binding to this body, on every event the command appends (idempotency.ts).
    metadata.requestHash = claim.requestHash;
  }
  let status: number;
  let body: unknown;
  try {
    const answer = await run(claim ? claim.commandId : randomUUID(), metadata, {
      resumed: claim?.resumed ?? false,
    });
    if (answer.position !== undefined) c.set('wrotePosition', answer.position);
    if (answer.position && answer.waitFor) await deps.runner.waitFor(answer.position, answer.waitFor, 1_000);
    status = answer.status;
    body = 'read' in answer ? await answer.read() : answer.body;
  } catch (error) {
    if (!claim) throw error;
    const refused = await refusal(c, deps, claim, error);
    return respond(c, refused.status, refused.body);
  }
  if (claim) await saveOutcome(deps, claim.scopeKey, status, body);
  return respond(c, status, body);
}
