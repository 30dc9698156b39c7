import type { PoolClient } from 'pg';
import type { RecordedEvent } from '../infra/eventStore/eventStore.ts';

/**
 * A projection owns its tables (schema is idempotent DDL) and turns events into rows. Handlers must
 * treat events as facts (never throw on business data) and be idempotent: a redelivered event changes
 * nothing. The runner calls `apply` inside the transaction that also moves the checkpoint.
 */
export interface Projection {
  /** Stable name, used for the checkpoint and by rebuilds. */
  readonly name: string;
  readonly schema: string;
  readonly tables: readonly string[];
  /** Event types this projection reads; others only move its checkpoint. */
  readonly handles: ReadonlySet<string>;
  apply(event: RecordedEvent, tx: PoolClient): Promise<void>;
}
