/**
 * What an event's per-stream hash covers (docs/ledger.md invariant 7), as text: the store hashes it with
 * node:crypto (infra/eventStore/hashChain.ts) and a receipt's checker with WebCrypto (verify.ts), so both
 * build it here.
 *
 * Canonical JSON: object keys sorted, no whitespace. Events carry no floats (money is a decimal string),
 * so JSON numbers round-trip exactly through jsonb and through EventStoreDB.
 *
 * Every appended event goes through here (its hash), so it builds the text in one string instead of
 * entry arrays, sorted copies and joins: these were a seventh of all the API allocated under the transfer
 * load (BENCHMARKS.md, stop 20). `Object.keys(…).sort()` orders by UTF-16 code units, as the comparison
 * of the first form did; hashChain.unit.test.ts holds the text to that first form and to a known hash.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'bigint') return JSON.stringify(value.toString());
    return JSON.stringify(value ?? null);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let text = '{';
  for (const key of keys) {
    const field = record[key];
    if (field === undefined) continue;
    if (text.length > 1) text += ',';
    text += JSON.stringify(key);
    text += ':';
    text += canonicalJson(field);
  }
  return `${text}}`;
}

/** The metadata fields an event's hash covers (the rest of its metadata is not hashed). */
export interface HashedMetadata {
  actorId: string | null;
  correlationId: string;
  causationId: string | null;
  idempotencyKey?: string | null;
  schemaVersion?: number;
}

export interface HashInput {
  streamName: string;
  revision: bigint;
  id: string;
  type: string;
  data: unknown;
  metadata: HashedMetadata;
  prevHash: string | null;
}

/** The canonical text an event's hash is the SHA-256 (hex) of. */
export function eventHashContent(input: HashInput): string {
  const { actorId, correlationId, causationId, idempotencyKey, schemaVersion } = input.metadata;
  return canonicalJson({
    stream: input.streamName,
    revision: input.revision.toString(),
    id: input.id,
    type: input.type,
    data: input.data,
    // A schema version above 1 is hashed with the event; 1 (or none, every event before it existed) is left
    // out (canonicalJson skips undefined), so those events' hashes are what they always were.
    metadata: {
      actorId,
      correlationId,
      causationId,
      idempotencyKey: idempotencyKey ?? null,
      schemaVersion: schemaVersion === undefined || schemaVersion === 1 ? undefined : schemaVersion,
    },
    prevHash: input.prevHash,
  });
}
