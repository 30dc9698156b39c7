import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comparePositions,
  DuplicateEventIdError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  StreamIntegrityError,
  WrongExpectedRevisionError,
} from './eventStore.ts';
import { eventHash } from './hashChain.ts';

/**
 * The one contract every event store adapter must pass. Written to run on a log that already holds other
 * events (a shared EventStoreDB server): every test uses its own stream names and looks only at them.
 */
export interface ContractSubject {
  store: EventStore;
  /**
   * Makes the next append to `streamName` take its place in the log and then wait, uncommitted, until
   * `release` is called. Postgres: the append transaction is held open just before COMMIT.
   */
  holdNextAppend(streamName: string): { release(): void };
  dispose(): Promise<void>;
}

/**
 * The held appends of a subject: `holdNextAppend` is the subject's; the store's hook before it commits an
 * append awaits `heldFor` (or `takeHeld`, which also forgets the hold) for the stream.
 */
export function appendHolds() {
  const held = new Map<string, Promise<void>>();
  return {
    isHeld: (streamName: string) => held.has(streamName),
    heldFor: (streamName: string) => held.get(streamName),
    takeHeld(streamName: string) {
      const hold = held.get(streamName);
      held.delete(streamName);
      return hold;
    },
    holdNextAppend(streamName: string) {
      let release!: () => void;
      held.set(
        streamName,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return { release };
    },
  };
}

export function newEvent(type: string, data: unknown = {}): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: { actorId: null, correlationId: randomUUID(), causationId: null },
  };
}

export function stream(label: string): string {
  return `contract${label}-${randomUUID().replaceAll('-', '')}`;
}

async function collect(
  store: EventStore,
  after: RecordedEvent['position'] | null,
  until: (events: RecordedEvent[]) => boolean,
  streams: Set<string>,
  timeoutMs = 10_000,
): Promise<RecordedEvent[]> {
  const seen: RecordedEvent[] = [];
  let failure: unknown = null;
  let resolveDone!: () => void;
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });
  const subscription = store.subscribeToAll({
    after,
    onEvents: async (events) => {
      for (const event of events) if (streams.has(event.streamName)) seen.push(event);
      if (until(seen)) resolveDone();
    },
    onError: (error) => {
      failure = error;
      resolveDone();
    },
  });
  const timer = setTimeout(resolveDone, timeoutMs);
  await done;
  clearTimeout(timer);
  await subscription.close();
  if (failure) throw failure;
  return seen;
}

export function eventStoreContract(name: string, makeSubject: () => Promise<ContractSubject>) {
  describe(`event store contract: ${name}`, () => {
    const t = heldSubject(makeSubject);
    writeCases(t);
    revisionCases(t);
    readCases(t);
  });
}

export interface Held {
  subject: ContractSubject;
  store: EventStore;
}

/** The subject of one describe: made before its tests, disposed after. */
export function heldSubject(makeSubject: () => Promise<ContractSubject>): Held {
  const held = {} as Held;
  beforeAll(async () => {
    held.subject = await makeSubject();
    held.store = held.subject.store;
  });
  afterAll(async () => {
    await held.subject?.dispose();
  });
  return held;
}

/** Appends, reads back, hashes and long streams. */
function writeCases(t: Held) {
  it('refuses an append of no events, or of an event whose id is not a UUID, and writes nothing', async () => {
    const s = stream('Refused');
    await expect(t.store.append(s, [], { expectedRevision: 'no_stream' })).rejects.toThrow(
      'append needs at least one event',
    );
    const notAUuid = { ...newEvent('A'), id: 'not-a-uuid' };
    await expect(
      t.store.append(s, [newEvent('A'), notAUuid], { expectedRevision: 'no_stream' }),
    ).rejects.toThrow('Event id not-a-uuid is not a UUID');
    // In capitals it would be stored in lower case, and then fail the hash taken over the id as given.
    const capitals = { ...newEvent('A'), id: newEvent('A').id.toUpperCase() };
    await expect(t.store.append(s, [capitals], { expectedRevision: 'no_stream' })).rejects.toThrow(
      'is not a UUID in lower case',
    );
    expect(await t.store.readStream(s)).toEqual([]);
  });

  it('appends and reads a stream back with revisions, metadata and a hash chain', async () => {
    const s = stream('Read');
    const events = [newEvent('A', { n: 1, text: 'é"\\' }), newEvent('B', { nested: { z: 1, a: [1, 2] } })];
    events[0]!.metadata = {
      actorId: 'user0001',
      correlationId: randomUUID(),
      causationId: null,
      idempotencyKey: 'k1',
    };
    const result = await t.store.append(s, events, { expectedRevision: 'no_stream' });
    expect(result.nextRevision).toBe(1n);
    const third = newEvent('C');
    const second = await t.store.append(s, [third], { expectedRevision: 1n });
    expect(second.nextRevision).toBe(2n);
    expect(comparePositions(second.position, result.position)).toBeGreaterThan(0);

    const read = await t.store.readStream(s);
    expect(read.map((e) => [e.type, e.revision, e.id])).toEqual([
      ['A', 0n, events[0]!.id],
      ['B', 1n, events[1]!.id],
      ['C', 2n, third.id],
    ]);
    expect(read[0]!.data).toEqual({ n: 1, text: 'é"\\' });
    expect(read[0]!.metadata.actorId).toBe('user0001');
    expect(read[0]!.metadata.idempotencyKey).toBe('k1');
    expect(read[0]!.recordedAt).toBeInstanceOf(Date);
    expect(read[0]!.metadata.prevHash).toBeNull();
    let prev: string | null = null;
    for (const event of read) {
      expect(event.metadata.prevHash).toBe(prev);
      const recomputed = eventHash({ ...event, prevHash: prev });
      expect(event.metadata.hash).toBe(recomputed);
      prev = event.metadata.hash;
    }
    expect((await t.store.readStream(s, { fromRevision: 1n, maxCount: 1 })).map((e) => e.type)).toEqual([
      'B',
    ]);
    expect(await t.store.readStream(stream('Missing'))).toEqual([]);
  });

  it('answers the hash of the last event appended, and checks a read that asks to be verified', async () => {
    const s = stream('Verified');
    const first = await t.store.append(s, [newEvent('A'), newEvent('B')], { expectedRevision: 'no_stream' });
    const second = await t.store.append(s, [newEvent('C')], { expectedRevision: 1n });
    const read = await t.store.readStream(s);
    expect([first.hash, second.hash]).toEqual([read[1]!.metadata.hash, read[2]!.metadata.hash]);
    // From the start, and from a tail the reader holds (the write side's cached state).
    expect(await t.store.readStream(s, { verify: { prevHash: null } })).toEqual(read);
    expect(await t.store.readStream(s, { fromRevision: 2n, verify: { prevHash: first.hash } })).toEqual([
      read[2]!,
    ]);
    // A tail that is not the stream's: the event read does not chain onto it, and nothing is handed over.
    const refused = await t.store
      .readStream(s, { fromRevision: 2n, verify: { prevHash: second.hash } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StreamIntegrityError);
    expect(refused).toMatchObject({ streamName: s, kind: 'chain' });
    expect((refused as Error).message).toContain(`Stream ${s} fails its integrity check at revision 2`);
    await expect(t.store.readStream(s, { fromRevision: 1n, verify: { prevHash: null } })).rejects.toThrow(
      'its previous-hash does not match the event before it',
    );
  });
}

/** Expected revisions, racing appends and retried event ids. */
function revisionCases(t: Held) {
  it('keeps a long stream in revision order, past any digit boundary', async () => {
    const s = stream('Long');
    for (let i = 0; i < 25; i += 5) {
      await t.store.append(
        s,
        Array.from({ length: 5 }, (_, j) => newEvent(`E${i + j}`)),
        { expectedRevision: i === 0 ? 'no_stream' : BigInt(i - 1) },
      );
    }
    const read = await t.store.readStream(s);
    expect(read.map((e) => e.type)).toEqual(Array.from({ length: 25 }, (_, i) => `E${i}`));
    expect(read.map((e) => e.revision)).toEqual(Array.from({ length: 25 }, (_, i) => BigInt(i)));
    expect((await t.store.readStream(s, { fromRevision: 9n, maxCount: 3 })).map((e) => e.type)).toEqual([
      'E9',
      'E10',
      'E11',
    ]);
  });

  it('rejects a wrong expected revision with a typed error and writes nothing', async () => {
    const s = stream('Expected');
    await t.store.append(s, [newEvent('A')], { expectedRevision: 'no_stream' });
    await expect(
      t.store.append(s, [newEvent('B')], { expectedRevision: 'no_stream' }),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(t.store.append(s, [newEvent('B')], { expectedRevision: 5n })).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    await expect(
      t.store.append(stream('Absent'), [newEvent('B')], { expectedRevision: 'stream_exists' }),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await t.store.append(s, [newEvent('C')], { expectedRevision: 'stream_exists' });
    await t.store.append(s, [newEvent('D')], { expectedRevision: 'any' });
    expect((await t.store.readStream(s)).map((e) => e.type)).toEqual(['A', 'C', 'D']);
  });

  it('lets exactly one of many concurrent appends at the same revision win', async () => {
    const s = stream('Race');
    await t.store.append(s, [newEvent('Open')], { expectedRevision: 'no_stream' });
    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        t.store.append(s, [newEvent(`Try${i}`)], { expectedRevision: 0n }),
      ),
    );
    const won = attempts.filter((a) => a.status === 'fulfilled');
    const lost = attempts.filter((a) => a.status === 'rejected');
    expect(won).toHaveLength(1);
    for (const failure of lost) expect(failure.reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect(await t.store.readStream(s)).toHaveLength(2);

    const fresh = stream('RaceNew');
    const creations = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        t.store.append(fresh, [newEvent('Created')], { expectedRevision: 'no_stream' }),
      ),
    );
    expect(creations.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    expect(await t.store.readStream(fresh)).toHaveLength(1);
  });

  it('treats a retried append of the same event ids as done, and refuses an id reused elsewhere', async () => {
    const s = stream('Retry');
    const events = [newEvent('A'), newEvent('B')];
    const first = await t.store.append(s, events, { expectedRevision: 'no_stream' });
    const again = await t.store.append(s, events, { expectedRevision: 'no_stream' });
    expect(again.nextRevision).toBe(first.nextRevision);
    expect(comparePositions(again.position, first.position)).toBe(0);
    expect(await t.store.readStream(s)).toHaveLength(2);
    await expect(
      t.store.append(stream('Other'), [events[0]!], { expectedRevision: 'any' }),
    ).rejects.toBeInstanceOf(DuplicateEventIdError);
  });
}

/** Reading the whole log, subscriptions, and the order a subscriber sees. */
function readCases(t: Held) {
  it('reads the whole log in order, in batches, from a position', async () => {
    const start = await t.store.headPosition();
    const a = stream('AllA');
    const b = stream('AllB');
    const written: string[] = [];
    for (let i = 0; i < 6; i++) {
      const event = newEvent(`E${i}`);
      written.push(event.id);
      await t.store.append(i % 2 === 0 ? a : b, [event], { expectedRevision: 'any' });
    }
    const mine = new Set([a, b]);
    const seen: RecordedEvent[] = [];
    let after = start;
    for (;;) {
      const batch = await t.store.readAll({ after, limit: 2 });
      if (batch.length === 0) break;
      expect(batch.length).toBeLessThanOrEqual(2);
      for (const event of batch) if (mine.has(event.streamName)) seen.push(event);
      after = batch[batch.length - 1]!.position;
    }
    expect(seen.map((e) => e.id)).toEqual(written);
    for (let i = 1; i < seen.length; i++) {
      expect(comparePositions(seen[i]!.position, seen[i - 1]!.position)).toBeGreaterThan(0);
    }
    expect(comparePositions(await t.store.headPosition(), seen[5]!.position)).toBeGreaterThanOrEqual(0);
  });

  it('pushes new events to a subscriber and resumes from a checkpoint', async () => {
    const s = stream('Sub');
    const start = await t.store.headPosition();
    const mine = new Set([s]);
    const firstWave = collect(t.store, start, (seen) => seen.length >= 3, mine);
    for (let i = 0; i < 3; i++) await t.store.append(s, [newEvent(`First${i}`)], { expectedRevision: 'any' });
    const first = await firstWave;
    expect(first.map((e) => e.type)).toEqual(['First0', 'First1', 'First2']);
    const checkpoint = first[2]!.position;

    for (let i = 0; i < 2; i++)
      await t.store.append(s, [newEvent(`Second${i}`)], { expectedRevision: 'any' });
    const resumed = await collect(t.store, checkpoint, (seen) => seen.length >= 2, mine, 3_000);
    expect(resumed.map((e) => e.type)).toEqual(['Second0', 'Second1']);
  });

  it('never lets a subscriber pass an append that took its place earlier but commits later', async () => {
    const late = stream('Late');
    const early = stream('Early');
    const mine = new Set([late, early]);
    const start = await t.store.headPosition();
    const received: RecordedEvent[] = [];
    let failure: unknown = null;
    const subscription = t.store.subscribeToAll({
      after: start,
      onEvents: async (events) => {
        for (const event of events) if (mine.has(event.streamName)) received.push(event);
      },
      onError: (error) => {
        failure = error;
      },
    });

    const hold = t.subject.holdNextAppend(late);
    const lateAppend = t.store.append(late, [newEvent('Late')], { expectedRevision: 'no_stream' });
    // Give the held append time to take its position before the others commit.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (let i = 0; i < 3; i++)
      await t.store.append(early, [newEvent(`Early${i}`)], { expectedRevision: 'any' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Whatever the subscriber has seen so far, it must be consistent with the final order below.
    const beforeRelease = received.map((e) => e.type);

    hold.release();
    await lateAppend;
    const deadline = Date.now() + 10_000;
    while (received.length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await subscription.close();
    expect(failure).toBeNull();
    const types = received.map((e) => e.type);
    expect(types.sort()).toEqual(['Early0', 'Early1', 'Early2', 'Late']);
    // Delivered in log order, and the late event was not skipped: readAll agrees with the subscription.
    const fromLog: RecordedEvent[] = [];
    let after = start;
    for (;;) {
      const batch = await t.store.readAll({ after, limit: 100 });
      if (batch.length === 0) break;
      for (const event of batch) if (mine.has(event.streamName)) fromLog.push(event);
      after = batch[batch.length - 1]!.position;
    }
    expect(received.map((e) => e.id)).toEqual(fromLog.map((e) => e.id));
    // If the store ordered the late event first, the subscriber must have waited for it.
    if (fromLog[0]!.type === 'Late') expect(beforeRelease).toEqual([]);
  });
}
