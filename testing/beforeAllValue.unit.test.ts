import { describe, expect, it } from 'vitest';
import { beforeAllValue } from './beforeAllValue.ts';

class Counter {
  count = 0;
  #step = 1;
  add() {
    this.count += this.#step;
    return this.count;
  }
}

describe('beforeAllValue', () => {
  let released: Counter | undefined;
  const counter = beforeAllValue(
    async () => new Counter(),
    async (made) => {
      released = made;
    },
  );
  const readTooEarly = (() => {
    try {
      return counter.count;
    } catch (error) {
      return (error as Error).message;
    }
  })();

  it('throws when read before beforeAll made the value', () => {
    expect(readTooEarly).toBe('used count before beforeAll made the value');
  });

  it('reads and sets through to the made value, its methods bound to it', () => {
    const { add } = counter;
    expect(add()).toBe(1);
    counter.count = 10;
    expect(counter.add()).toBe(11);
    expect('add' in counter).toBe(true);
    expect(released).toBeUndefined();
  });

  it('sets on an object made with it as prototype, not on the made value', () => {
    const wrapped = Object.create(counter) as Counter;
    wrapped.add = () => -1;
    expect(wrapped.add()).toBe(-1);
    expect(counter.add()).toBe(12);
  });
});
