import type pg from 'pg';
import { comparePositions, type LogPosition } from '../../infra/eventStore/eventStore.ts';
import { type CheckpointRow, rowPosition } from './checkpoints.ts';

/**
 * Read-your-writes: waits until every named projection's checkpoint in `db` has passed `position` (bounded
 * by `timeoutMs`) and says whether they did. A checkpoint commits with its rows, so on a replica that
 * shows it the rows are there too (docs/architecture/replica-reads.md).
 */
export async function checkpointsReached(
  db: pg.Pool,
  position: LogPosition,
  names: readonly string[],
  timeoutMs: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<CheckpointRow & { name: string }>(
      'SELECT name, position_commit::text, position_prepare::text FROM projection_checkpoints WHERE name = ANY($1)',
      [names],
    );
    const behind = names.some((name) => {
      const row = rows.find((r) => r.name === name);
      return comparePositions(rowPosition(row), position) < 0;
    });
    if (!behind) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
