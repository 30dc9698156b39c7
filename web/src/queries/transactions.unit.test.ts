import { describe, expect, test } from 'vitest';
import { historySearchParams, startOfLocalDay } from './transactions.queries.ts';

describe('history request parameters', () => {
  test('calendar days become local-midnight instants; the API end is the next day, exclusive', () => {
    const params = historySearchParams(
      { type: 'transfer', status: 'completed', from: '2026-01-01', to: '2026-01-31' },
      '12-0-1',
      25,
    );
    expect(params.get('type')).toBe('transfer');
    expect(params.get('status')).toBe('completed');
    expect(params.get('from')).toBe(new Date(2026, 0, 1).toISOString());
    expect(params.get('to')).toBe(new Date(2026, 1, 1).toISOString());
    expect(params.get('cursor')).toBe('12-0-1');
    expect(params.get('limit')).toBe('25');
  });

  test('no filters, no cursor: only the page size', () => {
    expect(historySearchParams({}, null, 5).toString()).toBe('limit=5');
    expect(startOfLocalDay('31/01/2026')).toBeNull();
  });
});
