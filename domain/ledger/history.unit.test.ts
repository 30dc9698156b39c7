import { describe, expect, test } from 'vitest';
import {
  bookedState,
  HISTORY_STATES,
  HISTORY_STATUSES,
  HISTORY_TYPES,
  STATE_LABELS,
  STATUS_OF_STATE,
  TIMELINE_STEPS,
  TYPE_LABELS,
} from './history.ts';

describe('the history vocabulary', () => {
  test("keeps the specification's types and statuses", () => {
    expect(HISTORY_TYPES).toEqual([
      'transfer',
      'admin_deposit',
      'deposit',
      'card_payment',
      'crypto_deposit',
      'withdrawal',
      // Not the specification's: an erased person's residual balance moved to dormant:<ASSET>.
      'dormant',
      'other',
    ]);
    expect(HISTORY_STATUSES).toEqual(['completed', 'pending', 'failed']);
  });

  test('every state has a label and a status; every type a label', () => {
    for (const state of HISTORY_STATES) {
      expect(STATE_LABELS[state]).toBeTruthy();
      expect(HISTORY_STATUSES).toContain(STATUS_OF_STATE[state]);
    }
    for (const type of HISTORY_TYPES) expect(TYPE_LABELS[type]).toBeTruthy();
  });

  test("a booked movement's state agrees with the ledger's status", () => {
    expect(bookedState('withdrawal', 'pending')).toBe('held');
    expect(bookedState('withdrawal', 'completed')).toBe('sent');
    expect(bookedState('withdrawal', 'failed')).toBe('failed');
    expect(bookedState('crypto_deposit', 'completed')).toBe('confirmed');
    expect(bookedState('transfer', 'completed')).toBe('completed');
    for (const type of HISTORY_TYPES)
      for (const status of HISTORY_STATUSES) {
        const state = bookedState(type, status);
        // A booked crypto deposit is credited: completed whatever the ledger row says.
        if (type !== 'crypto_deposit') expect(STATUS_OF_STATE[state]).toBe(status);
      }
  });

  test('the timeline names lifecycle states only', () => {
    for (const state of Object.values(TIMELINE_STEPS)) expect(HISTORY_STATES).toContain(state);
  });
});
