/**
 * A bounded map of stream heads, oldest forgotten first: the last revision and hash a store saw per
 * stream (its own append, or a read), only ever a hint for the one-statement append (fastAppend.ts).
 * Written by hand: it is a Map with an eviction loop, smaller than any cache library's API surface.
 */
export class StreamHeads {
  private readonly map = new Map<string, { revision: bigint; hash: string }>();
  constructor(private readonly capacity: number) {}
  get(stream: string) {
    return this.map.get(stream);
  }
  remember(stream: string, revision: bigint, hash: string) {
    const known = this.map.get(stream);
    if (known && known.revision > revision) return;
    this.map.delete(stream);
    this.map.set(stream, { revision, hash });
    if (this.map.size > this.capacity) {
      const oldest = this.map.keys().next().value;
      if (oldest !== undefined) this.map.delete(oldest);
    }
  }
  forget(stream: string) {
    this.map.delete(stream);
  }
}
