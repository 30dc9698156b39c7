/**
 * Group execution: work submitted while earlier batches are still in flight is gathered and run as one
 * batch when a slot frees up. With nothing in flight an item runs at once, alone, so a quiet system pays
 * no added latency; under load, concurrent requests share one statement and one commit (group commit),
 * which is how the command path gets past Postgres's per-statement and per-commit cost.
 *
 * Written by hand rather than with DataLoader: DataLoader gathers what was submitted within one tick and
 * caches by key; group commit needs "gather while the previous flush is in flight", no cache, and a
 * per-batch exclusion (`conflicts`) so that two batches in flight never touch the same stream.
 */
export interface BatcherOptions<In> {
  /** Batches running at once. */
  maxInFlight: number;
  /** Items per batch at most. */
  maxBatch: number;
  /**
   * Items that must not run in the same batch or alongside a batch in flight that holds the same key
   * (e.g. two appends to one stream): they wait for the next batch, in order.
   */
  key?: (input: In) => string | readonly string[];
  /**
   * Items of one key may go in the same batch, in order (the runner chains them: fastAppend.ts); they
   * still never run alongside a batch in flight that holds the key.
   */
  sameKeyInBatch?: boolean;
}

interface Pending<In, Out> {
  input: In;
  resolve: (value: Out) => void;
  reject: (error: unknown) => void;
}

export class Batcher<In, Out> {
  private queue: Pending<In, Out>[] = [];
  private inFlight = 0;
  private readonly busyKeys = new Map<string, number>();

  /** `run` answers every input of the batch in order: a value, or an Error for that item alone. */
  constructor(
    private readonly run: (inputs: In[]) => Promise<(Out | Error)[]>,
    private readonly options: BatcherOptions<In>,
  ) {}

  submit(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      const batch = this.take();
      if (batch.length === 0) return;
      this.inFlight++;
      const keys = this.options.key ? batch.flatMap((p) => keysOf(this.options.key!(p.input))) : [];
      for (const key of keys) this.busyKeys.set(key, (this.busyKeys.get(key) ?? 0) + 1);
      this.run(batch.map((p) => p.input))
        .then(
          (outputs) => {
            batch.forEach((pending, i) => {
              const output = outputs[i];
              if (output instanceof Error) pending.reject(output);
              else pending.resolve(output as Out);
            });
          },
          (error: unknown) => {
            for (const pending of batch) pending.reject(error);
          },
        )
        .finally(() => {
          for (const key of keys) {
            const left = (this.busyKeys.get(key) ?? 1) - 1;
            if (left === 0) this.busyKeys.delete(key);
            else this.busyKeys.set(key, left);
          }
          // The slot is handed on at the end of this turn of the event loop, not at once: the batch's answers
          // first run their callers on, and whatever those submit next without waiting on I/O (a transfer's
          // credit after its debit; a busy stream's next group of commands) joins the very next batch
          // instead of the one after it. Measured on the transfer load (BENCHMARKS.md, stop 20): append
          // statements per 10 s 1,789 -> 1,322 for more transfers.
          setImmediate(() => {
            this.inFlight--;
            this.pump();
          });
        });
    }
  }

  /** The next batch in submission order, leaving behind items whose key is taken. */
  private take(): Pending<In, Out>[] {
    const keyOf = this.options.key;
    if (!keyOf) return this.queue.splice(0, this.options.maxBatch);
    const batch: Pending<In, Out>[] = [];
    const rest: Pending<In, Out>[] = [];
    const taken = new Set<string>();
    for (const pending of this.queue) {
      const keys = keysOf(keyOf(pending.input));
      if (
        batch.length < this.options.maxBatch &&
        keys.every((key) => !taken.has(key) && !this.busyKeys.has(key))
      ) {
        batch.push(pending);
        if (!this.options.sameKeyInBatch) for (const key of keys) taken.add(key);
      } else {
        rest.push(pending);
        // Later items of a key left behind stay behind too, so one key's items keep their order.
        for (const key of keys) taken.add(key);
      }
    }
    this.queue = rest;
    return batch;
  }
}

function keysOf(key: string | readonly string[]): readonly string[] {
  return typeof key === 'string' ? [key] : key;
}
