/**
 * The decider pattern: a stream type is three pure functions. `decide` turns a command and the current
 * state into new events (or throws a typed DomainError); `evolve` folds one event into the state.
 * Time, ids and prices arrive on the command, so re-running a decision after a version conflict is safe.
 */
export interface Decider<State, Command, Event> {
  initialState(): State;
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
}

/** An event as the domain sees it: a discriminated union member with a type and data. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export function fold<State, Event>(
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  events: Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}

export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
