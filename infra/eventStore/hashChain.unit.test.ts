import { describe, expect, it } from 'vitest';
import { Random } from '../../testing/random.ts';
import { canonicalJson, eventHash } from './hashChain.ts';

/**
 * The canonical form as the first events of every log were hashed with it. Any change to canonicalJson must
 * give the very same text, or the hash chains already written stop verifying (docs/ledger.md invariant 7).
 */
function reference(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'bigint') return JSON.stringify(value.toString());
    return JSON.stringify(value ?? null);
  }
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(',')}}`;
}

const KEYS = ['a', 'B', 'b', 'aa', 'Z', '_x', 'é', 'ß', '10', '2', 'key "q"', 'tab\t', '\u{1F600}', 'ä', ''];
const STRINGS = [
  '',
  'plain',
  'quote "x"',
  'back\\slash',
  'line\nbreak',
  'ünïcødé',
  '\u{1F4B0}',
  '\u0000',
  '12.34',
];

function randomValue(random: Random, depth: number): unknown {
  const kind = random.int(0, depth > 3 ? 5 : 8);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return random.chance(0.5);
    case 2:
      return random.int(-1_000_000, 1_000_000);
    case 3:
      return BigInt(random.int(0, 1_000_000)) * 1_000_000_000_000n;
    case 4:
      return undefined;
    case 5:
      return STRINGS[random.int(0, STRINGS.length - 1)];
    case 6:
    case 7: {
      const object: Record<string, unknown> = {};
      for (let i = random.int(0, 6); i > 0; i--)
        object[KEYS[random.int(0, KEYS.length - 1)]!] = randomValue(random, depth + 1);
      return object;
    }
    default:
      return Array.from({ length: random.int(0, 4) }, () => randomValue(random, depth + 1));
  }
}

describe('canonicalJson', () => {
  it('gives the text the hash chains were first written with, for any value an event can hold', () => {
    const random = new Random(20261126);
    for (let i = 0; i < 5_000; i++) {
      const value = randomValue(random, 0);
      expect(canonicalJson(value)).toBe(reference(value));
    }
  });

  it("keeps a known event's hash", () => {
    expect(
      eventHash({
        streamName: 'account-1',
        revision: 7n,
        id: '0b4f5c1e-3d2a-4f6b-9c8d-7e6f5a4b3c2d',
        type: 'TokensTransferred',
        data: {
          units: 1234n,
          amount: '12.34',
          to: 'ünïcødé "b"',
          skip: undefined,
          list: [1, { z: 1, a: null }],
        },
        metadata: { actorId: 'user-1', correlationId: 'c-1', causationId: null },
        prevHash: 'f'.repeat(64),
      }),
    ).toBe('b74e3fc643c961b2a0b5946b0d09d23152f4eab5d0904616c6124da470b9e52a');
  });
});
