import type { Decider, DomainEvent } from './decider.ts';
import { parseUserId } from './ids.ts';

/** The deciders' tests' fixed clock (`now`, and `at` as the events write it) and their user and admin. */
export const now = new Date('2026-11-23T10:00:00.000Z');
export const at = now.toISOString();
export const user = parseUserId('user0001');
export const admin = parseUserId('admin001');

/**
 * Given/When/Then for deciders:
 *   spec(decider).given([events]).when(command).thenEmits([events])
 *   spec(decider).given([events]).when(command).thenThrows(ErrorClass)
 */
export function spec<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
  return {
    given(events: Event[]) {
      return {
        when(command: Command) {
          const run = () => decider.decide(command, events.reduce(decider.evolve, decider.initialState()));
          return {
            thenEmits(expected: Event[]) {
              const actual = run();
              const a = JSON.stringify(actual, bigintReplacer);
              const e = JSON.stringify(expected, bigintReplacer);
              if (a !== e) throw new Error(`Expected events\n${e}\nbut got\n${a}`);
            },
            thenThrows(errorClass: abstract new (...args: never[]) => Error) {
              let thrown: unknown;
              try {
                run();
              } catch (error) {
                thrown = error;
              }
              if (!(thrown instanceof errorClass)) {
                throw new Error(
                  `Expected ${errorClass.name} but got ${thrown === undefined ? 'no error' : String(thrown)}`,
                );
              }
              return thrown as Error;
            },
          };
        },
      };
    },
  };
}

function bigintReplacer(_key: string, value: unknown) {
  return typeof value === 'bigint' ? `${value}n` : value;
}
