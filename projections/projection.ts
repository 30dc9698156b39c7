import type { PoolClient } from 'pg';
import { formatPosition, type LogPosition, type RecordedEvent } from '../infra/eventStore/eventStore.ts';

/** A domain event's shape: its type and its data (the domain's unions, such as UserEvent, are made of these). */
export interface EventShape {
  readonly type: string;
  readonly data: unknown;
}

/** What a projection does with one event, inside the runner's transaction; typed by the event's type. */
export type Handler<E extends EventShape = EventShape> = (
  event: RecordedEvent<E['type'], E['data']>,
  tx: PoolClient,
) => Promise<void>;

/** A projection's handlers keyed by event type, each typed by its own type's event (defineProjection). */
export type Handlers<E extends EventShape> = {
  readonly [Type in E['type']]?: Handler<Extract<E, { type: Type }>>;
};

/**
 * A projection owns its tables (schema is idempotent DDL) and turns events into rows. Handlers must
 * treat events as facts (never throw on business data) and be idempotent: a redelivered event changes
 * nothing. The runner calls the handler of an event's type inside the transaction that also moves the checkpoint. The one place
 * this bends, on purpose: a rebuild tells `applyBatch` that its batch cannot be a redelivery
 * (ApplyContext.firstDelivery), and the projection may then skip the checks that make it idempotent; the
 * live runner never does, so redelivery stays harmless there.
 */
export interface Projection {
  /** Stable name, used for the checkpoint and by rebuilds. */
  readonly name: string;
  /**
   * The version of its tables and of what its handlers write in them. Raise it with any change that the
   * rows already built do not have (a column, a table, a handler that writes differently): a process that
   * starts with a version other than the one that built the live tables rebuilds them first (blue-green,
   * projections/versions.ts), or with AUTO_REBUILD=off refuses to start (docs/architecture/migrations.md).
   */
  readonly version: number;
  readonly schema: string;
  readonly tables: readonly string[];
  /**
   * Views over its own tables, created by `schema`. A view stays bound to the tables it was created on, so a
   * rebuild builds them in its shadow schema with the tables and moves them into place with them.
   */
  readonly views?: readonly string[];
  /**
   * Its handler for each event type it reads, keyed by the type: the types it reads are exactly these keys
   * (handledTypes; a rebuild reads only those from the log for it), and events of other types only move its
   * checkpoint. Declared typed through defineProjection.
   */
  readonly handlers: Readonly<Record<string, Handler>>;
  /**
   * Optional set-based form of the handlers for the high-volume projections: the handled events of one batch,
   * in log order, written with a few multi-row statements instead of several statements per event. It
   * must leave exactly the rows that applying the same events one by one would (projections/batch.int.test.ts
   * checks this on random logs), redelivered events included.
   */
  applyBatch?(events: readonly RecordedEvent[], tx: PoolClient, context?: ApplyContext): Promise<void>;
  /**
   * Indexes (created by `schema`) that the handlers and `applyBatch` never read. A rebuild fills its shadow tables
   * without them and builds them once, in bulk, before the switch (projections/rebuild.ts): keeping a
   * B-tree up to date row by row costs far more than sorting once. An index the apply path reads must not
   * be listed, or every batch of the rebuild would scan the table.
   */
  readonly deferredIndexes?: readonly string[];
  /**
   * Tables whose primary key `applyBatch` never reads when every event is new to it (ApplyContext
   * `firstDelivery`). A rebuild drops those keys from its shadow tables while it fills them and adds them
   * back, built in bulk, with the deferred indexes; adding a key checks it, so a rebuild that wrote a row
   * twice fails before its switch instead of going live.
   */
  readonly deferredKeys?: readonly string[];
  /**
   * The rows of `tables`, computed in SQL from the log's events, for a rebuild from the start of a log that
   * is in the same Postgres database (projections/rebuild.ts, bulk pass): statements that fill the empty
   * tables, without any key or index yet, by their unqualified names, from the relation `rebuild_log` (the
   * `es_events` rows up to a bound). They must leave exactly the rows that `applyBatch` makes of the same
   * events: projections/bulk.int.test.ts holds them to that over a log with every event type they read. The
   * live worker and an EventStoreDB log keep the TypeScript form.
   */
  readonly bulkSql?: BulkSql;
  /** Extensions `bulkSql` calls (created in `public` if missing); where they cannot be, Node does the work. */
  readonly bulkExtensions?: readonly string[];
  /**
   * Work beside the batches for as long as this process leads the projection (holds its lock), such as a
   * process manager's timer; the runner calls the returned function, and waits for it, when it stops
   * leading. `onError` reports a failure of that work without stopping it.
   */
  whileLeading?(onError: (error: unknown) => void): () => Promise<void>;
}

/**
 * A projection's rows computed in SQL (Projection.bulkSql), in steps a rebuild runs in transactions of their
 * own: `stage` first (staging tables in the shadow schema, each created with DROP TABLE IF EXISTS before it
 * and listed in `staged`, dropped at the end), then the `parts` side by side, each on a connection of its own
 * filling its `tables` (which a rebuild then keys, indexes and analyses in that part's transaction).
 */
export interface BulkSql {
  readonly stage?: string;
  readonly staged?: readonly string[];
  readonly parts: readonly { readonly tables: readonly string[]; readonly sql: string }[];
}

/** What the caller of `applyBatch` knows about the batch. */
export interface ApplyContext {
  /**
   * Every event of the batch is new to the projection's tables, and each appears once: a rebuild's batch,
   * read past the shadow checkpoint that commits with it. The projection may skip its redelivery checks,
   * and must not rely on a key listed in `deferredKeys`.
   */
  readonly firstDelivery?: boolean;
}

/**
 * A projection with its handlers typed by the events they take (E, a union of the domain's events): each is
 * only ever called with an event of its own key's type (applyEvent), so the types it declares hold.
 */
export function defineProjection<E extends EventShape>(
  projection: Omit<Projection, 'handlers'> & { readonly handlers: Handlers<E> },
): Projection {
  return projection as unknown as Projection;
}

/**
 * The same handler for each of `types`: for a projection whose rows come from what those events share (their
 * postings, their ids) rather than from each type.
 */
export function oneHandlerFor<Type extends string>(
  types: readonly Type[],
  handler: Handler,
): Readonly<Record<Type, Handler>> {
  return Object.fromEntries(types.map((type) => [type, handler])) as Record<Type, Handler>;
}

/** Whether the projection reads events of this type (it has a handler for it). */
export function handlesType(projection: Projection, type: string): boolean {
  return Object.hasOwn(projection.handlers, type);
}

/** The event types the projection reads: its handlers' keys. */
export function handledTypes(projection: Projection): string[] {
  return Object.keys(projection.handlers);
}

/** One event through its type's handler (nothing for a type the projection does not read). */
export async function applyEvent(
  projection: Projection,
  event: RecordedEvent,
  tx: PoolClient,
): Promise<void> {
  if (handlesType(projection, event.type)) await projection.handlers[event.type]!(event, tx);
}

/**
 * Applies the handled events of a batch: set-based when the projection can, else one by one. When the
 * set-based form fails, the caller replays the batch with `applyEventByEvent` to name the poison event.
 */
export async function applyEvents(
  projection: Projection,
  events: readonly RecordedEvent[],
  tx: PoolClient,
  context?: ApplyContext,
): Promise<void> {
  const handled = events.filter((event) => handlesType(projection, event.type));
  if (handled.length === 0) return;
  if (projection.applyBatch) await projection.applyBatch(handled, tx, context);
  else await applyEventByEvent(projection, handled, tx);
}

/**
 * A projection failed on one event: which projection, which event (id, type, log position), and why (the
 * cause). The runner records the position beside the message (projection_checkpoints.last_error_position);
 * the message reads `<type> at <commit>-<prepare>: <cause's message>`.
 */
export class PoisonEventError extends Error {
  readonly projection: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly position: LogPosition;

  constructor(projection: string, event: RecordedEvent, cause: unknown) {
    const message = cause instanceof Error ? cause.message : String(cause);
    super(`${event.type} at ${formatPosition(event.position)}: ${message}`, { cause });
    this.name = 'PoisonEventError';
    this.projection = projection;
    this.eventId = event.id;
    this.eventType = event.type;
    this.position = event.position;
  }
}

/**
 * One event at a time; an error is a PoisonEventError naming the event. With `firstDelivery` (a rebuild,
 * whose keys may be deferred) each event goes through the set-based form alone, which does not lean on those
 * keys as the handlers' upserts do.
 */
export async function applyEventByEvent(
  projection: Projection,
  events: readonly RecordedEvent[],
  tx: PoolClient,
  context?: ApplyContext,
): Promise<void> {
  for (const event of events) {
    if (!handlesType(projection, event.type)) continue;
    try {
      if (context?.firstDelivery && projection.applyBatch) await projection.applyBatch([event], tx, context);
      else await projection.handlers[event.type]!(event, tx);
    } catch (error) {
      throw new PoisonEventError(projection.name, event, error);
    }
  }
}
