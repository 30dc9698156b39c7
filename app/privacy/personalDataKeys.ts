import { type Pool, type PoolClient, withTransaction } from '../../infra/postgres/pool.ts';
import {
  destroyKeyRow,
  insertKeyRow,
  type KeyRow,
  keyRow,
  keyRowsOf,
  lockedKeyRows,
  rewrapKeyRow,
} from './personalDataKeys.table.ts';
import {
  type DataKey,
  masterKeyId,
  newDataKeyBytes,
  type Opened,
  open,
  type SealedValue,
  SealedValueError,
  seal,
  unwrapDataKey,
  wrapDataKey,
} from './sealing.ts';

/**
 * The per-person data keys of crypto-shredding (docs/decisions/0014-crypto-shredding.md), in the
 * `personal_data_keys` table (migrations/1764201600005_personal-data-keys.sql), each wrapped by the master
 * key (PERSONAL_DATA_KEY, runtime/privacyKeys.ts). A person gets a key the first time something of theirs
 * is sealed; erasure destroys it and leaves a tombstone, so that no key is ever made for them again and
 * what was sealed for them stays unreadable everywhere, the log and its copies included.
 *
 * No cache here: every call reads the table. The processes' cache is KeyRing (keyRing.ts), whose destroy
 * announces the destruction to every process; erase through it, not through `destroy` alone.
 */

type Db = Pool | PoolClient;

/** A person was erased: nothing may be sealed for them any more. */
export class PersonErasedError extends Error {
  /**
   * The API's answer when a request races an erasure past the deciders' own checks (an erased person
   * can neither act nor receive): a conflict, never a 500 (api/http/problem.ts answers a 4xx `status`).
   */
  readonly status = 409;
  constructor(readonly subjectId: string) {
    super('This person was erased: nothing more can be recorded about them');
  }
}

export class PersonalDataKeys {
  readonly masterKeyId: string;
  private readonly destroyListeners: ((subjectId: string) => void)[] = [];

  constructor(
    readonly pool: Pool,
    private readonly masterKey: Buffer,
  ) {
    this.masterKeyId = masterKeyId(masterKey);
  }

  /**
   * The person's data key, made (and stored wrapped) the first time. Safe under concurrency: of several
   * callers creating at once, one INSERT wins and every caller then reads and uses that one key. Throws
   * PersonErasedError for an erased person, who never gets a new key.
   */
  async forSubject(subjectId: string, db: Db = this.pool): Promise<DataKey> {
    checkSubjectId(subjectId);
    let row = await keyRow(db, subjectId);
    if (!row) {
      const fresh = newDataKeyBytes();
      await insertKeyRow(db, subjectId, wrapDataKey(this.masterKey, subjectId, fresh), this.masterKeyId);
      fresh.fill(0);
      // Whoever inserted, the stored row is the key: read it back rather than trust our own.
      row = await keyRow(db, subjectId);
      if (!row) throw new Error(`The data key of ${subjectId} vanished while it was made`);
    }
    const key = this.unwrap(subjectId, row);
    if (key === 'erased') throw new PersonErasedError(subjectId);
    return key;
  }

  /** The person's key if they have one, `erased` once destroyed, null if nothing was ever sealed for them. */
  async find(subjectId: string, db: Db = this.pool): Promise<DataKey | 'erased' | null> {
    checkSubjectId(subjectId);
    const row = await keyRow(db, subjectId);
    return row ? this.unwrap(subjectId, row) : null;
  }

  /** `find` for many subjects in one query; subjects without a key are absent from the result. */
  async findMany(
    subjectIds: readonly string[],
    db: Db = this.pool,
  ): Promise<Map<string, DataKey | 'erased'>> {
    for (const subjectId of subjectIds) checkSubjectId(subjectId);
    const rows = await keyRowsOf(db, subjectIds);
    return new Map(rows.map((row) => [row.subject_id, this.unwrap(row.subject_id, row)]));
  }

  /**
   * Erasure: destroys the person's data key (the wrapped key is cleared, `destroyed_at` set), or records a
   * tombstone when they had none yet. Idempotent; the first destruction's time stays. Run it in the
   * transaction that records the erasure, so that both happen or neither.
   */
  async destroy(subjectId: string, db: Db = this.pool): Promise<{ destroyedAt: Date }> {
    checkSubjectId(subjectId);
    // Every process's key ring (keyRing.ts) forgets the key when this commits; this one's at once.
    const destroyedAt = await destroyKeyRow(db, subjectId);
    for (const listener of this.destroyListeners) listener(subjectId);
    return { destroyedAt };
  }

  /** Called with the subject of every key this object destroys (the process's key ring forgets it). */
  onDestroy(listener: (subjectId: string) => void): void {
    this.destroyListeners.push(listener);
  }

  /** Seals `plaintext` for a person with their key (made if need be). Throws PersonErasedError once erased. */
  async seal(subjectId: string, plaintext: string, associatedData: string, db: Db = this.pool) {
    return seal(await this.forSubject(subjectId, db), plaintext, associatedData);
  }

  /** Opens a value sealed for a person: its plaintext, or `erased` once their key is destroyed. */
  async open(sealed: SealedValue, associatedData: string, db: Db = this.pool): Promise<Opened> {
    const key = await this.find(sealed.s, db);
    if (key === null) throw new SealedValueError(`No data key was ever made for ${sealed.s}`);
    return open(key, sealed, associatedData);
  }

  private unwrap(subjectId: string, row: KeyRow): DataKey | 'erased' {
    if (row.destroyed_at !== null || row.wrapped_key === null) return 'erased';
    if (row.master_key_id !== this.masterKeyId) {
      throw new SealedValueError(
        `The data key of ${subjectId} is wrapped by master key ${row.master_key_id}, this process has ` +
          `${this.masterKeyId}: finish the rotation (npm run privacy:rewrap) and start every process with the new key`,
      );
    }
    return { subjectId, key: unwrapDataKey(this.masterKey, subjectId, row.wrapped_key) };
  }
}

function checkSubjectId(subjectId: string): void {
  if (subjectId === '' || subjectId.length > 200 || subjectId.includes('\0')) {
    throw new Error('Not a subject id');
  }
}

export interface RewrapResult {
  /** Keys re-wrapped under the new master key by this run. */
  rewrapped: number;
  /** Keys already under the new master key (an earlier, interrupted or repeated run). */
  alreadyCurrent: number;
  /** Tombstones of erased people: nothing to re-wrap. */
  destroyed: number;
}

/**
 * Master key rotation: re-wraps every live data key from `oldMaster` to `newMaster` in one transaction,
 * raising each key_version. The data keys themselves do not change, so every sealed value stays readable
 * (now under the new master key only) and nothing in the log is rewritten. The table is locked against
 * writers for the duration (readers go on), so no key is made under the old master key meanwhile. Run
 * again, it finds the keys already current and changes nothing; a key wrapped by a third master key stops
 * it before anything changes.
 */
export async function rewrapPersonalDataKeys(
  pool: Pool,
  oldMaster: Buffer,
  newMaster: Buffer,
): Promise<RewrapResult> {
  const oldId = masterKeyId(oldMaster);
  const newId = masterKeyId(newMaster);
  if (oldId === newId) throw new Error('The new master key is the old one');
  return await withTransaction(pool, async (client) => {
    const rows = await lockedKeyRows(client);
    const result: RewrapResult = { rewrapped: 0, alreadyCurrent: 0, destroyed: 0 };
    const strangers = rows.filter(
      (row) => row.wrapped_key !== null && row.master_key_id !== oldId && row.master_key_id !== newId,
    );
    if (strangers.length > 0) {
      throw new Error(
        `${strangers.length} data key(s) are wrapped by neither the old master key (${oldId}) nor the new ` +
          `one (${newId}), e.g. ${strangers[0]!.subject_id} by ${strangers[0]!.master_key_id}: nothing changed`,
      );
    }
    for (const row of rows) {
      if (row.wrapped_key === null) result.destroyed++;
      else if (row.master_key_id === newId) result.alreadyCurrent++;
      else {
        const key = unwrapDataKey(oldMaster, row.subject_id, row.wrapped_key);
        await rewrapKeyRow(client, row.subject_id, wrapDataKey(newMaster, row.subject_id, key), newId);
        key.fill(0);
        result.rewrapped++;
      }
    }
    return result;
  });
}
