import type { DomainEvent } from '../../domain/shared/decider.ts';
import type { LogPosition } from '../../infra/eventStore/eventStore.ts';
import type { AppContext } from '../context.ts';
import type { LoadContext } from './stateCache.ts';

/** An event as the pipeline handles it: the domain's shape, a type and its data. */
export type DomainEventShape = DomainEvent;

/** What the command pipeline itself needs: the log and this process's cache of folded state. */
export interface PipelineContext extends LoadContext {
  /**
   * How to wait before deciding again after a concurrent write (default: a short random jitter). The
   * deterministic simulation passes its scheduler's pause here.
   */
  retryPause?: (attempt: number) => Promise<void>;
}

/**
 * What a use case (a `*.service.ts` function) is given: the pipeline's context, the read models' pool and
 * the clock. The full `AppContext` is one; so is the simulation's context of one process.
 */
export interface CommandContext extends PipelineContext, Pick<AppContext, 'pool' | 'now'> {}

export interface CommandResult<State, Event> {
  state: State;
  events: Event[];
  /** -1n when the stream does not exist. */
  revision: bigint;
  /** Where the new events landed; null when the decision produced none. */
  position: LogPosition | null;
}
