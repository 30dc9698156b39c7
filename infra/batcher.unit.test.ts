import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.ts';

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('Batcher', () => {
  it('runs an item at once and alone when nothing is in flight', async () => {
    const batches: number[][] = [];
    const batcher = new Batcher<number, number>(
      async (items) => {
        batches.push(items);
        return items.map((n) => n * 2);
      },
      { maxInFlight: 1, maxBatch: 10 },
    );
    expect(await batcher.submit(1)).toBe(2);
    expect(await batcher.submit(2)).toBe(4);
    expect(batches).toEqual([[1], [2]]);
  });

  it('gathers what arrives while a batch is in flight into the next batch, capped at maxBatch', async () => {
    const gate = deferred();
    const batches: number[][] = [];
    const batcher = new Batcher<number, string>(
      async (items) => {
        batches.push(items);
        if (batches.length === 1) await gate.promise;
        return items.map(String);
      },
      { maxInFlight: 1, maxBatch: 3 },
    );
    const answers = [1, 2, 3, 4, 5, 6].map((n) => batcher.submit(n));
    gate.release();
    expect(await Promise.all(answers)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it("lets what a batch's callers submit next, without waiting on I/O, join the very next batch", async () => {
    const gate = deferred();
    const batches: string[][] = [];
    const batcher = new Batcher<string, string>(
      async (items) => {
        batches.push(items);
        if (batches.length === 1) await gate.promise;
        return items;
      },
      { maxInFlight: 1, maxBatch: 10, key: (item) => item.split(':')[0]! },
    );
    // A debit answered, then its caller goes on through a few awaits to the credit (another stream) and
    // to the same stream's next append; meanwhile another stream's append waits for the slot.
    const chain = batcher.submit('a:1').then(async () => {
      await Promise.resolve();
      await Promise.resolve();
      return await Promise.all([batcher.submit('b:credit'), batcher.submit('a:2')]);
    });
    const other = batcher.submit('c:1');
    gate.release();
    await Promise.all([chain, other]);
    expect(batches).toEqual([['a:1'], ['c:1', 'b:credit', 'a:2']]);
  });

  it('never puts two items of one key in the same batch or beside a batch in flight, and keeps their order', async () => {
    const gate = deferred();
    const batches: string[][] = [];
    let running = 0;
    let overlap = false;
    const held = new Set<string>();
    const batcher = new Batcher<string, string>(
      async (items) => {
        batches.push(items);
        running++;
        const keys = items.map((item) => item.split(':')[0]!);
        if (keys.some((key) => held.has(key)) || new Set(keys).size !== keys.length) overlap = true;
        for (const key of keys) held.add(key);
        if (batches.length === 1) await gate.promise;
        for (const key of keys) held.delete(key);
        running--;
        return items;
      },
      { maxInFlight: 2, maxBatch: 10, key: (item) => item.split(':')[0]! },
    );
    const answers = ['a:1', 'a:2', 'b:1', 'a:3', 'c:1', 'b:2'].map((item) => batcher.submit(item));
    await new Promise((resolve) => setTimeout(resolve, 10));
    gate.release();
    await Promise.all(answers);
    expect(overlap).toBe(false);
    expect(running).toBe(0);
    const order = batches.flat();
    expect(order.filter((item) => item.startsWith('a:'))).toEqual(['a:1', 'a:2', 'a:3']);
    expect(order.filter((item) => item.startsWith('b:'))).toEqual(['b:1', 'b:2']);
    // a:1 and then b:1 start at once (two slots); c:1 and b:2 follow b:1 together while a:2 and a:3 wait
    // for a:1, then each other.
    expect(batches.slice(0, 3)).toEqual([['a:1'], ['b:1'], ['c:1', 'b:2']]);
    expect(batches.slice(3)).toEqual([['a:2'], ['a:3']]);
  });

  it('fails only the item its batch answered with an Error, and every item when the batch throws', async () => {
    const perItem = new Batcher<number, number>(
      async (items) => items.map((n) => (n === 2 ? new Error('two is refused') : n)),
      { maxInFlight: 1, maxBatch: 10 },
    );
    const [one, two] = await Promise.allSettled([perItem.submit(1), perItem.submit(2)]);
    expect(one).toEqual({ status: 'fulfilled', value: 1 });
    expect(two.status === 'rejected' && (two.reason as Error).message).toBe('two is refused');

    let down = true;
    const broken = new Batcher<number, number>(
      async (items) => {
        if (down) throw new Error('store down');
        return items;
      },
      { maxInFlight: 1, maxBatch: 10 },
    );
    const settled = await Promise.allSettled([broken.submit(1), broken.submit(2)]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    // It keeps serving after a failed batch.
    down = false;
    expect(await broken.submit(7)).toBe(7);
  });
});
