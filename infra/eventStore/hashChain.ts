import { createHash } from 'node:crypto';
import { canonicalJson, eventHashContent, type HashInput } from '../../domain/verifiable/eventContent.ts';

export { canonicalJson, type HashInput };

/** The hash that chains an event to its stream's previous one (docs/ledger.md invariant 7). */
export function eventHash(input: HashInput): string {
  return createHash('sha256').update(eventHashContent(input)).digest('hex');
}
