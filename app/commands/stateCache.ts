import type { Decider, DomainEvent } from '../../domain/shared/decider.ts';
import { type EventStore, StreamIntegrityError } from '../../infra/eventStore/eventStore.ts';
import { type LedgerFreeze, LedgerIntegrityError } from './ledgerFreeze.ts';
import { StreamQueue } from './streamQueue.ts';

/**
 * The folded state of recently used streams, with its revision, so that a command's cost does not grow
 * with its stream's history. A command on a cached stream decides on that state without reading at all:
 * the append's expected revision is the check that the state is current, and catches any writer the
 * cache did not see; the retry then reads what was appended since and decides again. A decision that
 * appends nothing (a refusal, "nothing to do") has no such check, so it is only given after a read has
 * confirmed the state.
 *
 * Every read that builds or extends a state is verified as stored (docs/ledger.md, "What the write side
 * checks as it loads a stream"): the events' own hashes, revisions and chain, the first one against the
 * cached tail's hash. A stream verified once and cached is not verified again: a later read checks only
 * the events beyond the cached revision.
 */
interface Cached {
  state: unknown;
  revision: bigint;
  /** The stored hash of the event at `revision` (null when the stream has none): what the next event read must chain onto. */
  hash: string | null;
}

export class StateCache {
  private readonly entries = new Map<string, Cached>();
  /** The commands waiting for each stream: per process, like the states they are decided on. */
  readonly queue = new StreamQueue();
  constructor(private readonly capacity = 50_000) {}

  get(stream: string): Cached | undefined {
    const hit = this.entries.get(stream);
    if (hit) {
      // Map order is insertion order: re-inserting marks it most recently used.
      this.entries.delete(stream);
      this.entries.set(stream, hit);
    }
    return hit;
  }
  set(stream: string, value: Cached): void {
    this.entries.delete(stream);
    this.entries.set(stream, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
  delete(stream: string): void {
    this.entries.delete(stream);
  }
}

/** What loading a stream needs: the log, this process's cache, and the freeze a failing stream trips. */
export interface LoadContext {
  store: EventStore;
  cache: StateCache;
  /** Refuses money movements while the ledger's verification has failed (LEDGER_FREEZE_ON_MISMATCH). */
  ledgerFreeze?: LedgerFreeze;
}

/**
 * A stream's state: the cached one as it is (`trustCache`), or the cached one brought up to date by
 * reading only what was appended after it (everything when nothing is cached), each event read verified
 * against the one before it. `read` says whether the store confirmed it. A stream that fails is never
 * decided on: it is recorded and its accounts frozen (LedgerFreeze.streamFailed), and the command refused
 * with LedgerIntegrityError, naming it.
 */
export async function loadState<State, Command, Event extends DomainEvent>(
  ctx: LoadContext,
  streamName: string,
  decider: Decider<State, Command, Event>,
  options: { trustCache?: boolean } = {},
): Promise<{ state: State; revision: bigint; read: boolean }> {
  const cached = ctx.cache.get(streamName);
  if (cached && options.trustCache)
    return { state: cached.state as State, revision: cached.revision, read: false };
  let state = (cached?.state as State | undefined) ?? decider.initialState();
  let revision = cached?.revision ?? -1n;
  let hash = cached?.hash ?? null;
  let events: Awaited<ReturnType<typeof ctx.store.readStream>>;
  try {
    events = await ctx.store.readStream(streamName, {
      fromRevision: revision + 1n,
      verify: { prevHash: hash },
    });
  } catch (error) {
    if (!(error instanceof StreamIntegrityError)) throw error;
    // The next command reads the stream whole again rather than trust a state that chains onto it.
    ctx.cache.delete(streamName);
    await ctx.ledgerFreeze?.streamFailed(error);
    throw new LedgerIntegrityError(streamName, { cause: error });
  }
  for (const event of events) {
    const loaded = { type: event.type, data: event.data };
    // A type this version does not know (written by a newer one) is skipped, not folded.
    if (decider.isEvent(loaded)) state = decider.evolve(state, loaded);
    revision = event.revision;
    hash = event.metadata.hash;
  }
  // Another load or an append of this process may have cached a newer state while this read ran (a
  // transaction's warm-up beside a group's load): the cache never goes back to an older one.
  const now = ctx.cache.get(streamName);
  if ((events.length > 0 || !cached) && !(now && now.revision > revision))
    ctx.cache.set(streamName, { state, revision, hash });
  return { state, revision, read: true };
}
