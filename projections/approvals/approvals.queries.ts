import type pg from 'pg';
import type { ApprovalRequest, ApprovalStatus } from '../../domain/approvals/approval.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { idsOf } from '../sql.ts';

/** A request as the requesting admin made it (`units`: minor units, as text), with where it stands. */
export interface ApprovalRow extends ApprovalRequest {
  id: string;
  requestedBy: UserId;
  requestedAt: Date;
  status: Exclude<ApprovalStatus, 'none'>;
  decidedBy: UserId | null;
  decidedAt: Date | null;
  transactionId: string | null;
  outcomeMessage: string | null;
  /** The names the list shows: the user whose money it is, and the requesting admin. */
  username: string | null;
  email: string | null;
  requestedByName: string | null;
}

const COLUMNS = `a.id, a.action, a.target_id AS "targetId", a.user_id AS "userId", a.asset, a.units::text AS units,
  a.reason, a.tx_hash AS "txHash", a.requested_by AS "requestedBy", a.requested_at AS "requestedAt", a.status,
  a.decided_by AS "decidedBy", a.decided_at AS "decidedAt", a.transaction_id AS "transactionId",
  a.outcome_message AS "outcomeMessage", u.username, u.email, r.username AS "requestedByName"`;
const FROM = `admin_approvals a LEFT JOIN users u ON u.id = a.user_id LEFT JOIN users r ON r.id = a.requested_by`;

/** Requests waiting for a second admin, oldest first. */
export async function pendingApprovals(db: pg.Pool, limit = 200): Promise<ApprovalRow[]> {
  const { rows } = await db.query<ApprovalRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE a.status = 'pending' ORDER BY a.requested_at, a.id LIMIT $1`,
    [limit],
  );
  return rows;
}

/** The ids of the requests that moved (or would move) a user's money, oldest first: for the audit. */
export async function approvalIdsOfUser(db: pg.Pool, userId: UserId, limit: number): Promise<string[]> {
  return await idsOf(
    db,
    'SELECT id FROM admin_approvals WHERE user_id = $1 ORDER BY requested_at, id LIMIT $2',
    [userId, limit],
  );
}
