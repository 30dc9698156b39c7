/**
 * The decider pattern: a stream type is three pure functions. `decide` turns a command and the current
 * state into new events (or throws a typed DomainError); `evolve` folds one event into the state.
 * Time, ids and prices arrive on the command, so re-running a decision after a version conflict is safe.
 *
 * Events outlive code: a stream may hold an event type written by a newer version of the app. `isEvent`
 * tells the stream's own events from such strangers where events are loaded, and `evolve` returns the
 * state unchanged for a type it does not know (see `unknownEvent`) instead of failing the whole fold.
 */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState(): State;
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  /** Whether a loaded event is one of this stream's event types. */
  isEvent(event: DomainEvent): event is Event;
}

/** An event as the domain sees it: a discriminated union member with a type and data. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>,
  events: Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}

/** For a `switch` over commands: a missing case is a compile error, a stray value at run time throws. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}

/**
 * The `default` of an `evolve` switch: typed `never`, so a case missing for a known event type is a compile
 * error, while an event type this version does not know (written by a newer one) leaves the state as is.
 */
export function unknownEvent<State>(_event: never, state: State): State {
  return state;
}

/**
 * A type guard for one event union, built from the const list of the union's types. The list must name
 * every type of the union and nothing else (a compile error otherwise), so the guard cannot drift from it.
 */
export function eventGuard<Event extends DomainEvent>() {
  return <const Types extends readonly Event['type'][]>(
    types: Types &
      ([Exclude<Event['type'], Types[number]>] extends [never] ? unknown : MissingTypes<Event, Types>),
  ) => {
    const known = new Set<string>(types);
    return (event: DomainEvent): event is Event => known.has(event.type);
  };
}

interface MissingTypes<Event extends DomainEvent, Types extends readonly string[]> {
  missing: Exclude<Event['type'], Types[number]>;
}
