import type { Logger } from 'pino';
import type { RateLimits } from '../api/http/rateLimit.ts';
import type { SessionSettings } from '../app/auth/sessions.ts';
import type { StateCache } from '../app/commands/handleCommand.ts';
import type { LedgerFreeze } from '../app/commands/ledgerFreeze.ts';
import type { LedgerProofs } from '../app/ledgerProofs/ledgerProofs.ts';
import type { Mailer } from '../app/mail/mailer.ts';
import type { KeyRing } from '../app/privacy/keyRing.ts';
import type { PersonalDataKeys } from '../app/privacy/personalDataKeys.ts';
import type { EventMetadata, EventStore } from '../infra/eventStore/eventStore.ts';
import type { Pool } from '../infra/postgres/pool.ts';
import type { ProjectionRunner } from '../projections/runner.ts';
import type { Config } from './config.ts';
import type { Metrics } from './metrics.ts';

/** Everything a handler needs, passed as plain arguments (no container). */
export interface Deps {
  config: Config;
  logger: Logger;
  pool: Pool;
  store: EventStore;
  runner: ProjectionRunner;
  cache: StateCache;
  sessions: SessionSettings;
  limits: RateLimits;
  metrics: Metrics;
  /** Set when the process starts to stop: /readyz turns unready so that balancers stop sending work. */
  lifecycle: { draining: boolean };
  now(): Date;
  /**
   * Crypto-shredding (docs/decisions/0014-crypto-shredding.md): the per-person data keys that seal personal
   * fields in the log (`ring`: the process's cache of them, which the event store seals and opens with),
   * and the key of the pseudonyms in uniqueness stream names.
   */
  privacy: { keys: PersonalDataKeys; ring: KeyRing; pseudonymKey: Buffer };
  /** The freeze of money movements on a ledger mismatch (LEDGER_FREEZE_ON_MISMATCH); absent = never. */
  ledgerFreeze?: LedgerFreeze;
  /**
   * The verifiable ledger (docs/architecture/verifiable-ledger.md): the signing key, the digests, the log
   * tree's queries and the liabilities statements.
   */
  ledgerProofs: LedgerProofs;
  /** Where the product's mail goes: SMTP_URL, the development outbox, or nowhere (app/mail/mailer.ts). */
  mailer: Mailer;
}

/** Who and what caused the events a request appends. */
export function requestMetadata(
  actorId: string | null,
  requestId: string,
  idempotencyKey: string | null = null,
): EventMetadata {
  return { actorId, correlationId: requestId, causationId: requestId, idempotencyKey };
}
