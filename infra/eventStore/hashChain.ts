import { createHash } from 'node:crypto';
import { canonicalJson, eventHashContent, type HashInput } from '../../domain/verifiable/eventContent.ts';
import { type RecordedEvent, StreamIntegrityError } from './eventStore.ts';

export { canonicalJson, type HashInput };

/** The hash that chains an event to its stream's previous one (docs/ledger.md invariant 7). */
export function eventHash(input: HashInput): string {
  return createHash('sha256').update(eventHashContent(input)).digest('hex');
}

/**
 * A stream's events as read, from `fromRevision` on, checked as stored (a read with `verify`: each
 * adapter's readStream): consecutive revisions, each event's content against its stored hash, and each
 * previous-hash against the hash of the event before it, the first one against `prevHash` (the tail the
 * reader already holds, null from the stream's start). Throws StreamIntegrityError at the first event that
 * fails. What it cannot see: an event changed together with its hash and every later hash of the stream
 * (the tree and the digests see it, docs/architecture/verifiable-ledger.md), and events before
 * `fromRevision`.
 */
export function verifyStreamEvents(
  streamName: string,
  fromRevision: bigint,
  events: readonly RecordedEvent[],
  prevHash: string | null,
): void {
  let revision = fromRevision;
  let previous = prevHash;
  for (const event of events) {
    if (event.revision !== revision)
      throw new StreamIntegrityError(
        streamName,
        event,
        'revision',
        `expected revision ${revision} (an event is missing or out of order)`,
      );
    const linked = event.metadata.prevHash ?? null;
    if (eventHash({ ...event, prevHash: linked }) !== event.metadata.hash)
      throw new StreamIntegrityError(
        streamName,
        event,
        'hash',
        'content does not match its hash (the event was changed)',
      );
    if (linked !== previous)
      throw new StreamIntegrityError(
        streamName,
        event,
        'chain',
        'its previous-hash does not match the event before it in the stream',
      );
    previous = event.metadata.hash;
    revision++;
  }
}
