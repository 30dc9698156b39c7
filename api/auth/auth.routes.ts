import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import { loadPasswordHash, timingDummyHash, verifySecret } from '../../app/auth/credentials.ts';
import { createSession, revokeSession } from '../../app/auth/sessions.ts';
import {
  findUserIdByEmail,
  loadUser,
  type RegisteredUser,
  registerUser,
} from '../../app/auth/users.service.ts';
import { sendReclaimLink, sendVerificationLink } from '../../app/mail/emailVerification.ts';
import { inBackground } from '../../app/mail/passwordReset.ts';
import { userAccount } from '../../domain/ledger/postings.ts';
import { DEFAULT_TOKEN_PRICE_USDT } from '../../domain/settings/defaults.ts';
import { ConflictError } from '../../domain/shared/errors.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { ledgerAmountText, multiplyDecimals, subtractDecimals } from '../../domain/shared/money.ts';
import { initials } from '../../domain/users/initials.ts';
import { balanceAsOfTime, balanceOf } from '../../projections/ledger/ledger.queries.ts';
import { tokenPriceText } from '../../projections/settings/settings.queries.ts';
import { userSummary } from '../../projections/users/userSummary.queries.ts';
import type { UserRow } from '../../projections/users/users.queries.ts';
import type { Deps } from '../../runtime/deps.ts';
import { requestMetadata } from '../../runtime/deps.ts';
import type { AppEnv } from '../http/env.ts';
import { limited, limitedMail, tooManyAttempts } from '../http/limits.ts';
import { HttpProblem } from '../http/problem.ts';
import { clientIp } from '../http/security.ts';
import { clearSessionCookie, requireUser, setSessionCookie } from '../http/session.ts';
import { responds, validate } from '../http/validate.ts';
import { currentTokenPrice } from '../settings/tokenPrice.ts';
import { loginSchema, registerSchema, sessionAnswer, userAnswer } from './auth.schemas.ts';
import { requireSecondFactor } from './secondFactor.ts';
import { openSignedInSession, sessionOrigin } from './signIn.ts';

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

export async function currentUserJson(deps: Deps, userId: UserId) {
  // One statement for the row and its figures: this answers every screen's first call.
  const summary = await userSummary(deps.pool, userId, userAccount(userId), dayBefore(deps.now()));
  const figures = figuresOf(summary.balance, summary.balanceDayAgo, tokenPriceText(summary.tokenPrice));
  const row = summary.row;
  if (row) return userJson(row, figures);
  const user = await loadUser(deps, userId);
  return user ? userJsonFromState(user, figures) : null;
}

/** Whether the mail limits let a mail to `recipient` from `client` go (limitedMail, without its 429). */
async function mailAllowed(deps: Deps, client: string, recipient: string): Promise<boolean> {
  try {
    await limitedMail(deps, client, recipient);
    return true;
  } catch (error) {
    if (error instanceof HttpProblem && error.status === 429) return false;
    throw error;
  }
}

export function authRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const trustProxy = deps.config.TRUST_PROXY === '1';

  app.post('/register', responds(201, userAnswer), validate('json', registerSchema), async (c) => {
    await limited(deps, 'register', clientIp(c, trustProxy));
    const input = c.req.valid('json');
    if (input.isAdmin) throw new HttpProblem(403, 'Admin accounts are created by an operator');
    const metadata = requestMetadata(null, c.get('requestId'));
    // Not through commandRoute: no one is the actor of a registration, even a signed-in sender.
    const { user, position } = await registerUser(
      deps,
      { ...input, isAdmin: false, emailVerified: false },
      metadata,
    ).catch((error: unknown) => {
      // The address is taken: the answer stays the 409 every taken address gets (docs/security.md), and
      // if its account is still unverified its owner is mailed a link to take it back, after the answer.
      if (error instanceof ConflictError && error.attribute === 'email') {
        const address = clientIp(c, trustProxy);
        inBackground(deps, 'email_verification', async () => {
          // Over the mail limits the mail is skipped, silently: a 429 here would tell the address is taken.
          if (await mailAllowed(deps, address, input.email))
            await sendReclaimLink(deps, input.email, metadata);
        });
      }
      throw error;
    });
    // The link that confirms the address, sent before the answer: the person is told to look for it, and a
    // free address's registration has nothing to hide by its timing. A mail that fails is a log line by
    // purpose (inBackground's), never a failed registration: "Send the link again" is there for it.
    await new Promise<void>((done) => {
      inBackground(deps, 'email_verification', async () => {
        try {
          await sendVerificationLink(deps, user.userId, metadata);
        } finally {
          done();
        }
      });
    });
    const session = await createSession(
      deps.pool,
      deps.sessions,
      { userId: user.userId, isAdmin: false },
      false,
      deps.now(),
      sessionOrigin(c, deps),
    );
    setSessionCookie(c, session);
    c.set('wrotePosition', position);
    return c.json(userJsonFromState(user), 201);
  });

  /**
   * Sign-in: password first (same 401 for an unknown e-mail), then, with a passkey or 2FA on, the second
   * factor (asked for only once the password is right: secondFactor.ts), then the account's status.
   */
  app.post('/login', responds(200, userAnswer), validate('json', loginSchema), async (c) => {
    const input = c.req.valid('json');
    const address = clientIp(c, trustProxy);
    await limited(deps, 'login', address);
    // Keyed by the e-mail as typed (normalised), so an unknown e-mail is throttled exactly like a known one.
    const attempt = await deps.limits.login.attempt(input.email.toLowerCase(), address);
    if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfter);
    const userId = await findUserIdByEmail(deps, input.email);
    const hash = userId ? await loadPasswordHash(deps.pool, userId) : null;
    const valid = await verifySecret(hash ?? (await timingDummyHash()), input.password);
    const user = valid && userId ? await loadUser(deps, userId) : null;
    if (!user) {
      await attempt.failed();
      throw new HttpProblem(401, 'Invalid email or password');
    }
    await attempt.succeeded();
    await requireSecondFactor(deps, user, input);
    return openSignedInSession(c, deps, user, input.rememberMe);
  });

  app.post('/logout', responds(204, null), async (c) => {
    const session = c.get('session');
    if (session) await revokeSession(deps.pool, session.sessionId, 'logout');
    clearSessionCookie(c);
    return c.body(null, 204);
  });

  const current = async (c: Context<AppEnv>) => {
    const session = requireUser(c);
    const user = await currentUserJson(deps, session.userId);
    if (!user) throw new HttpProblem(401, 'Please sign in to continue');
    return c.json(user);
  };
  app.get('/user', responds(200, userAnswer), current);
  app.get('/me', responds(200, userAnswer), current);

  /**
   * Who is signed in, for the web app: a visitor is an answer, not an error, so this is 200 with
   * `user: null` where `/user` (kept for the spec's client) answers 401 (docs/product-rules.md rule 28).
   */
  app.get('/session', responds(200, sessionAnswer), async (c) => {
    const session = c.get('session');
    const user = session ? await currentUserJson(deps, session.userId) : null;
    return c.json({ user });
  });

  return app;
}
