import { isDeepStrictEqual } from 'node:util';
import type pg from 'pg';
import type { EventMetadata, RecordedEvent, StoredMetadata } from '../../../infra/eventStore/eventStore.ts';
import { eventHash } from '../../../infra/eventStore/hashChain.ts';
import { type EventRow, SELECT_COLUMNS, toRecorded } from '../../../infra/eventStore/postgres/rows.ts';
import type { KeyRing } from '../keyRing.ts';
import { openEvents, sealEvent } from '../sealedEvents.ts';
import { shredErasedFields } from './erasedFields.ts';
import { legacyUniqueStream, pseudonymousStreamName } from './legacyNames.ts';

/**
 * One stream of a log written before crypto-shredding, rewritten into the new form inside the caller's
 * transaction (docs/architecture/log-upgrade.md): its personal fields sealed, a legacy uniqueness stream
 * renamed to its pseudonym, its hash chain recomputed. Events keep their ids, order, positions, revisions,
 * types and times. Nothing is written unless the stream verified before (its chain as stored) and its
 * rewritten form verifies after (read back: the chain again, and every event opened equal to the original,
 * but for the fields of people erased before the upgrade, which are shredded: erasedFields.ts).
 */
export interface StreamOutcome {
  /** The stream's name after the upgrade (a pseudonym for a legacy uniqueness stream). */
  name: string;
  events: number;
  renamed: boolean;
  /** False when the stream was in the new form already: nothing was written. */
  rewritten: boolean;
}

export interface UpgradeKeys {
  ring: KeyRing;
  pseudonymKey: Buffer;
}

export async function upgradeStream(
  tx: pg.ClientBase,
  { ring, pseudonymKey }: UpgradeKeys,
  streamName: string,
): Promise<StreamOutcome> {
  const head = await tx.query<{ revision: string; last_hash: string }>(
    'SELECT revision::text AS revision, last_hash FROM es_streams WHERE stream_name = $1 FOR UPDATE',
    [streamName],
  );
  if (!head.rows[0]) throw new Error(`stream ${streamName} vanished from es_streams`);
  const before = await readStream(tx, streamName);
  checkChain(streamName, before, head.rows[0], 'as stored, before the upgrade');

  // What the events say, opened: a legacy stream may hold a release the new code appended (value sealed).
  const plain = await openEvents(ring, before);
  const legacy = legacyUniqueStream(streamName, plain);
  // The fields of people erased before the upgrade are shredded, not sealed; the rest is what it was.
  const shredded: RecordedEvent[] = [];
  for (const event of before) shredded.push(await shredErasedFields(ring, event));
  const expected = await openEvents(ring, shredded);
  const name = legacy ? pseudonymousStreamName(pseudonymKey, legacy.kind, legacy.value) : streamName;
  let prevHash: string | null = null;
  const after: { event: RecordedEvent; changed: boolean }[] = [];
  for (const [i, event] of shredded.entries()) {
    const { hash: _hash, prevHash: _prev, ...metadata } = event.metadata;
    // Sealing leaves the metadata as it is (no schema version: a sealed field is told apart by its shape).
    const sealed = await sealEvent(ring, event);
    const sealedMetadata: EventMetadata = metadata;
    const hash = eventHash({
      streamName: name,
      revision: event.revision,
      id: event.id,
      type: event.type,
      data: sealed.data,
      metadata: sealedMetadata,
      prevHash,
    });
    const stored: StoredMetadata = { ...sealedMetadata, prevHash, hash };
    after.push({
      event: { ...event, streamName: name, data: sealed.data, metadata: stored },
      changed: !isDeepStrictEqual(sealed.data, before[i]!.data) || !isDeepStrictEqual(stored, event.metadata),
    });
    prevHash = hash;
  }
  if (name === streamName && after.every((entry) => !entry.changed)) {
    return { name, events: before.length, renamed: false, rewritten: false };
  }

  if (name !== streamName) {
    const taken = await tx.query('SELECT 1 FROM es_streams WHERE stream_name = $1', [name]);
    if (taken.rowCount) {
      throw new Error(
        `the ${legacy!.kind} of stream ${streamName} already has a pseudonymous stream ${name} (the new code ` +
          'ran on this log before its upgrade): nothing changed; the two reservations must be reconciled by hand',
      );
    }
  }
  const updated = await tx.query(
    `UPDATE es_events e SET stream_name = $1, data = u.data, metadata = u.metadata
       FROM unnest($2::uuid[], $3::jsonb[], $4::jsonb[]) AS u(event_id, data, metadata)
      WHERE e.event_id = u.event_id AND e.stream_name = $5`,
    [
      name,
      after.map((entry) => entry.event.id),
      after.map((entry) => JSON.stringify(entry.event.data)),
      after.map((entry) => JSON.stringify(entry.event.metadata)),
      streamName,
    ],
  );
  if (updated.rowCount !== after.length) {
    throw new Error(`stream ${streamName}: ${updated.rowCount} of its ${after.length} events rewritten`);
  }
  await tx.query('UPDATE es_streams SET stream_name = $2, last_hash = $3 WHERE stream_name = $1', [
    streamName,
    name,
    prevHash,
  ]);
  if (name !== streamName) {
    // The one read model that holds stream names (the events of each transaction).
    const table = await tx.query<{ exists: boolean }>(
      `SELECT to_regclass('transaction_events') IS NOT NULL AS exists`,
    );
    if (table.rows[0]?.exists) {
      await tx.query('UPDATE transaction_events SET stream_name = $2 WHERE stream_name = $1', [
        streamName,
        name,
      ]);
    }
  }

  // Verified as written: read back, chained again, and every event opened equal to what it was.
  const written = await readStream(tx, name);
  const newHead = await tx.query<{ revision: string; last_hash: string }>(
    'SELECT revision::text AS revision, last_hash FROM es_streams WHERE stream_name = $1',
    [name],
  );
  checkChain(name, written, newHead.rows[0], 'as rewritten');
  const opened = await openEvents(ring, written);
  if (opened.length !== before.length)
    throw new Error(`stream ${name}: ${opened.length} events after, ${before.length} before`);
  for (let i = 0; i < before.length; i++) {
    const was = expected[i]!;
    const is = opened[i]!;
    const same =
      is.id === was.id &&
      is.type === was.type &&
      is.revision === was.revision &&
      is.position.commit === was.position.commit &&
      is.position.prepare === was.position.prepare &&
      is.recordedAt.getTime() === was.recordedAt.getTime() &&
      isDeepStrictEqual(is.data, was.data) &&
      isDeepStrictEqual(comparable(is.metadata), comparable(was.metadata));
    if (!same) {
      throw new Error(
        `stream ${streamName}: event ${was.id} (revision ${was.revision}) does not open to what it was: nothing changed`,
      );
    }
  }
  return { name, events: before.length, renamed: name !== streamName, rewritten: true };
}

async function readStream(tx: pg.ClientBase, streamName: string): Promise<RecordedEvent[]> {
  const { rows } = await tx.query<EventRow>(
    `SELECT ${SELECT_COLUMNS} FROM es_events WHERE stream_name = $1 ORDER BY es_events.stream_revision`,
    [streamName],
  );
  return rows.map(toRecorded);
}

/** A stream's chain: revisions from 0 without gaps, each hash its content's, each linked, the head its last. */
function checkChain(
  streamName: string,
  events: RecordedEvent[],
  head: { revision: string; last_hash: string } | undefined,
  when: string,
): void {
  let prevHash: string | null = null;
  events.forEach((event, i) => {
    const problem =
      event.revision !== BigInt(i)
        ? `revision ${event.revision} where ${i} was expected`
        : (event.metadata.prevHash ?? null) !== prevHash
          ? 'its previous-hash does not match the event before it'
          : eventHash({ ...event, prevHash }) !== event.metadata.hash
            ? 'its content does not match its hash'
            : null;
    if (problem) {
      throw new Error(
        `stream ${streamName}, event ${event.id} ${when}: ${problem}; the upgrade rewrites only a log that ` +
          'verifies (npm run ledger:verify names every problem), nothing changed',
      );
    }
    prevHash = event.metadata.hash;
  });
  const last = events.at(-1);
  if (!head || !last || BigInt(head.revision) !== last.revision || head.last_hash !== last.metadata.hash) {
    throw new Error(`stream ${streamName} ${when}: its head in es_streams does not match its last event`);
  }
}

/** Metadata as the upgrade must keep it: all but the chain's hashes and the schema version sealing stamps. */
function comparable(metadata: StoredMetadata): Record<string, unknown> {
  const { hash: _hash, prevHash: _prev, schemaVersion: _version, ...rest } = metadata;
  return rest;
}
