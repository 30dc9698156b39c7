import { describe, expect, it } from 'vitest';
import { toEnvelope, toRecorded } from './records.ts';

// The multi-stream append carries metadata as string properties only (records.ts): what goes in through the
// envelope must read back as the same metadata as an ordinary append's, nulls and nesting included.
describe('EventStoreDB metadata envelope', () => {
  const metadata = {
    actor: { kind: 'user', id: 'u-1' },
    correlationId: 'c-1',
    idempotencyKey: null,
    prevHash: null,
    hash: 'ab'.repeat(32),
  };
  const stored = (meta: unknown) => ({
    streamId: 'user-1',
    id: '00000000-0000-4000-8000-000000000001',
    revision: 0n,
    type: 'TokensReceived',
    created: new Date(0),
    data: { amount: '1.00' },
    metadata: meta,
    position: { commit: 5n, prepare: 5n },
  });

  it('sends only string values', () => {
    const envelope = toEnvelope(metadata as never);
    expect(Object.values(envelope).every((value) => typeof value === 'string')).toBe(true);
  });

  it('reads an enveloped event and a plain one back as the same metadata', () => {
    const viaBatch = toRecorded(stored(toEnvelope(metadata as never)));
    const viaAppend = toRecorded(stored(JSON.parse(JSON.stringify(metadata))));
    expect(viaBatch.metadata).toEqual(metadata);
    expect(viaAppend.metadata).toEqual(viaBatch.metadata);
  });
});
