import type { Decider } from '../../domain/shared/decider.ts';
import { comparePositions, type LogPosition } from '../../infra/eventStore/eventStore.ts';
import type { DomainEventShape, PipelineContext } from './context.ts';

/**
 * The shapes a transaction over several streams is made of (transaction.ts), and the small rules its
 * one-at-a-time and grouped paths share: where a leg's state is cached after it landed, what a stream's
 * revision expects, the latest of several positions.
 */

// biome-ignore lint/suspicious/noExplicitAny: a leg's state, command and event types are its own decider's.
export type AnyDecider = Decider<any, any, any>;

export interface Leg<State, Command, Event extends DomainEventShape> {
  streamName: string;
  decider: Decider<State, Command, Event>;
  command: Command;
  /** The seed of the leg's event ids (retries.ts): how a retry finds what this leg wrote. */
  seed: string;
}

export interface FollowingLeg {
  streamName: string;
  decider: AnyDecider;
  command: unknown;
  seed: string;
  /**
   * The leg's decision does not depend on its stream's state (a credit, a mint: only "already applied",
   * which its seeded ids also guard): it is appended at whatever head its stream has when the commit runs
   * ('any', checked by the store's compare-and-set on that head), not at the revision it was decided on.
   * A busy receiver's own commands then do not send the transaction round again.
   * Credits and mints are no longer such legs: a closed account refuses them (AccountClosed,
   * domain/accounts/account.ts), and a credit decided on the open account must not land after the close,
   * so they expect the revision they were decided on (docs/architecture/personal-data.md).
   */
  rebase?: boolean;
}

/**
 * The cache after a leg appended: its decided state where it landed right after the state it was decided
 * on, or the cached state moved on by its events where it landed right after that; else left for the
 * stream's next command to bring up to date.
 */
export function cacheLeg(
  ctx: PipelineContext,
  streamName: string,
  decider: AnyDecider,
  /** The state after the leg's events, and the revision the leg was decided on (before them). */
  decided: { state: unknown; decidedOn: bigint },
  events: readonly DomainEventShape[],
  /** Where the leg's last event landed, and its stored hash (the cached tail). */
  landed: { nextRevision: bigint; hash: string },
): void {
  const { nextRevision: revision, hash } = landed;
  const from = revision - BigInt(events.length);
  if (from === decided.decidedOn) {
    ctx.cache.set(streamName, { state: decided.state, revision, hash });
    return;
  }
  const cached = ctx.cache.get(streamName);
  if (cached && cached.revision === from)
    ctx.cache.set(streamName, { state: events.reduce(decider.evolve, cached.state), revision, hash });
}

export interface TransactionResult<Event> {
  /** The first leg's events: decided now, or as the log recorded them for this very command. */
  events: Event[];
  /** Each further leg's events, in the order `then` gave them. */
  following: DomainEventShape[][];
  /** The latest position written or found; null when the command wrote nothing. */
  position: LogPosition | null;
}

export function expected(revision: bigint) {
  return revision === -1n ? ('no_stream' as const) : revision;
}

export function latest(positions: (LogPosition | null)[]): LogPosition | null {
  let best: LogPosition | null = null;
  for (const position of positions) if (comparePositions(position, best) > 0) best = position;
  return best;
}
