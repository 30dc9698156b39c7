import { afterAll, beforeAll } from 'vitest';

/**
 * Registers, in the calling describe (or file), `make` before its tests and `release` after them, and
 * returns a stand-in for what `make` made: every property read goes to the made value (methods bound to
 * it), so the tests use it as they would the value itself. Reading it before `beforeAll` ran throws.
 */
export function beforeAllValue<T extends object>(
  make: () => Promise<T>,
  release: (made: T) => Promise<void>,
): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  });
  afterAll(async () => {
    if (made) await release(made);
  });
  const current = (key: PropertyKey) => {
    if (!made) throw new Error(`used ${String(key)} before beforeAll made the value`);
    return made;
  };
  const standIn: T = new Proxy({} as T, {
    get(_target, key) {
      const target = current(key);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    // Set on the stand-in: set on the made value. Set on an object made with the stand-in as its prototype
    // (Object.create): set on that object, as a prototype chain does, never on the made value.
    set(_target, key, value, receiver) {
      const target = current(key);
      return Reflect.set(target, key, value, receiver === standIn ? target : receiver);
    },
    has: (_target, key) => Reflect.has(current(key), key),
  });
  return standIn;
}
