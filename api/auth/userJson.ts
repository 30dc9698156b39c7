import type { z } from 'zod';
import { loadUser, type RegisteredUser } from '../../app/auth/users.service.ts';
import { userAccount } from '../../domain/ledger/postings.ts';
import { DEFAULT_TOKEN_PRICE_USDT } from '../../domain/settings/defaults.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { ledgerAmountText, multiplyDecimals, subtractDecimals } from '../../domain/shared/money.ts';
import { initials } from '../../domain/users/initials.ts';
import type { Pool } from '../../infra/postgres/pool.ts';
import { balanceAsOfTime, balanceOf } from '../../projections/ledger/ledger.queries.ts';
import { tokenPriceText } from '../../projections/settings/settings.queries.ts';
import { userSummary } from '../../projections/users/userSummary.queries.ts';
import type { UserRow } from '../../projections/users/users.queries.ts';
import type { Deps } from '../deps.ts';
import { currentTokenPrice } from '../settings/tokenPrice.ts';
import type { userAnswer } from './auth.schemas.ts';

export interface BalanceFigures {
  balance: string;
  balanceUSD: string;
  balanceChange24h: string;
  tokenValue: string;
}

const ZERO_BALANCE: BalanceFigures = {
  balance: '0.00',
  balanceUSD: '0.00',
  balanceChange24h: '0.00',
  tokenValue: DEFAULT_TOKEN_PRICE_USDT,
};

/** SAI balance, its USD value at the configured price, and the real change over the last 24 hours. */
export async function balanceFigures(deps: Deps, userId: UserId): Promise<BalanceFigures> {
  const account = userAccount(userId);
  const [balance, dayAgo, price] = await Promise.all([
    balanceOf(deps.pool, account, 'SAI'),
    balanceAsOfTime(deps.pool, account, 'SAI', dayBefore(deps.now())),
    currentTokenPrice(deps.pool),
  ]);
  return figuresOf(balance, dayAgo, price);
}

function dayBefore(now: Date): Date {
  return new Date(now.getTime() - 86_400_000);
}

function figuresOf(balance: string, dayAgo: string, price: string): BalanceFigures {
  return {
    balance: ledgerAmountText(balance, 'SAI'),
    // A value in USD for display, rounded half-up to cents: not a ledger amount.
    balanceUSD: multiplyDecimals(balance, price, 2),
    balanceChange24h: subtractDecimals(balance, dayAgo, 2),
    tokenValue: price,
  };
}

/** The user object the client sees (docs/product-rules.md spec 3). */
export function userJson(row: UserRow, figures: BalanceFigures = ZERO_BALANCE): z.output<typeof userAnswer> {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    isAdmin: row.isAdmin,
    status: row.status,
    twoFactorEnabled: row.twoFactorEnabled,
    emailVerified: row.emailVerified,
    /** For the avatar (docs/product-rules.md spec 2). */
    initials: initials(row),
    ...figures,
    profileImageUrl: row.profileImageUrl,
    bio: row.bio,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * Built from the write side: right after registration, or as a command's answer, when the read model
 * has not caught up yet. Same fields and values as the read model's row.
 */
export function userJsonFromState(
  user: RegisteredUser,
  figures: BalanceFigures = ZERO_BALANCE,
): ReturnType<typeof userJson> {
  return userJson(
    {
      id: user.userId,
      email: user.email,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      bio: user.bio,
      profileImageUrl: user.profileImageUrl,
      isAdmin: user.isAdmin,
      status: user.status,
      twoFactorEnabled: user.twoFactorEnabled,
      emailVerified: user.emailVerified,
      createdAt: user.registeredAt,
      updatedAt: user.updatedAt,
    },
    figures,
  );
}

/** `db`: where the read models are read (a GET's `readModels(c)`; a command's answer, the primary). */
export async function currentUserJson(deps: Deps, userId: UserId, db: Pool = deps.pool) {
  // One statement for the row and its figures: this answers every screen's first call.
  const summary = await userSummary(db, userId, userAccount(userId), dayBefore(deps.now()));
  const figures = figuresOf(summary.balance, summary.balanceDayAgo, tokenPriceText(summary.tokenPrice));
  const row = summary.row;
  if (row) return userJson(row, figures);
  const user = await loadUser(deps, userId);
  return user ? userJsonFromState(user, figures) : null;
}
