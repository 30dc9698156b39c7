import type { EventStore, LogPosition } from '../../infra/eventStore/eventStore.ts';
import type { Deps } from '../../runtime/deps.ts';
import type { LedgerFreeze } from './ledgerFreeze.ts';
import type { StateCache } from './stateCache.ts';

export interface DomainEventShape {
  type: string;
  data: unknown;
}

/** What the command pipeline itself needs: the log and this process's cache of folded state. */
export interface PipelineContext {
  store: EventStore;
  cache: StateCache;
  /**
   * How to wait before deciding again after a concurrent write (default: a short random jitter). The
   * deterministic simulation passes its scheduler's pause here.
   */
  retryPause?: (attempt: number) => Promise<void>;
  /** Refuses money movements while the ledger's verification has failed (LEDGER_FREEZE_ON_MISMATCH). */
  ledgerFreeze?: LedgerFreeze;
}

/**
 * What a use case (a `*.service.ts` function) is given: the pipeline's context, the read models' pool and
 * the clock. The full `Deps` is one; so is the simulation's context of one process.
 */
export interface CommandContext extends PipelineContext, Pick<Deps, 'pool' | 'now'> {}

export interface CommandResult<State, Event> {
  state: State;
  events: Event[];
  /** -1n when the stream does not exist. */
  revision: bigint;
  /** Where the new events landed; null when the decision produced none. */
  position: LogPosition | null;
}
