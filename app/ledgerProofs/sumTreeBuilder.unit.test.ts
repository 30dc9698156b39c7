import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildSumTree } from '../../domain/verifiable/liabilities.ts';
import { buildSumTreeInSlices } from './sumTreeBuilder.ts';

const padding = (i: number) => new Uint8Array(32).fill(i % 256);

describe('buildSumTreeInSlices', () => {
  it('builds the very tree buildSumTree builds, for sizes around the slices and powers of two', async () => {
    for (const n of [0, 1, 2, 3, 7, 8, 9, 199, 200, 201, 513, 1500]) {
      const leaves = Array.from({ length: n }, (_, i) => ({
        account: `user:${i}`,
        balance: BigInt(randomBytes(6).readUIntBE(0, 6)) * BigInt(i % 3),
        nonce: new Uint8Array(randomBytes(32)),
      }));
      const expected = buildSumTree(leaves, padding);
      const built = await buildSumTreeInSlices(leaves, padding);
      expect(built.levels, `n = ${n}`).toEqual(expected.levels);
      expect(built.root, `n = ${n}`).toEqual(expected.root);
      expect([...built.positions], `n = ${n}`).toEqual([...expected.positions]);
    }
  });

  it('builds the same padded, keyed tree at a minimum width, the padding placed among the leaves', async () => {
    const leaves = Array.from({ length: 12 }, (_, i) => ({
      account: `user:${i % 3}`,
      key: `user:${i % 3}#${Math.floor(i / 3)}`,
      balance: BigInt(i + 1),
      nonce: new Uint8Array(randomBytes(32)),
    }));
    const ids = (i: number) => new Uint8Array(randomBytes(32)).fill(i, 31);
    const fixed = Array.from({ length: 64 }, (_, i) => ids(i));
    const expected = buildSumTree(leaves, (i) => fixed[i]!, 64);
    const built = await buildSumTreeInSlices(leaves, (i) => fixed[i]!, 64);
    expect(built.levels).toEqual(expected.levels);
    expect([...built.positions]).toEqual([...expected.positions]);
    expect(built.levels[0]).toHaveLength(64);
    expect(built.positions.size).toBe(12);
    expect(built.root.sum).toBe(78n);
    // Placed by identifier: the keyed leaves are not the first 12.
    expect(Math.max(...built.positions.values())).toBeGreaterThan(11);
  });

  it('refuses a negative balance and a sum beyond 128 bits, as buildSumTree does', async () => {
    const nonce = new Uint8Array(32);
    await expect(buildSumTreeInSlices([{ account: 'user:a', balance: -1n, nonce }], padding)).rejects.toThrow(
      RangeError,
    );
    const huge = (1n << 127n) + 1n;
    await expect(
      buildSumTreeInSlices(
        [
          { account: 'user:a', balance: huge, nonce },
          { account: 'user:b', balance: huge, nonce: new Uint8Array(32).fill(1) },
        ],
        padding,
      ),
    ).rejects.toThrow(/overflow/);
  });

  it('lets the event loop through while it builds', async () => {
    const leaves = Array.from({ length: 3_000 }, (_, i) => ({
      account: `user:${i}`,
      balance: 1n,
      nonce: new Uint8Array(randomBytes(32)),
    }));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    await buildSumTreeInSlices(leaves, padding);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });
});
