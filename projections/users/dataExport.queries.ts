import type pg from 'pg';
import { userAccount } from '../../domain/ledger/postings.ts';
import type { UserId } from '../../domain/shared/ids.ts';

/**
 * The read-model side of a person's data export (docs/architecture/data-export.md): their rows of every
 * read model, a page at a time so that a long-standing user's export never becomes one huge query.
 * Each table is read by keyset in the order of an index that leads with user_id: the cursor is the last
 * row's key as Postgres prints it (a time keeps its microseconds, so no row is skipped or repeated).
 */

export const EXPORT_PAGE = 500;

/** A key column and its SQL type: rows come in the order of the key's columns, the id last. */
type KeyPart = readonly [column: string, type: string];
const byTime = (column: string): readonly KeyPart[] => [
  [column, 'timestamptz'],
  ['id::text', 'text'],
];

/** The read models a person's rows come from, with the columns shown (times as ISO strings). */
const SOURCES = {
  cryptoDeposits: {
    from: 'crypto_deposits',
    key: byTime('declared_at'),
    columns: `id, asset, network, tx_hash AS "txHash", status, amount::text AS amount,
      rejection_reason AS "rejectionReason", declared_at AS "declaredAt", decided_at AS "decidedAt"`,
  },
  withdrawals: {
    from: 'withdrawals',
    key: byTime('requested_at'),
    columns: `id, asset, amount::text AS amount, address, chain, notes, status, tx_hash AS "txHash",
      failure_reason AS "failureReason", requested_at AS "requestedAt", decided_at AS "decidedAt"`,
  },
  payments: {
    from: 'payment_verifications',
    key: byTime('created_at'),
    columns: `id, payment_method AS "paymentMethod", amount::text AS amount, notes, proof_image_url AS "proofImageUrl",
      status, rejection_reason AS "rejectionReason", fee::text AS fee, fee_rate::text AS "feeRate", tier,
      crypto_amount AS "cryptoAmount", created_at AS "createdAt", verified_at AS "verifiedAt",
      verified_by AS "verifiedBy"`,
  },
  notifications: {
    from: 'notifications',
    // The order of the user's notifications index (user_id, position): a page never sorts all their rows.
    key: [
      ['position_commit', 'numeric'],
      ['position_prepare', 'numeric'],
      ['id::text', 'text'],
    ],
    columns: `id, title, message, type, related_id AS "relatedId", movement_id AS "movementId",
      is_read AS "isRead", created_at AS "createdAt"`,
  },
  /**
   * Messages sent through the contact form while signed in (the read model links them by user id). A
   * message sent signed out that merely names the person's e-mail is not theirs to read: anyone may type
   * anyone's address into the form.
   */
  contactMessages: {
    from: 'contact_messages',
    key: byTime('received_at'),
    columns: `id, full_name AS "fullName", email, subject, message, received_at AS "receivedAt"`,
  },
} as const;

export type ExportSource = keyof typeof SOURCES;

/** Every row of one read model that belongs to the user, oldest first, EXPORT_PAGE rows per query. */
export async function* rowsOfUser(
  db: pg.Pool,
  source: ExportSource,
  userId: UserId,
  pageSize = EXPORT_PAGE,
): AsyncGenerator<Record<string, unknown>> {
  const s = SOURCES[source];
  const key = s.key as readonly KeyPart[];
  const columns = key.map(([column]) => column).join(', ');
  const keyText = key.map(([column], i) => `(${column})::text AS _k${i}`).join(', ');
  const after = key.map(([, type], i) => `$${i + 3}::${type}`).join(', ');
  let cursor: (string | null)[] = key.map(() => null);
  for (;;) {
    const { rows }: pg.QueryResult<Record<string, unknown>> = await db.query(
      `SELECT ${s.columns}, ${keyText} FROM ${s.from}
       WHERE user_id = $1 AND ($3::${key[0]![1]} IS NULL OR (${columns}) > (${after}))
       ORDER BY ${columns} LIMIT $2`,
      [userId, pageSize, ...cursor],
    );
    for (const row of rows) {
      const shown = { ...row };
      for (let i = 0; i < key.length; i++) delete shown[`_k${i}`];
      yield shown;
    }
    const last = rows[rows.length - 1];
    if (!last || rows.length < pageSize) return;
    cursor = key.map((_, i) => last[`_k${i}`] as string);
  }
}

/** The user's balance in every asset the ledger has booked for them (assets never touched are absent). */
export async function balancesOfUser(db: pg.Pool, userId: UserId): Promise<Map<string, string>> {
  const { rows } = await db.query<{ asset: string; balance: string }>(
    'SELECT asset, balance::text FROM account_balances WHERE account_id = $1',
    [userAccount(userId)],
  );
  return new Map(rows.map((r) => [r.asset, r.balance]));
}

/**
 * Where the log keeps the events behind some of the user's transactions, other than in `ownStreams`: a
 * transfer received is booked by the sender's TokensTransferred on the sender's account stream.
 */
export async function eventsElsewhere(
  db: pg.Pool,
  transactionIds: readonly string[],
  ownStreams: readonly string[],
): Promise<{ eventId: string; streamName: string; revision: string }[]> {
  if (transactionIds.length === 0) return [];
  const { rows } = await db.query<{ eventId: string; streamName: string; revision: string }>(
    `SELECT DISTINCT event_id::text AS "eventId", stream_name AS "streamName", stream_revision::text AS revision,
       position_commit, position_prepare
     FROM transaction_events WHERE transaction_id = ANY($1::text[]) AND NOT (stream_name = ANY($2::text[]))
     ORDER BY position_commit, position_prepare`,
    [transactionIds, ownStreams],
  );
  return rows.map(({ eventId, streamName, revision }) => ({ eventId, streamName, revision }));
}
