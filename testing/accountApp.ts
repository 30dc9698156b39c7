/** What the account tests share: reads of the sessions table and of the whole log. */
import type { TestApp } from './testApp.ts';

export async function liveSessions(t: TestApp, userId: string): Promise<number> {
  const { rows } = await t.db.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL',
    [userId],
  );
  return rows[0]?.n ?? 0;
}

export async function eventText(t: TestApp): Promise<string> {
  const { rows } = await t.db.pool.query<{ text: string }>(
    'SELECT event_type || data::text || metadata::text AS text FROM es_events',
  );
  return rows.map((r) => r.text).join('\n');
}
