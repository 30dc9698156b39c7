import { LOG_POSITION, LOG_TIME } from '../bulkSql.ts';
import type { BulkSql } from '../projection.ts';
import { POSTINGS_SQL, postingsSelect } from './postingsSql.ts';

/**
 * The ledger's tables computed in SQL from the log (Projection.bulkSql): the postings postingsOf books
 * (leg 0 for every event with a rule, a later leg where its rule has one), compiled from the same rules (postingsSql.ts), each account's running balance in
 * log order (the debited side moves first, as applyLedgerBatch moves it), the balances where each account
 * ended, and one transaction per id: its first posting, with the status the first settling posting gives a
 * pending one. projections/bulk.int.test.ts holds this to the TypeScript over every posting rule.
 */
/** The people erased in the log. */
const ERASED = `SELECT DISTINCT l.data->>'userId' AS user_id FROM rebuild_log l WHERE l.event_type = 'PersonErased'`;

const STAGE = `
DROP TABLE IF EXISTS bulk_postings;
CREATE UNLOGGED TABLE bulk_postings AS
${postingsSelect(POSTINGS_SQL, 'rebuild_log', `l.event_id, ${LOG_POSITION}, ${LOG_TIME} AS created_at, l.metadata->>'actorId' AS actor_id`)};
`;

// The journal with each side's running balance, and the balances where each account ended.
const JOURNAL = `
CREATE TEMP TABLE bulk_sides ON COMMIT DROP AS
SELECT event_id, leg, side, account, asset, created_at,
       sum(delta) OVER running AS after,
       -- The account's last move (its balance now): the one with none after it, found in the same sort.
       lead(true) OVER running IS NULL AS last
  FROM (SELECT event_id, leg, position_commit, position_prepare, 0 AS side, from_account AS account, asset,
               -amount AS delta, created_at FROM bulk_postings
        UNION ALL
        SELECT event_id, leg, position_commit, position_prepare, 1, to_account, asset, amount, created_at
          FROM bulk_postings) s
WINDOW running AS (PARTITION BY account, asset ORDER BY position_commit, position_prepare, leg, side
                   ROWS UNBOUNDED PRECEDING);

INSERT INTO ledger_postings (event_id, leg, position_commit, position_prepare, transaction_id, kind, asset,
  amount, from_account, to_account, from_balance_after, to_balance_after, actor_id, description, created_at)
SELECT p.event_id, p.leg, p.position_commit, p.position_prepare, p.transaction_id, p.kind, p.asset, p.amount,
       p.from_account, p.to_account, f.after, t.after, p.actor_id, p.description, p.created_at
  FROM bulk_postings p
  JOIN bulk_sides f ON f.event_id = p.event_id AND f.leg = p.leg AND f.side = 0
  JOIN bulk_sides t ON t.event_id = p.event_id AND t.leg = p.leg AND t.side = 1;

INSERT INTO account_balances (account_id, asset, balance, updated_at)
SELECT account, asset, after, created_at FROM bulk_sides WHERE last;

-- Erased people's descriptions, as blankErasedDescriptions (ledger.projection.ts) leaves them.
UPDATE ledger_postings p
   SET description = CASE WHEN p.kind = 'withdrawal' THEN 'Withdrawal failed: ' ELSE '' END
  FROM (${ERASED}) e
 WHERE (p.kind = 'transfer' AND p.from_account = 'user:' || e.user_id)
    OR (p.kind IN ('deposit', 'admin_deposit') AND p.to_account = 'user:' || e.user_id)
    OR (p.kind = 'withdrawal' AND p.to_account = 'user:' || e.user_id AND p.from_account LIKE 'holds:%');
`;

// One transaction per id: its first posting, with the status the first settling posting gives a pending one.
const TRANSACTIONS = `
CREATE TEMP TABLE bulk_multi ON COMMIT DROP AS
SELECT transaction_id FROM bulk_postings GROUP BY transaction_id HAVING count(*) > 1;
ANALYZE bulk_multi;

INSERT INTO ledger_transactions (id, type, asset, amount, sender_id, receiver_id, description, status, actor_id,
  created_at, position_commit, position_prepare)
SELECT first.transaction_id, first.kind, first.asset, first.amount,
       CASE WHEN first.from_account LIKE 'user:%' THEN substr(first.from_account, 6) END,
       CASE WHEN first.to_account LIKE 'user:%' THEN substr(first.to_account, 6) END,
       first.description,
       CASE WHEN first.status = 'pending' THEN coalesce(settled.status, 'pending') ELSE first.status END,
       first.actor_id, first.created_at, first.position_commit, first.position_prepare
  FROM (-- Nearly every transaction has one posting (all but a withdrawal's): that one is its first. Only
        -- the others are sorted, for their first and for the first that settles a pending one.
        SELECT p.* FROM bulk_postings p WHERE p.transaction_id NOT IN (SELECT transaction_id FROM bulk_multi)
        UNION ALL
        (SELECT DISTINCT ON (transaction_id) * FROM bulk_postings
          WHERE transaction_id IN (SELECT transaction_id FROM bulk_multi)
          ORDER BY transaction_id, position_commit, position_prepare, leg)) first
  -- A pending first posting: every posting that settles it comes after it.
  LEFT JOIN (SELECT DISTINCT ON (transaction_id) transaction_id, status FROM bulk_postings
              WHERE status <> 'pending' AND transaction_id IN (SELECT transaction_id FROM bulk_multi)
              ORDER BY transaction_id, position_commit, position_prepare, leg) settled
    ON settled.transaction_id = first.transaction_id AND first.status = 'pending';

UPDATE ledger_transactions t SET description = ''
  FROM (${ERASED}) e
 WHERE (t.type = 'transfer' AND t.sender_id = e.user_id)
    OR (t.type IN ('deposit', 'admin_deposit') AND t.receiver_id = e.user_id);
`;

export const LEDGER_BULK_SQL: BulkSql = {
  stage: STAGE,
  staged: ['bulk_postings'],
  parts: [
    { tables: ['ledger_postings', 'account_balances'], sql: JOURNAL },
    { tables: ['ledger_transactions'], sql: TRANSACTIONS },
  ],
};
