/**
 * A small seeded PRNG (mulberry32) for fault tests and the simulation: the same seed gives the same
 * sequence on every machine, so a failing run is replayed exactly from its printed seed.
 */
export class Random {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** A version-4-shaped UUID drawn from this generator (deterministic, unlike crypto.randomUUID). */
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => Math.floor(this.next() * 16).toString(16));
    hex[12] = '4';
    hex[16] = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }

  /** An independent generator derived from this one (e.g. one per actor). */
  fork(): Random {
    return new Random(Math.floor(this.next() * 2 ** 32));
  }
}

/** The seed from an environment variable, or a fresh one; always printed so a failure can be replayed. */
export function seedFrom(variable: string): number {
  const given = process.env[variable];
  if (given !== undefined && given !== '') {
    const seed = Number(given);
    if (!Number.isInteger(seed) || seed < 0) throw new Error(`${variable} must be a non-negative integer`);
    return seed;
  }
  return Math.floor(Math.random() * 2 ** 31);
}
