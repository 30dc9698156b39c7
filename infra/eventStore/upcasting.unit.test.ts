import { describe, expect, it } from 'vitest';
import type { EventMetadata, RecordedEvent } from './eventStore.ts';
import { eventHash } from './hashChain.ts';
import { InMemoryEventStore } from './inMemoryEventStore.ts';
import {
  EVENT_UPCASTERS,
  rawStore,
  schemaVersionOf,
  type Upcaster,
  Upcasters,
  upcastingStore,
} from './upcasting.ts';

// A sample change of shape: version 2 of a minted amount names its asset's unit, version 3 splits the
// source into kind and reference.
type MintedV1 = { userId: string; amount: string; source: string };
const toV2: Upcaster = {
  type: 'SampleMinted',
  from: 1,
  up: (data) => ({ ...(data as MintedV1), unit: 'SAI' }),
};
const toV3: Upcaster = {
  type: 'SampleMinted',
  from: 2,
  up: (data) => {
    const { source, ...rest } = data as MintedV1 & { unit: string };
    const [kind, reference = null] = source.split(':');
    return { ...rest, source: { kind, reference } };
  },
};
const metadata: EventMetadata = { actorId: null, correlationId: 'c1', causationId: null };

function recorded(data: unknown, schemaVersion?: number, type = 'SampleMinted'): RecordedEvent {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    streamName: 'sample-1',
    revision: 0n,
    type,
    data,
    metadata: { ...metadata, ...(schemaVersion ? { schemaVersion } : {}), prevHash: null, hash: 'h' },
    position: { commit: 1n, prepare: 1n },
    recordedAt: new Date(0),
  };
}

describe('event schema versions and upcasters', () => {
  it('reads an event without a schema version as version 1', () => {
    expect(schemaVersionOf(recorded({}))).toBe(1);
    expect(schemaVersionOf(recorded({}, 2))).toBe(2);
  });

  it('ships an empty registry: every type is at version 1 and events read as stored', () => {
    expect(EVENT_UPCASTERS.isEmpty).toBe(true);
    const event = recorded({ userId: 'u1', amount: '5', source: 'distribution' });
    expect(EVENT_UPCASTERS.upcast(event)).toBe(event);
    expect(EVENT_UPCASTERS.stamp('TokensMinted', metadata)).toBe(metadata);
  });

  it('brings an old event through each step to the current shape, and leaves current ones alone', () => {
    const upcasters = new Upcasters([toV3, toV2]);
    expect(upcasters.currentVersion('SampleMinted')).toBe(3);
    expect(upcasters.currentVersion('OtherEvent')).toBe(1);
    const old = recorded({ userId: 'u1', amount: '5.00', source: 'payment:p-7' });
    const upcast = upcasters.upcast(old);
    expect(upcast.data).toEqual({
      userId: 'u1',
      amount: '5.00',
      unit: 'SAI',
      source: { kind: 'payment', reference: 'p-7' },
    });
    expect(upcast.metadata.schemaVersion).toBe(3);
    // The stored event is not changed.
    expect(old.data).toEqual({ userId: 'u1', amount: '5.00', source: 'payment:p-7' });
    const fromV2 = upcasters.upcast(recorded({ userId: 'u1', amount: '1', unit: 'SAI', source: 'x' }, 2));
    expect(fromV2.data).toEqual({
      userId: 'u1',
      amount: '1',
      unit: 'SAI',
      source: { kind: 'x', reference: null },
    });
    const current = recorded({ any: 'thing' }, 3);
    expect(upcasters.upcast(current)).toBe(current);
    const other = recorded({ n: 1 }, undefined, 'OtherEvent');
    expect(upcasters.upcast(other)).toBe(other);
    expect(() => upcasters.upcast(recorded({}, 4))).toThrow('newer than this code');
  });

  it('refuses a chain with a gap or a step defined twice', () => {
    expect(() => new Upcasters([toV3])).toThrow('no upcaster for SampleMinted from version 1');
    expect(() => new Upcasters([toV2, toV2])).toThrow('two upcasters for SampleMinted@1');
  });

  it('stamps new events of a changed type with its version, and hashes a version above 1', () => {
    const upcasters = new Upcasters([toV2]);
    expect(upcasters.stamp('SampleMinted', metadata)).toEqual({ ...metadata, schemaVersion: 2 });
    expect(upcasters.stamp('OtherEvent', metadata)).toBe(metadata);
    const input = { streamName: 's', revision: 0n, id: 'i', type: 'T', data: { a: 1 }, prevHash: null };
    const plain = eventHash({ ...input, metadata });
    // Version 1, written or not, hashes as every event did before versions existed.
    expect(eventHash({ ...input, metadata: { ...metadata, schemaVersion: 1 } })).toBe(plain);
    expect(eventHash({ ...input, metadata: { ...metadata, schemaVersion: 2 } })).not.toBe(plain);
  });

  it('applies the upcasters where the log is read, and keeps the stored form for the audit', async () => {
    const store = new InMemoryEventStore();
    await store.append(
      'sample-1',
      [
        {
          id: '00000000-0000-4000-8000-000000000002',
          type: 'SampleMinted',
          data: { userId: 'u', amount: '2', source: 'd' },
          metadata,
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    expect(upcastingStore(store, EVENT_UPCASTERS)).toBe(store);
    const reading = upcastingStore(store, new Upcasters([toV2]));
    expect((await reading.readStream('sample-1'))[0]!.data).toEqual({
      userId: 'u',
      amount: '2',
      source: 'd',
      unit: 'SAI',
    });
    expect((await reading.readAll({ after: null, limit: 10 }))[0]!.metadata.schemaVersion).toBe(2);
    const delivered = await new Promise<RecordedEvent[]>((resolve, reject) => {
      const subscription = reading.subscribeToAll({
        after: null,
        onEvents: async (events) => {
          resolve(events);
          await subscription.close();
        },
        onError: reject,
      });
    });
    expect(delivered[0]!.data).toMatchObject({ unit: 'SAI' });
    expect(reading.bulkRead).toBeUndefined();
    expect(rawStore(reading)).toBe(store);
    expect((await rawStore(reading).readAll({ after: null, limit: 10 }))[0]!.data).toEqual({
      userId: 'u',
      amount: '2',
      source: 'd',
    });
  });
});
