import { DeadlineExceededError, type Position, UnavailableError } from '@kurrent/kurrentdb-client';
import {
  type ExpectedRevision,
  type RecordedEvent,
  type StoredMetadata,
  StoreUnavailableError,
} from '../eventStore.ts';

/** Small helpers of the EventStoreDB adapter: decoding what the client hands back, messages, checks. */

/** What the client hands back for a stored event, whether read from a stream or from $all. */
export interface EsdbEvent {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  created: Date;
  data: unknown;
  metadata: unknown;
  position?: Position;
}

/** Keeps a password out of error messages and logs. */
export function redactConnectionString(connectionString: string): string {
  return connectionString.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
}

export function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** gRPC "unavailable" and deadline errors become the port's StoreUnavailableError (HTTP 503). */
export function translate(url: string, error: unknown): unknown {
  if (error instanceof UnavailableError || error instanceof DeadlineExceededError) {
    return new StoreUnavailableError(`EventStoreDB at ${url} is unavailable: ${error.message}`, {
      cause: error,
    });
  }
  return error;
}

export function isSystem(event: { streamId: string; type: string }): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

export function toRecorded(event: EsdbEvent): RecordedEvent {
  if (!event.position) {
    // Servers before 22.6 leave positions out of stream reads; append results are built from them.
    throw new Error(
      `EventStoreDB gave no log position for event ${event.id}; version 22.6 or later is needed`,
    );
  }
  return {
    id: event.id,
    streamName: event.streamId,
    revision: event.revision,
    type: event.type,
    data: event.data,
    metadata: fromEnvelope(event.metadata),
    position: { commit: event.position.commit, prepare: event.position.prepare },
    recordedAt: event.created,
  };
}

/**
 * KurrentDB's multi-stream append takes metadata only as string-valued properties, where ours has nulls,
 * numbers and nesting: there the whole metadata travels as one JSON string under this key, and every read
 * unwraps it, so both kinds of append read back the same StoredMetadata.
 */
const ENVELOPE = 'saiMetadata';

export function toEnvelope(metadata: StoredMetadata): Record<string, string> {
  return { [ENVELOPE]: JSON.stringify(metadata) };
}

function fromEnvelope(metadata: unknown): StoredMetadata {
  if (metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata)) {
    const wrapped = (metadata as Record<string, unknown>)[ENVELOPE];
    if (typeof wrapped === 'string') return JSON.parse(wrapped) as StoredMetadata;
  }
  return metadata as StoredMetadata;
}

export function contradicts(expected: ExpectedRevision, current: bigint | null): boolean {
  if (expected === 'any') return false;
  if (expected === 'no_stream') return current !== null;
  if (expected === 'stream_exists') return current === null;
  return current !== expected;
}

export async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of source) items.push(item);
  return items;
}
