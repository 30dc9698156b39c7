import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../../infra/eventStore/eventStore.ts';
import { pseudonym } from '../pseudonyms.ts';
import { seal } from '../sealing.ts';
import { legacyStreamName, legacyUniqueStream, pseudonymousStreamName } from './legacyNames.ts';

const key = randomBytes(32);

function event(type: string, data: Record<string, unknown>, revision = 0n): RecordedEvent {
  return {
    id: `e${revision}`,
    streamName: 'ignored',
    revision,
    type,
    data,
    metadata: { actorId: null, correlationId: 'c', causationId: null, prevHash: null, hash: 'h' },
    position: { commit: 1n, prepare: revision + 1n },
    recordedAt: new Date(0),
  };
}

const reserved = (value: unknown, kind = 'email') =>
  event('UniqueValueReserved', { kind, value, userId: 'u1', reservedAt: '2026-01-01T00:00:00.000Z' });

describe('legacy uniqueness streams', () => {
  it('are recognised by their content: the name is the value in clear', () => {
    expect(legacyUniqueStream('userEmail-ada@example.org', [reserved('Ada@Example.org')])).toEqual({
      kind: 'email',
      value: 'Ada@Example.org',
    });
    const released = event(
      'UniqueValueReleased',
      { kind: 'username', value: 'ada', userId: 'u1', releasedAt: 'x', reason: 'changed' },
      1n,
    );
    expect(legacyUniqueStream('userName-ada', [reserved('ada', 'username'), released])).toEqual({
      kind: 'username',
      value: 'ada',
    });
    expect(legacyStreamName('email', ' Ada@Example.org ')).toBe('userEmail-ada@example.org');
  });

  it('never takes a stream in the new form for one, whatever its name looks like', () => {
    const sealed = seal({ subjectId: 'u1', key: randomBytes(32) }, 'ada', 'ctx');
    const name = pseudonymousStreamName(key, 'username', 'ada');
    expect(legacyUniqueStream(name, [reserved(sealed, 'username')])).toBeNull();
    // A username that looks like a pseudonym, but sealed: still not legacy.
    expect(legacyUniqueStream(`userName-${'a'.repeat(64)}`, [reserved(sealed, 'username')])).toBeNull();
    // Named after another value, or not a uniqueness stream at all.
    expect(legacyUniqueStream('userEmail-bob@example.org', [reserved('ada@example.org')])).toBeNull();
    expect(legacyUniqueStream('user-u1', [event('UserRegistered', { email: 'ada@example.org' })])).toBeNull();
    expect(legacyUniqueStream('userEmail-', [])).toBeNull();
  });

  it('refuses a stream named after a value in clear that holds something else', () => {
    expect(() =>
      legacyUniqueStream('userEmail-ada@example.org', [
        reserved('ada@example.org'),
        event('UserRegistered', { email: 'ada@example.org' }, 1n),
      ]),
    ).toThrow(/not a uniqueness event of that value: nothing changed/);
  });

  it('get the name the app uses: the prefix and the pseudonym of the trimmed, lower-cased value', () => {
    expect(pseudonymousStreamName(key, 'email', ' Ada@Example.ORG ')).toBe(
      `userEmail-${pseudonym(key, 'email', 'ada@example.org')}`,
    );
    expect(pseudonymousStreamName(key, 'username', 'Ada')).toBe(
      `userName-${pseudonym(key, 'username', 'ada')}`,
    );
    expect(pseudonymousStreamName(key, 'username', 'ada')).not.toBe(
      pseudonymousStreamName(key, 'email', 'ada'),
    );
  });
});
