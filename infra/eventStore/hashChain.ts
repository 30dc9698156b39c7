import { createHash } from 'node:crypto';
import type { EventMetadata } from './eventStore.ts';

/**
 * Canonical JSON: object keys sorted, no whitespace. Events carry no floats (money is a decimal string),
 * so JSON numbers round-trip exactly through jsonb and through EventStoreDB.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'bigint') return JSON.stringify(value.toString());
    return JSON.stringify(value ?? null);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export interface HashInput {
  streamName: string;
  revision: bigint;
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  prevHash: string | null;
}

/** The hash that chains an event to its stream's previous one (LEDGER.md invariant 7). */
export function eventHash(input: HashInput): string {
  const { actorId, correlationId, causationId, idempotencyKey } = input.metadata;
  const content = canonicalJson({
    stream: input.streamName,
    revision: input.revision.toString(),
    id: input.id,
    type: input.type,
    data: input.data,
    metadata: { actorId, correlationId, causationId, idempotencyKey: idempotencyKey ?? null },
    prevHash: input.prevHash,
  });
  return createHash('sha256').update(content).digest('hex');
}
