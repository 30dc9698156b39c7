import type { PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../infra/eventStore/eventStore.ts';
import {
  applyEvent,
  applyEventByEvent,
  defineProjection,
  handledTypes,
  handlesType,
  oneHandlerFor,
  PoisonEventError,
  type Projection,
} from './projection.ts';

type Ticked = { type: 'Ticked'; data: { n: number } } | { type: 'Tocked'; data: { label: string } };

const event = (type: string, data: unknown, commit: bigint, prepare: bigint): RecordedEvent => ({
  id: `00000000-0000-4000-8000-${String(commit).padStart(12, '0')}`,
  streamName: 'clock-1',
  revision: 0n,
  type,
  data,
  metadata: { actorId: null, correlationId: 'c', causationId: null, prevHash: null, hash: 'h' },
  position: { commit, prepare },
  recordedAt: new Date(0),
});

// The handlers here never touch the connection.
const tx = null as unknown as PoolClient;

describe('projection handlers keyed by event type', () => {
  const seen: string[] = [];
  const clock: Projection = defineProjection<Ticked>({
    name: 'clock',
    version: 1,
    tables: [],
    schema: '',
    handlers: {
      async Ticked(e) {
        if (e.data.n < 0) throw new Error('negative tick');
        seen.push(`tick ${e.data.n}`);
      },
      async Tocked(e) {
        seen.push(`tock ${e.data.label}`);
      },
    },
  });

  it('reads exactly the types it has handlers for', () => {
    expect(handledTypes(clock)).toEqual(['Ticked', 'Tocked']);
    expect(handlesType(clock, 'Ticked')).toBe(true);
    expect(handlesType(clock, 'Other')).toBe(false);
    // Only its own keys: nothing an object inherits counts as a handler.
    expect(handlesType(clock, 'toString')).toBe(false);
    expect(handledTypes({ ...clock, handlers: oneHandlerFor(['A', 'B'], async () => {}) })).toEqual([
      'A',
      'B',
    ]);
  });

  it("routes each event to its type's handler and skips the others", async () => {
    seen.length = 0;
    await applyEvent(clock, event('Ticked', { n: 1 }, 1n, 1n), tx);
    await applyEvent(clock, event('Other', {}, 2n, 2n), tx);
    await applyEvent(clock, event('toString', {}, 3n, 3n), tx);
    await applyEventByEvent(clock, [event('Tocked', { label: 'x' }, 4n, 4n), event('Other', {}, 5n, 5n)], tx);
    expect(seen).toEqual(['tick 1', 'tock x']);
  });

  it('names a poison event with a typed error: projection, event id, type and position', async () => {
    const poison = event('Ticked', { n: -1 }, 12n, 34n);
    const failure = await applyEventByEvent(clock, [event('Ticked', { n: 2 }, 11n, 1n), poison], tx).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(PoisonEventError);
    const error = failure as PoisonEventError;
    expect(error).toMatchObject({
      projection: 'clock',
      eventId: poison.id,
      eventType: 'Ticked',
      position: { commit: 12n, prepare: 34n },
    });
    // The message the health and admin screens show is the one it always was.
    expect(error.message).toBe('Ticked at 12-34: negative tick');
    expect((error.cause as Error).message).toBe('negative tick');
  });
});
