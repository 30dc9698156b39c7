import {
  jsonEvent,
  type KurrentDBClient,
  NO_STREAM,
  type ReadStreamOptions,
  START,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { DuplicateEventIdError, type NewEvent, type RecordedEvent } from '../eventStore.ts';

const CLAIM_STREAM_PREFIX = 'eventIdClaim-';
const CLAIM_EVENT_TYPE = '$EventIdClaimed';

interface Claim {
  streamName: string;
  revision: bigint;
}

/**
 * Event ids claimed before an append (see eventStoreDbEventStore.ts): each id by creating the stream
 * `eventIdClaim-<id>` (expected NO_STREAM) with one `$EventIdClaimed` event naming the target stream and
 * revision. The `$` type keeps claims out of every reader that excludes system events.
 */
export class EventIdClaims {
  constructor(
    private readonly client: KurrentDBClient,
    private readonly readStreamEvents: (
      streamName: string,
      options: ReadStreamOptions,
    ) => Promise<RecordedEvent[]>,
  ) {}

  /** Returns the lowest revision the claims name; an id claimed for another stream is a reuse. */
  async claimIds(streamName: string, events: NewEvent[], firstRevision: bigint): Promise<bigint> {
    const claims = await Promise.all(
      events.map((event, i) => this.claim(event.id, { streamName, revision: firstRevision + BigInt(i) })),
    );
    let lowest = firstRevision;
    for (const [i, claim] of claims.entries()) {
      if (claim.streamName !== streamName) throw new DuplicateEventIdError(events[i]!.id);
      if (claim.revision < lowest) lowest = claim.revision;
    }
    return lowest;
  }

  private async claim(eventId: string, wanted: Claim): Promise<Claim> {
    const claimStream = `${CLAIM_STREAM_PREFIX}${eventId}`;
    try {
      await this.client.appendToStream(
        claimStream,
        jsonEvent({
          type: CLAIM_EVENT_TYPE,
          data: { streamName: wanted.streamName, revision: wanted.revision.toString() },
        }),
        { streamState: NO_STREAM },
      );
      return wanted;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
    }
    const [existing] = await this.readStreamEvents(claimStream, { fromRevision: START, maxCount: 1 });
    const data = existing?.data as { streamName?: unknown; revision?: unknown } | undefined;
    if (typeof data?.streamName !== 'string' || typeof data.revision !== 'string') {
      throw new Error(`Stream ${claimStream} exists but holds no event id claim`);
    }
    return { streamName: data.streamName, revision: BigInt(data.revision) };
  }
}
