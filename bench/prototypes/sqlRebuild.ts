/**
 * A measurement, not a feature: how long would a rebuild of the high-volume read models take if they were
 * computed inside Postgres from `es_events`, no event going through Node? (BENCHMARKS.md, "Rebuild (6)".)
 *
 *   DATABASE_URL=postgres://… npx tsx bench/prototypes/sqlRebuild.ts     [STEPS=1: each statement's time]
 *
 * Against a Postgres-store database whose read models are live and caught up, it builds the journal, the
 * balances, the transactions, the transaction events and the notifications in SQL, in schemas of their own,
 * with their keys, indexes and ANALYZE: the ledger's postings first, then its journal with the balances and
 * its transactions on two connections, while the transaction events and the notifications build on two
 * more (projections/rebuild.ts also writes each projection on a connection of its own). It prints each
 * lane's time and the whole, then compares every table with the live read model, row for row, and exits
 * non-zero on any difference: the SQL is held to what the TypeScript projections made of the same log.
 * The schemas are dropped at the end (KEEP=1 keeps them to look at).
 *
 * Not measured here: the small projections (users, cards…), which would still be built in Node from their
 * own events, the catch-up to the head and the switch. The SQL restates domain/ledger/postings.ts, the
 * notices of projections/notifications and transactionIdOf: that restatement is the cost of this route,
 * and why it is a prototype (BENCHMARKS.md).
 */
import pg from 'pg';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL must name the database to measure');

// Node keeps a time to the millisecond (a Date), and the read models hold what it wrote.
const AT = `date_trunc('milliseconds', e.created_at)`;
const POSITION = `e.transaction_id::text::numeric AS position_commit, e.global_position::numeric AS position_prepare`;

const LEDGER = `
CREATE TABLE proto_ledger.ledger_postings (LIKE public.ledger_postings INCLUDING DEFAULTS INCLUDING CONSTRAINTS);
CREATE TABLE proto_ledger.account_balances (LIKE public.account_balances INCLUDING DEFAULTS);
CREATE TABLE proto_ledger.ledger_transactions (LIKE public.ledger_transactions INCLUDING DEFAULTS);
CREATE UNLOGGED TABLE proto_ledger.postings AS
SELECT event_id, 0::smallint AS leg, ${POSITION}, ${AT} AS created_at, metadata->>'actorId' AS actor_id, p.*
FROM es_events e
CROSS JOIN LATERAL (
  SELECT
    CASE WHEN event_type IN ('WithdrawalCompleted', 'WithdrawalFailed') THEN data->>'withdrawalId'
         ELSE data->>'transactionId' END AS transaction_id,
    CASE event_type
      WHEN 'TokensMinted' THEN CASE WHEN data->>'source' = 'payment' THEN 'deposit' ELSE 'admin_deposit' END
      WHEN 'TokensTransferred' THEN 'transfer'
      WHEN 'CryptoDepositCredited' THEN 'crypto_deposit'
      ELSE 'withdrawal' END AS kind,
    data->>'asset' AS asset,
    (data->>'amount')::numeric AS amount,
    CASE event_type
      WHEN 'TokensMinted' THEN 'issuance:' || (data->>'asset')
      WHEN 'TokensTransferred' THEN 'user:' || (data->>'fromUserId')
      WHEN 'CryptoDepositCredited' THEN 'custody:' || (data->>'asset')
      WHEN 'WithdrawalHoldPlaced' THEN 'user:' || (data->>'userId')
      ELSE 'holds:' || (data->>'asset') END AS from_account,
    CASE event_type
      WHEN 'TokensTransferred' THEN 'user:' || (data->>'toUserId')
      WHEN 'WithdrawalHoldPlaced' THEN 'holds:' || (data->>'asset')
      WHEN 'WithdrawalCompleted' THEN 'outbound:' || (data->>'asset')
      ELSE 'user:' || (data->>'userId') END AS to_account,
    CASE event_type
      WHEN 'CryptoDepositCredited' THEN (data->>'asset') || ' deposit confirmed'
      WHEN 'WithdrawalHoldPlaced' THEN 'Withdrawal to ' || (data->>'address')
      WHEN 'WithdrawalCompleted' THEN 'Withdrawal sent (' || (data->>'txHash') || ')'
      WHEN 'WithdrawalFailed' THEN 'Withdrawal failed: ' || (data->>'reason')
      ELSE data->>'description' END AS description,
    CASE event_type WHEN 'WithdrawalHoldPlaced' THEN 'pending' WHEN 'WithdrawalFailed' THEN 'failed'
      ELSE 'completed' END AS status
) p
WHERE event_type IN ('TokensMinted', 'TokensTransferred', 'CryptoDepositCredited', 'WithdrawalHoldPlaced',
                     'WithdrawalCompleted', 'WithdrawalFailed');
`;

const JOURNAL = `
-- Each posting's two sides, the debit first (as the TypeScript moves them), with each account's running
-- balance in log order.
CREATE TEMP TABLE sides AS
SELECT event_id, leg, side, account, asset, created_at, position_commit, position_prepare,
       sum(delta) OVER (PARTITION BY account, asset ORDER BY position_commit, position_prepare, leg, side
                        ROWS UNBOUNDED PRECEDING) AS after
FROM (SELECT event_id, leg, position_commit, position_prepare, 0 AS side, from_account AS account, asset,
             -amount AS delta, created_at FROM proto_ledger.postings
      UNION ALL
      SELECT event_id, leg, position_commit, position_prepare, 1, to_account, asset, amount, created_at
        FROM proto_ledger.postings) s;
INSERT INTO proto_ledger.ledger_postings
SELECT p.event_id, p.leg, p.position_commit, p.position_prepare, p.transaction_id, p.kind, p.asset, p.amount,
       p.from_account, p.to_account, f.after, t.after, p.actor_id, p.description, p.created_at
FROM proto_ledger.postings p
JOIN sides f ON f.event_id = p.event_id AND f.leg = p.leg AND f.side = 0
JOIN sides t ON t.event_id = p.event_id AND t.leg = p.leg AND t.side = 1;
INSERT INTO proto_ledger.account_balances
SELECT DISTINCT ON (account, asset) account, asset, after, created_at
FROM sides ORDER BY account, asset, position_commit DESC, position_prepare DESC, leg DESC, side DESC;
SET LOCAL search_path = proto_ledger;
ALTER TABLE ledger_postings ADD PRIMARY KEY (event_id, leg);
ALTER TABLE account_balances ADD PRIMARY KEY (account_id, asset);
CREATE INDEX ON ledger_postings (position_commit, position_prepare, leg);
CREATE INDEX ON ledger_postings (created_at);
CREATE INDEX ON ledger_postings (from_account, asset, position_commit DESC, position_prepare DESC, leg DESC);
CREATE INDEX ON ledger_postings (to_account, asset, position_commit DESC, position_prepare DESC, leg DESC);
CREATE INDEX ON ledger_postings (from_account, asset, created_at DESC);
CREATE INDEX ON ledger_postings (to_account, asset, created_at DESC);
ANALYZE ledger_postings; ANALYZE account_balances;
`;

const TRANSACTIONS = `
-- One row per business transaction: its first posting, with the status a later posting settles it to.
INSERT INTO proto_ledger.ledger_transactions
SELECT first.transaction_id, first.kind, first.asset, first.amount, CASE WHEN first.from_account LIKE 'user:%' THEN substr(first.from_account, 6) END,
       CASE WHEN first.to_account LIKE 'user:%' THEN substr(first.to_account, 6) END,
       first.description,
       CASE WHEN first.status = 'pending' THEN coalesce(settled.status, 'pending') ELSE first.status END,
       first.actor_id, first.created_at, first.position_commit, first.position_prepare
FROM (SELECT DISTINCT ON (transaction_id) * FROM proto_ledger.postings
      ORDER BY transaction_id, position_commit, position_prepare, leg) first
-- When the first posting is pending, every settling one comes after it.
LEFT JOIN (SELECT DISTINCT ON (transaction_id) transaction_id, status FROM proto_ledger.postings WHERE status <> 'pending'
           ORDER BY transaction_id, position_commit, position_prepare, leg) settled
  ON settled.transaction_id = first.transaction_id AND first.status = 'pending';
ALTER TABLE proto_ledger.ledger_transactions ADD PRIMARY KEY (id);
CREATE INDEX ON proto_ledger.ledger_transactions (position_commit DESC, position_prepare DESC);
CREATE INDEX ON proto_ledger.ledger_transactions (created_at);
CREATE INDEX ON proto_ledger.ledger_transactions (id) WHERE status = 'pending';
ANALYZE proto_ledger.ledger_transactions;
`;

const TRANSACTION_EVENTS = `
CREATE TABLE proto_te.transaction_events (LIKE public.transaction_events INCLUDING DEFAULTS);
INSERT INTO proto_te.transaction_events
SELECT id, event_id, stream_name, stream_revision, transaction_id::text::numeric, global_position, event_type,
       date_trunc('milliseconds', created_at), metadata->>'actorId', metadata->>'correlationId', metadata->>'causationId', metadata->>'hash'
FROM (SELECT e.*, coalesce(data->>'withdrawalId', data->>'transactionId', data->>'paymentId', data->>'depositId') AS id
      FROM es_events e
      WHERE event_type IN ('TokensMinted', 'TokensTransferred', 'TransferReceived', 'PaymentProofSubmitted',
        'PaymentApproved', 'PaymentRejected', 'CryptoDepositDeclared', 'CryptoDepositConfirmed',
        'CryptoDepositRejected', 'CryptoDepositCredited', 'WithdrawalHoldPlaced', 'WithdrawalRequested',
        'WithdrawalCompleted', 'WithdrawalFailed', 'WithdrawalHoldReleased')) e
WHERE id IS NOT NULL;
ALTER TABLE proto_te.transaction_events ADD PRIMARY KEY (transaction_id, event_id);
ANALYZE proto_te.transaction_events;
`;

// nameBasedUuid (infra/ids.ts): SHA-1 of 'sai-wallet:' and the name, with the version and variant bits set.
const NOTICE_ID = `encode(substr(set_byte(set_byte(h, 6, (get_byte(h, 6) & 15) | 80), 8, (get_byte(h, 8) & 63) | 128), 1, 16), 'hex')::uuid`;
const quoted = (field: string) =>
  `CASE WHEN coalesce(data->>'${field}', '') <> '' THEN ' “' || (data->>'${field}') || '”' ELSE '' END`;
const tier = (field: string) =>
  `CASE data->>'${field}' WHEN 'gold' THEN 'Gold' WHEN 'ruby' THEN 'Ruby Steel' WHEN 'black' THEN 'Black' END`;

const NOTIFICATIONS = `
CREATE EXTENSION IF NOT EXISTS pgcrypto WITH SCHEMA public;
CREATE TABLE proto_notifications.notifications (LIKE public.notifications INCLUDING DEFAULTS);
INSERT INTO proto_notifications.notifications
  (id, user_id, title, message, type, related_id, created_at, position_commit, position_prepare)
SELECT ${NOTICE_ID}, user_id, title, message, type, related_id, created_at, position_commit, position_prepare
FROM (
  SELECT public.digest('sai-wallet:notification:' || event_id::text || ':0', 'sha1') AS h, n.*, ${AT} AS created_at,
         ${POSITION}
  FROM es_events e
  CROSS JOIN LATERAL (
    SELECT CASE WHEN event_type = 'TokensTransferred' THEN data->>'toUserId' ELSE data->>'userId' END AS user_id,
      CASE event_type
        WHEN 'CardRequested' THEN 'Card request submitted' WHEN 'CardPaymentSubmitted' THEN 'Verifying payment'
        WHEN 'CardActivated' THEN 'Card activated' WHEN 'CardShipped' THEN 'Card shipped'
        WHEN 'CardDelivered' THEN 'Card delivered' WHEN 'CardFrozen' THEN 'Card frozen'
        WHEN 'CardUnfrozen' THEN 'Card unfrozen' WHEN 'CardPinChanged' THEN 'PIN changed'
        WHEN 'CardTierUpgraded' THEN 'Card upgraded' WHEN 'CryptoDepositConfirmed' THEN 'Deposit confirmed'
        WHEN 'CryptoDepositRejected' THEN 'Deposit rejected' WHEN 'WithdrawalRequested' THEN 'Withdrawal Initiated'
        WHEN 'WithdrawalCompleted' THEN 'Withdrawal completed' WHEN 'WithdrawalFailed' THEN 'Withdrawal failed'
        WHEN 'TokensTransferred' THEN 'Money received' WHEN 'TokensMinted' THEN 'Tokens received'
        WHEN 'PaymentProofSubmitted' THEN 'Deposit submitted' WHEN 'PaymentApproved' THEN 'Payment approved'
        WHEN 'PaymentRejected' THEN 'Payment rejected' END AS title,
      CASE event_type
        WHEN 'CardRequested' THEN 'Your ' || ${tier('tier')} || ' card was requested. It activates once your deposit is confirmed.'
        WHEN 'CardPaymentSubmitted' THEN 'We are verifying your payment for your card (1-2 business days).'
        WHEN 'CardActivated' THEN 'Your metal card is active.'
        WHEN 'CardShipped' THEN 'Your card is on its way by courier (3-7 working days). Tracking number ' || (data->>'trackingNumber') || ', estimated delivery ' || (data->>'estimatedDelivery') || '.'
        WHEN 'CardDelivered' THEN 'Your card has been delivered. Enjoy it!'
        WHEN 'CardFrozen' THEN 'Your card is frozen; no payments go through until you unfreeze it.'
        WHEN 'CardUnfrozen' THEN 'Your card works again.'
        WHEN 'CardPinChanged' THEN 'Your card PIN was changed. If this was not you, freeze the card and contact support.'
        WHEN 'CardTierUpgraded' THEN 'Your card is now ' || ${tier('to')} || '.'
        WHEN 'CryptoDepositConfirmed' THEN (data->>'amount') || ' ' || (data->>'asset') || ' were credited to your balance.'
        WHEN 'CryptoDepositRejected' THEN 'Your declared deposit was rejected' || CASE WHEN coalesce(data->>'reason', '') <> '' THEN ': ' || (data->>'reason') ELSE '.' END
        WHEN 'WithdrawalRequested' THEN 'Your withdrawal of ' || (data->>'amount') || ' ' || (data->>'asset') || ' is being processed (within 24 hours).'
        WHEN 'WithdrawalCompleted' THEN (data->>'amount') || ' ' || (data->>'asset') || ' were sent (transaction ' || (data->>'txHash') || ').'
        WHEN 'WithdrawalFailed' THEN 'Your withdrawal failed' || CASE WHEN coalesce(data->>'reason', '') <> '' THEN ': ' || (data->>'reason') ELSE '' END || '. ' || (data->>'amount') || ' ' || (data->>'asset') || ' are back in your balance.'
        WHEN 'TokensTransferred' THEN 'You received ' || (data->>'amount') || ' ' || (data->>'asset') || ' from ' || (data->>'fromLabel') || '.' || ${quoted('description')}
        WHEN 'TokensMinted' THEN (data->>'amount') || ' ' || (data->>'asset') || ' were added to your balance.' || ${quoted('description')}
        WHEN 'PaymentProofSubmitted' THEN 'Your payment proof for ' || (data->>'amount') || ' SAI is pending confirmation. Tokens are added automatically once it is confirmed (10-60 minutes).'
        WHEN 'PaymentApproved' THEN 'Your payment was approved: ' || (data->>'amount') || ' SAI are now in your balance.'
        WHEN 'PaymentRejected' THEN 'Your payment proof was rejected' || CASE WHEN coalesce(data->>'reason', '') <> '' THEN ': ' || (data->>'reason') ELSE '.' END || ' You can submit a new one.'
      END AS message,
      CASE WHEN event_type LIKE 'Card%' THEN 'card'
           WHEN event_type IN ('CryptoDepositRejected', 'PaymentProofSubmitted', 'PaymentRejected') THEN 'system'
           ELSE 'transaction' END AS type,
      coalesce(data->>'cardId', data->>'depositId', data->>'withdrawalId', data->>'paymentId', data->>'transactionId') AS related_id
  ) n
  WHERE event_type IN ('CardRequested', 'CardPaymentSubmitted', 'CardActivated', 'CardShipped', 'CardDelivered',
      'CardFrozen', 'CardUnfrozen', 'CardPinChanged', 'CardTierUpgraded', 'CryptoDepositConfirmed',
      'CryptoDepositRejected', 'WithdrawalRequested', 'WithdrawalCompleted', 'WithdrawalFailed',
      'TokensTransferred', 'PaymentProofSubmitted', 'PaymentApproved', 'PaymentRejected')
     OR (event_type = 'TokensMinted' AND data->>'source' = 'distribution')
) x;
-- Marked read: one notification by its id, or everything the user had before the event.
UPDATE proto_notifications.notifications n SET is_read = true
  FROM es_events e
 WHERE e.event_type = 'NotificationMarkedRead' AND n.id = (e.data->>'notificationId')::uuid
   AND n.user_id = e.data->>'userId';
UPDATE proto_notifications.notifications n SET is_read = true
  FROM (SELECT data->>'userId' AS user_id, max((transaction_id::text::numeric, global_position::numeric)) AS upto
          FROM es_events WHERE event_type = 'AllNotificationsMarkedRead' GROUP BY 1) m
 WHERE n.user_id = m.user_id AND (n.position_commit, n.position_prepare) < m.upto;
ALTER TABLE proto_notifications.notifications ADD PRIMARY KEY (id);
CREATE INDEX ON proto_notifications.notifications (user_id, position_commit DESC, position_prepare DESC);
CREATE INDEX ON proto_notifications.notifications (user_id) WHERE NOT is_read;
ANALYZE proto_notifications.notifications;
`;

const COMPARE: [string, string][] = [
  ['ledger_postings', 'proto_ledger'],
  ['account_balances', 'proto_ledger'],
  ['ledger_transactions', 'proto_ledger'],
  ['transaction_events', 'proto_te'],
  ['notifications', 'proto_notifications'],
];

async function lane(name: string, sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    await client.query('BEGIN');
    await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    if (process.env.STEPS) {
      for (const statement of sql.split(/;\n/).filter((x) => x.trim())) {
        const t = performance.now();
        await client.query(statement);
        process.stdout.write(
          `  ${name} ${((performance.now() - t) / 1000).toFixed(2)} s  ${statement
            .trim()
            .split('\n')
            .filter((l) => !l.startsWith('--'))[0]!
            .slice(0, 70)}\n`,
        );
      }
    } else await client.query(sql);
    await client.query('COMMIT');
    const ms = performance.now() - started;
    process.stdout.write(`${name}: ${(ms / 1000).toFixed(1)} s\n`);
    return ms;
  } finally {
    await client.end();
  }
}

async function main() {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const schemas = ['proto_ledger', 'proto_te', 'proto_notifications'];
  try {
    for (const schema of schemas)
      await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
    const { rows } = await pool.query<{ n: string }>('SELECT count(*)::text AS n FROM es_events');
    const events = Number(rows[0]!.n);
    const started = performance.now();
    await Promise.all([
      (async () => {
        // The postings first (committed, so that two connections can read them), then the journal with its
        // balances and the transactions side by side.
        await lane('ledger postings', LEDGER);
        await Promise.all([lane('journal and balances', JOURNAL), lane('transactions', TRANSACTIONS)]);
      })(),
      lane('transaction events', TRANSACTION_EVENTS),
      lane('notifications', NOTIFICATIONS),
    ]);
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `all three: ${seconds.toFixed(1)} s for ${events.toLocaleString('en-US')} events = ${Math.round(events / seconds).toLocaleString('en-US')} events/s\n`,
    );
    let differences = 0;
    for (const [table, schema] of COMPARE) {
      const { rows: diff } = await pool.query<{ missing: string; extra: string; live: string }>(
        `SELECT (SELECT count(*) FROM (TABLE public.${table} EXCEPT ALL TABLE ${schema}.${table}) a)::text AS missing,
                (SELECT count(*) FROM (TABLE ${schema}.${table} EXCEPT ALL TABLE public.${table}) b)::text AS extra,
                (SELECT count(*) FROM public.${table})::text AS live`,
      );
      const d = diff[0]!;
      process.stdout.write(
        `${table}: ${d.live} live rows; ${d.missing} missing from the SQL build, ${d.extra} extra\n`,
      );
      differences += Number(d.missing) + Number(d.extra);
    }
    if (differences > 0) process.exitCode = 1;
  } finally {
    if (!process.env.KEEP)
      for (const schema of schemas) await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await pool.end();
  }
}

await main();
