/**
 * Work queued per key, within this process: work on one key runs one after the other, in the order it
 * was queued; work on different keys runs side by side. A failure ends only its own work.
 */
export class OneAtATime {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const run = (this.tails.get(key) ?? Promise.resolve()).then(work);
    const tail = run.then(
      () => {},
      () => {},
    );
    this.tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
