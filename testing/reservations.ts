/** What the uniqueness tests share: the reservations of a value as the log holds them. */
import type pg from 'pg';
import { uniqueStreamsOf } from '../app/auth/uniqueStreams.ts';
import type { UniqueKind } from '../domain/users/uniqueValue.ts';

export interface Reservation {
  stream: string;
  type: 'UniqueValueReserved' | 'UniqueValueReleased';
  userId: string;
}

/**
 * Every reservation and release of `value`, under its pseudonymous stream name and its legacy one
 * (app/auth/uniqueStreams.ts), in log order.
 */
export async function reservationsOf(
  pool: pg.Pool,
  pseudonymKey: Buffer,
  kind: UniqueKind,
  value: string,
): Promise<Reservation[]> {
  const { rows } = await pool.query<Reservation>(
    `SELECT stream_name AS stream, event_type AS type, data->>'userId' AS "userId" FROM es_events
      WHERE stream_name = ANY($1) ORDER BY transaction_id, global_position`,
    [uniqueStreamsOf(pseudonymKey, kind, value)],
  );
  return rows;
}
