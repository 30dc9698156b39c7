import { decidedAt } from '../ledger/eventTime.ts';
import { postingsOf } from '../ledger/postings.ts';
import { formatUnits, isAsset } from '../shared/money.ts';
import { isRecord } from './checks.ts';

/** One amount an event moved between two ledger accounts, as the file states it. */
export interface ReceiptMovement {
  asset: string;
  /** Exact, in the asset's ledger decimals ("12.50"). */
  amount: string;
  /** Ledger accounts: `user:<id>`, or a system account such as `issuance:SAI`, `holds:ETH`, `outbound:BTC`. */
  from: string;
  to: string;
}

/** What a receipt's events say in the open: its type, when it was decided, and what it moved. */
export interface ReceiptEventFacts {
  type: string;
  /** When the event's data says it was decided (ISO 8601); null for a type that carries no time. */
  at: string | null;
  /** The event's own stream (`account-<user id>`, `withdrawal-<id>`…). */
  stream: string;
  movements: ReceiptMovement[];
}

export interface ReceiptFacts {
  transactionId: string;
  events: ReceiptEventFacts[];
  /** The signed digest the events are proven against: how many events it covers and when it was signed. */
  treeSize: string;
  signedAt: string;
}

/**
 * What a receipt file shows anyone who opens it, in facts a person reads (docs/architecture/
 * verifiable-ledger.md, "/verify"): for each event its type, time and the amounts it moved between which
 * accounts, derived by the ledger's own posting rules from the event data the hashes cover. Personal
 * fields (names, e-mail addresses, notes) are sealed in the file and are not among them. Null when the
 * file is not shaped as a receipt; meant for a receipt whose checks passed, since only then are these
 * facts the ledger's.
 */
export function describeReceipt(value: unknown): ReceiptFacts | null {
  if (!isRecord(value) || !Array.isArray(value.events) || !isRecord(value.digest)) return null;
  const { transactionId, digest } = value;
  if (typeof transactionId !== 'string') return null;
  if (typeof digest.treeSize !== 'string' || typeof digest.time !== 'string') return null;
  const events: ReceiptEventFacts[] = [];
  for (const event of value.events as unknown[]) {
    if (!isRecord(event) || typeof event.type !== 'string' || typeof event.streamName !== 'string')
      return null;
    const typed = { type: event.type, data: event.data };
    let movements: ReceiptMovement[];
    try {
      const postings = postingsOf(typed);
      // An asset this ledger does not keep: not a receipt of its events.
      if (postings.some((posting) => !isAsset(posting.asset))) return null;
      movements = postings.map((posting) => ({
        asset: posting.asset,
        amount: formatUnits(posting.units, posting.asset),
        from: posting.from,
        to: posting.to,
      }));
    } catch {
      // Data the posting rules cannot read: the file is not a receipt of this ledger's events.
      return null;
    }
    events.push({
      type: event.type,
      at: decidedAt(typed)?.toISOString() ?? null,
      stream: event.streamName,
      movements,
    });
  }
  return { transactionId, events, treeSize: digest.treeSize, signedAt: digest.time };
}
