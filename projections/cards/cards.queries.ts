import type pg from 'pg';
import type { UserId } from '../../domain/shared/ids.ts';
import { preparedQuery } from '../../infra/postgres/prepared.ts';

export interface CardRow {
  id: string;
  userId: UserId;
  tier: string;
  status: string;
  shippingStatus: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
  trackingNumber: string | null;
  estimatedDelivery: string | null;
  createdAt: Date;
  updatedAt: Date;
  username?: string;
  email?: string;
}

const COLUMNS = `c.id, c.user_id AS "userId", c.tier, c.status, c.shipping_status AS "shippingStatus", c.address, c.city,
  c.state, c.zip_code AS "zipCode", c.country, c.tracking_number AS "trackingNumber",
  c.estimated_delivery AS "estimatedDelivery", c.created_at AS "createdAt", c.updated_at AS "updatedAt"`;

export async function cardOfUser(db: pg.Pool, userId: UserId): Promise<CardRow | null> {
  const { rows } = await preparedQuery<CardRow>(db, `SELECT ${COLUMNS} FROM cards c WHERE c.user_id = $1`, [
    userId,
  ]);
  return rows[0] ?? null;
}

export async function findCard(db: pg.Pool, id: string): Promise<CardRow | null> {
  const { rows } = await db.query<CardRow>(`SELECT ${COLUMNS} FROM cards c WHERE c.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function cardQueue(db: pg.Pool, status: string | undefined, limit = 200): Promise<CardRow[]> {
  const { rows } = await db.query<CardRow>(
    `SELECT ${COLUMNS}, u.username, u.email FROM cards c LEFT JOIN users u ON u.id = c.user_id
     WHERE ($1::text IS NULL OR c.status = $1) ORDER BY c.created_at, c.id LIMIT $2`,
    [status ?? null, limit],
  );
  return rows;
}
