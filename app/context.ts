import type { Logger } from 'pino';
import type { EventMetadata, EventStore } from '../infra/eventStore/eventStore.ts';
import type { Pool } from '../infra/postgres/pool.ts';
import type { SessionSettings } from './auth/sessions.ts';
import type { LedgerFreeze } from './commands/ledgerFreeze.ts';
import type { StateCache } from './commands/stateCache.ts';
import type { LedgerProofs } from './ledgerProofs/ledgerProofs.ts';
import type { Mailer } from './mail/mailer.ts';
import type { KeyRing } from './privacy/keyRing.ts';
import type { PersonalDataKeys } from './privacy/personalDataKeys.ts';

/**
 * The settings the write side reads. `runtime/config.ts` parses them (with the rest) from the environment;
 * the app names only what it uses, so it depends on no composition root (docs/architecture/layout.md).
 */
export interface AppSettings {
  /** Where the web app is served: the links in mail and the passkeys' relying party. */
  PUBLIC_URL: string;
  /** Further origins the passkeys accept, comma-separated. */
  ALLOWED_ORIGINS: string;
}

/**
 * Everything a use case may need, passed as plain arguments (no container). The composition root
 * (`runtime/services.ts`) builds it; the API adds its own HTTP pieces on top (`api/deps.ts`).
 */
export interface AppContext {
  config: AppSettings;
  logger: Logger;
  pool: Pool;
  store: EventStore;
  cache: StateCache;
  sessions: SessionSettings;
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
