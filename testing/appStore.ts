import { KeyRing } from '../app/privacy/keyRing.ts';
import { PersonalDataKeys } from '../app/privacy/personalDataKeys.ts';
import { sealingStore } from '../app/privacy/sealingStore.ts';
import type { EventStore } from '../infra/eventStore/eventStore.ts';
import { PostgresEventStore } from '../infra/eventStore/postgresEventStore.ts';
import type { Pool } from '../infra/postgres/pool.ts';
import { RUN_PRIVACY_KEYS } from './privacyKeys.ts';

/**
 * The Postgres log as the application reads and writes it (personal fields sealed on append, opened on
 * read: app/privacy/sealingStore.ts), with this run's keys, for harnesses that check or rebuild what the
 * app processes they started wrote (or, given `keys`, the processes of another deployment, base64 as in
 * their key files). Its key ring caches nothing (no LISTEN connection of its own).
 */
export function appStore(
  pool: Pool,
  databaseUrl: string,
  keys: { PERSONAL_DATA_KEY: string; PSEUDONYM_KEY: string } = RUN_PRIVACY_KEYS,
): EventStore {
  const ring = new KeyRing(
    new PersonalDataKeys(pool, Buffer.from(keys.PERSONAL_DATA_KEY, 'base64')),
    Buffer.from(keys.PSEUDONYM_KEY, 'base64'),
  );
  return sealingStore(new PostgresEventStore(pool, databaseUrl), ring);
}
