import fc from 'fast-check';
import { field } from './inputs.ts';

/** A calendar day, YYYY-MM-DD, that exists (not 2026-02-30). */
export const isoDay = field(
  (v) => {
    if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
    const date = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(v);
  },
  {
    extra: fc
      .constantFrom(
        '2026-13-01',
        '2026-02-30',
        '2026-2-1',
        '01/12/2026',
        '2026-12-01T00:00:00Z',
        '+02026-12-01',
        '2026-12-01 ',
      )
      .map((s) => JSON.stringify(s)),
  },
);
