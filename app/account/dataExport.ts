import { accountStream } from '../../domain/accounts/account.ts';
import { cardStream } from '../../domain/cards/card.ts';
import { contactMessageStream } from '../../domain/contact/contactMessage.ts';
import { cryptoDepositStream } from '../../domain/crypto/cryptoDeposit.ts';
import { depositTxStream } from '../../domain/crypto/depositTx.ts';
import type { NetworkId } from '../../domain/crypto/networks.ts';
import { canonicalTxHash } from '../../domain/crypto/txHash.ts';
import { withdrawalStream } from '../../domain/crypto/withdrawal.ts';
import { notificationReadsStream } from '../../domain/notifications/notificationReads.ts';
import { paymentStream } from '../../domain/payments/payment.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { ASSETS } from '../../domain/shared/money.ts';
import { userMailStream } from '../../domain/users/mailSent.ts';
import { userPasskeysStream } from '../../domain/users/passkeys.ts';
import { signInStream } from '../../domain/users/signIns.ts';
import type { Pool } from '../../infra/postgres/pool.ts';

/** The beginning of every sign-in stream's name (`signInStream`), before the session's public id. */
const SIGN_IN_STREAM_PREFIX = signInStream('');

import { userStream } from '../../domain/users/user.ts';
import { type EventStore, formatPosition, type RecordedEvent } from '../../infra/eventStore/eventStore.ts';
import { cardOfUser } from '../../projections/cards/cards.queries.ts';
import { pendingWithdrawalTotals } from '../../projections/crypto/crypto.queries.ts';
import { userHistory } from '../../projections/ledger/history.queries.ts';
import {
  balancesOfUser,
  EXPORT_PAGE,
  type ExportSource,
  eventsElsewhere,
  rowsOfUser,
} from '../../projections/users/dataExport.queries.ts';
import { findPreferences, findUserById } from '../../projections/users/users.queries.ts';
import { exportedSessionsPage, sessionIdsOfUser } from '../auth/sessions.table.ts';
import { publicSessionId } from '../auth/sessions.ts';
import { uniqueStreamsOf } from '../auth/uniqueStreams.ts';
import { hasPin } from '../cards/cardPins.table.ts';
import type { AppContext } from '../context.ts';

/**
 * "Download my data" (docs/architecture/data-export.md): everything the wallet holds about one person,
 * from the read models and from the log, as one JSON document written a piece at a time. Each section is
 * read a page at a time (history, rows, streams) and handed on before the next page is read, so a user
 * with ten thousand movements costs many small queries, never one giant one, and never the whole
 * document in memory at once.
 * Never in it: the password hash, the TOTP secret, card PIN hashes, session ids (they identify a live
 * sign-in). Only the facts about them: when the password last changed, whether 2FA is on, whether a PIN is set.
 */

export const DATA_EXPORT_FORMAT = 'sai-wallet-data-export';
export const DATA_EXPORT_VERSION = 1;

export interface DataExportDeps {
  pool: Pool;
  store: EventStore;
  now(): Date;
  /** Names the person's uniqueness streams (app/auth/uniqueStreams.ts). */
  privacy: Pick<AppContext['privacy'], 'pseudonymKey'>;
}

/** What each section holds, written into the document itself so that it explains itself to its reader. */
export const SECTION_NOTES = {
  profile: 'Your account as the wallet shows it: names, e-mail, bio, picture, role, status and preferences.',
  security:
    'Facts about your sign-in protection. The password, its hash and the two-factor secret are never exported.',
  sessions:
    'Your sign-ins (current and past) with their times; the session identifiers themselves are not exported.',
  balances: 'Your balance in every asset, and what is on hold for pending withdrawals.',
  card: 'Your metal card, its status and shipping address. The PIN is never exported.',
  cryptoDeposits: 'The crypto deposits you declared and what became of them.',
  withdrawals: 'The withdrawals you requested, their destination addresses and outcomes.',
  payments: 'The payment proofs you submitted to buy SAI.',
  notifications: 'The notifications the wallet sent you.',
  contactMessages: 'Messages you sent through the contact form while signed in.',
  history:
    'Every movement of your money, newest first, as your history shows it; the other party appears by id and by the name you saw.',
  events:
    'Every event in the wallet’s log about you: the streams that are yours, and events in other people’s streams that name you (a transfer someone sent you).',
} as const;

const json = (value: unknown) => JSON.stringify(value);

/** The whole export as JSON text, in pieces. The caller streams them (api/account/account.routes.ts). */
export async function* dataExport(deps: DataExportDeps, userId: UserId): AsyncGenerator<string> {
  const user = await findUserById(deps.pool, userId);
  if (!user) throw new Error(`No read-model row for user ${userId}`);
  const [preferences, security, card, balances, holds] = await Promise.all([
    findPreferences(deps.pool, userId),
    securityFacts(deps.pool, userId),
    cardOfUser(deps.pool, userId),
    balancesOfUser(deps.pool, userId),
    pendingWithdrawalTotals(deps.pool, userId),
  ]);
  const cardWithPin = card ? { ...card, pinSet: await hasPin(deps.pool, card.id) } : null;
  const { userId: _owner, ...cardFields } = cardWithPin ?? { userId };

  yield `{"format":${json(DATA_EXPORT_FORMAT)},"version":${DATA_EXPORT_VERSION}`;
  yield `,"generatedAt":${json(deps.now().toISOString())},"subject":${json(userId)}`;
  yield `,"sections":${json(SECTION_NOTES)}`;
  yield `,"profile":${json({ ...user, preferences })}`;
  yield `,"security":${json(security)}`;
  yield* array('sessions', sessionsOf(deps.pool, userId));
  yield `,"balances":${json(
    ASSETS.map((asset) => ({ asset, balance: balances.get(asset) ?? '0', onHold: holds.get(asset) ?? '0' })),
  )}`;
  yield `,"card":${json(cardWithPin ? cardFields : null)}`;

  // The streams the person owns, learnt from the rows as they pass.
  const own: string[] = [userStream(userId), accountStream(userId), notificationReadsStream(userId)];
  // Their e-mail's and username's reservations, under the pseudonymous names and, in a log not yet
  // rewritten, the legacy ones.
  own.push(
    ...uniqueStreamsOf(deps.privacy.pseudonymKey, 'email', user.email),
    ...uniqueStreamsOf(deps.privacy.pseudonymKey, 'username', user.username),
  );
  if (card) own.push(cardStream(card.id));
  // Their passkeys' facts, the mail sent to them, and each sign-in's notice (named by the session's public id).
  own.push(userPasskeysStream(userId), userMailStream(userId));
  const sessionPublicIds = new Set((await sessionIdsOfUser(deps.pool, userId)).map(publicSessionId));
  own.push(...[...sessionPublicIds].map(signInStream));
  // Their deposits' ids: an on-chain claim stream may also hold another person's claim of the same hash.
  const depositIds = new Set<string>();
  const streamOf: Record<
    Exclude<ExportSource, 'notifications'>,
    (row: Record<string, unknown>) => string[]
  > = {
    cryptoDeposits: (row) => {
      const id = String(row.id);
      depositIds.add(id);
      const hash = canonicalTxHash(String(row.network), row.txHash as string | null);
      const claim = hash ? [depositTxStream(row.network as NetworkId, hash)] : [];
      return [cryptoDepositStream(id), ...claim];
    },
    withdrawals: (row) => [withdrawalStream(String(row.id))],
    payments: (row) => [paymentStream(String(row.id))],
    contactMessages: (row) => [contactMessageStream(String(row.id))],
  };
  for (const source of [
    'cryptoDeposits',
    'withdrawals',
    'payments',
    'notifications',
    'contactMessages',
  ] as const)
    yield* array(
      source,
      rowsOfUser(deps.pool, source, userId),
      (row) => {
        if (source !== 'notifications') own.push(...streamOf[source](row));
      },
      // A sign-in's notice links to its session by the session's public id: not in the file (above).
      (row) =>
        source === 'notifications' && sessionPublicIds.has(String(row.relatedId))
          ? { ...row, relatedId: null }
          : row,
    );

  // The history, a page at a time; the events its transactions have outside the person's own streams
  // (a transfer received is booked on the sender's account stream) are noted on the way.
  const elsewhere = new Map<string, { eventId: string; streamName: string; revision: string }>();
  const ownSet = [...new Set(own)];
  async function* history() {
    let cursor: { commit: bigint; prepare: bigint; leg: number } | undefined;
    for (;;) {
      const page = await userHistory(deps.pool, userId, { limit: EXPORT_PAGE, cursor });
      const ids = [...new Set(page.items.map((row) => row.id))];
      for (const ref of await eventsElsewhere(deps.pool, ids, ownSet)) elsewhere.set(ref.eventId, ref);
      yield* page.items;
      const last = page.items[page.items.length - 1];
      if (!page.nextCursor || !last) return;
      // The next page starts below the last row, as the page's own nextCursor says.
      cursor = {
        commit: BigInt(last.position_commit),
        prepare: BigInt(last.position_prepare),
        leg: last.leg,
      };
    }
  }
  yield* array('history', history());

  async function* events() {
    for (const stream of ownSet)
      for await (const event of wholeStream(deps.store, stream))
        if (isTheirs(event, userId, depositIds)) yield event;
    for (const ref of elsewhere.values()) {
      const [event] = await deps.store.readStream(ref.streamName, {
        fromRevision: BigInt(ref.revision),
        maxCount: 1,
      });
      if (event && event.id === ref.eventId) yield event;
    }
  }
  yield* array('events', events(), undefined, exportedEvent);
  yield '}\n';
}

/** A JSON array member `"name":[…]`, one element per item as it arrives. */
async function* array<T>(
  name: string,
  items: AsyncIterable<T>,
  seen?: (item: T) => void,
  shape: (item: T) => unknown = (item) => item,
): AsyncGenerator<string> {
  yield `,${json(name)}:[`;
  let first = true;
  for await (const item of items) {
    seen?.(item);
    yield `${first ? '' : ','}\n${json(shape(item))}`;
    first = false;
  }
  yield ']';
}

/** Every event of one stream, a page at a time (none if the stream does not exist). */
async function* wholeStream(store: EventStore, stream: string): AsyncGenerator<RecordedEvent> {
  let from = 0n;
  for (;;) {
    const page = await store.readStream(stream, { fromRevision: from, maxCount: EXPORT_PAGE });
    yield* page;
    if (page.length < EXPORT_PAGE) return;
    from = page[page.length - 1]!.revision + 1n;
  }
}

/**
 * Whether an event of one of the person's streams is about them. Most of those streams are named by the
 * person's ids and hold nothing else, but two kinds are named by a value that passes from one account to
 * another: an e-mail's or username's reservation (`userEmail-`, `userName-`: a freed e-mail registered
 * again keeps the earlier owner's reservation and release before the new one) and an on-chain claim
 * (`depositTx-`: a hash released by one deposit and claimed by another). So every event that names an
 * account (`userId`) must name this one, and a claim event must be one of their deposits'.
 * docs/architecture/data-export.md, "The events".
 */
export function isTheirs(event: RecordedEvent, userId: UserId, depositIds: ReadonlySet<string>): boolean {
  const data = event.data as { userId?: unknown; depositId?: unknown } | null;
  if (typeof data?.userId === 'string' && data.userId !== userId) return false;
  if (event.type === 'DepositTxClaimed' || event.type === 'DepositTxReleased')
    return typeof data?.depositId === 'string' && depositIds.has(data.depositId);
  return true;
}

/**
 * One event as the export shows it: the one place an event's data goes into the file. Its personal
 * fields were opened by the store it was read from (app/privacy/sealingStore.ts).
 */
export function exportedEvent(event: RecordedEvent) {
  // A sign-in's stream and event are named by the session's public id, which also names the session in
  // the security centre: the export says what each sign-in was, never which session it is (a session id in
  // any form stays out of the file, docs/architecture/data-export.md).
  const signIn = event.streamName.startsWith(SIGN_IN_STREAM_PREFIX);
  const data =
    signIn && event.data && typeof event.data === 'object'
      ? Object.fromEntries(Object.entries(event.data).filter(([field]) => field !== 'sessionId'))
      : event.data;
  return {
    id: event.id,
    stream: signIn ? SIGN_IN_STREAM_PREFIX.slice(0, -1) : event.streamName,
    revision: event.revision.toString(),
    position: formatPosition(event.position),
    type: event.type,
    recordedAt: event.recordedAt.toISOString(),
    data,
    actorId: event.metadata.actorId,
    correlationId: event.metadata.correlationId,
    causationId: event.metadata.causationId,
    hash: event.metadata.hash,
  };
}

/** What is stored about the person's sign-in protection, never the secrets themselves. */
async function securityFacts(db: Pool, userId: UserId) {
  const { rows } = await db.query<{
    passwordChangedAt: Date | null;
    twoFactor: boolean | null;
    since: Date | null;
  }>(
    `SELECT (SELECT updated_at FROM credentials WHERE user_id = $1) AS "passwordChangedAt",
            (SELECT confirmed FROM totp_secrets WHERE user_id = $1) AS "twoFactor",
            (SELECT confirmed_at FROM totp_secrets WHERE user_id = $1 AND confirmed) AS since`,
    [userId],
  );
  const r = rows[0];
  return {
    passwordLastChangedAt: r?.passwordChangedAt ?? null,
    twoFactorEnabled: r?.twoFactor === true,
    twoFactorEnabledAt: r?.since ?? null,
  };
}

/** The person's sessions, oldest first, a page at a time; without their ids. */
async function* sessionsOf(db: Pool, userId: UserId): AsyncGenerator<Record<string, unknown>> {
  let after = null as { time: string; id: string } | null;
  for (;;) {
    const rows = await exportedSessionsPage(db, userId, after, EXPORT_PAGE);
    for (const { _time, _id, ...row } of rows) yield row;
    const last: { _time: string; _id: string } | undefined = rows[rows.length - 1];
    if (!last || rows.length < EXPORT_PAGE) return;
    after = { time: last._time, id: last._id };
  }
}
