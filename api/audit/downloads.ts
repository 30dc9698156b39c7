import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import { z } from 'zod';
import type { AppEnv } from '../http/env.ts';
import { HttpProblem } from '../http/problem.ts';

/** A day of a period, as the audit's and the statement's queries take it (midnight UTC). */
export const periodDate = z.iso
  .date({ error: 'Must be a date like 2026-01-31' })
  .transform((d) => new Date(`${d}T00:00:00Z`));

export function checkPeriod(from: Date, to: Date) {
  if (to <= from)
    throw new HttpProblem(400, 'The end of the period must be after its start', {
      fieldErrors: { to: 'Must be after from' },
    });
}

export function streamExport(
  c: Context<AppEnv>,
  lines: AsyncGenerator<string>,
  filename: string,
  format: 'csv' | 'jsonl',
) {
  c.header(
    'Content-Type',
    format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
  );
  c.header('Content-Disposition', `attachment; filename="${filename}"`);
  c.header('Cache-Control', 'no-store');
  return stream(c, async (s) => {
    for await (const line of lines) {
      if (s.aborted) break;
      await s.write(line);
    }
  });
}
