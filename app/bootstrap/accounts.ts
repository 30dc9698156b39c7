import { randomBytes } from 'node:crypto';
import type { UserId } from '../../domain/shared/ids.ts';
import { savePasswordHash } from '../auth/credentials.table.ts';
import { hashSecret } from '../auth/credentials.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import {
  findUserIdByEmail,
  loadUser,
  promoteToAdmin,
  registerUser,
  type UsersContext,
} from '../auth/users.service.ts';
import { requestMetadata } from '../context.ts';

function usernameFor(email: string, attempt: number): string {
  const base = (email.split('@')[0] ?? 'user').replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 24) || 'user';
  const padded = base.length >= 3 ? base : `${base}user`;
  return attempt === 0 ? padded : `${padded}${attempt}`;
}

/**
 * Creates an admin, or makes an existing user an admin. With `resetPassword` an existing user's password
 * is replaced and their sessions end (npm run admin:create); without it an existing account is left as is.
 */
export async function ensureAdmin(
  ctx: UsersContext,
  email: string,
  password: string,
  options: { resetPassword: boolean },
): Promise<{ userId: UserId; created: boolean }> {
  const metadata = requestMetadata(null, `bootstrap-${randomBytes(6).toString('hex')}`);
  const existing = await findUserIdByEmail(ctx, email);
  if (existing) {
    const user = await loadUser(ctx, existing);
    if (!options.resetPassword) return { userId: existing, created: false };
    if (!user?.isAdmin) await promoteToAdmin(ctx, existing, null, metadata);
    await savePasswordHash(ctx.pool, existing, await hashSecret(password));
    await revokeUserSessions(ctx.pool, existing, 'admin_reset');
    return { userId: existing, created: false };
  }
  for (let attempt = 0; ; attempt++) {
    try {
      const { user } = await registerUser(
        ctx,
        {
          email,
          username: usernameFor(email, attempt),
          password,
          firstName: 'Admin',
          lastName: '',
          bio: '',
          profileImageUrl: '',
          isAdmin: true,
          emailVerified: true,
        },
        metadata,
      );
      return { userId: user.userId, created: true };
    } catch (error) {
      if (attempt < 5 && error instanceof Error && /Username already taken/.test(error.message)) continue;
      // Another process starting with the same ADMIN_EMAIL took the address meanwhile: once its
      // registration (reserve the address, then create the user) is through, the account exists.
      if (error instanceof Error && /Email already registered/.test(error.message)) {
        for (let wait = 0; wait < 50; wait++) {
          if (await findUserIdByEmail(ctx, email)) return await ensureAdmin(ctx, email, password, options);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      throw error;
    }
  }
}

export function randomPassword(): string {
  return randomBytes(12).toString('base64url');
}

/** First start with no configuration: a demo admin and a demo user, credentials printed once. */
export async function createDemoAccounts(
  ctx: UsersContext,
): Promise<{ email: string; password: string; role: string }[]> {
  const metadata = requestMetadata(null, `bootstrap-${randomBytes(6).toString('hex')}`);
  const admin = { email: 'admin@example.com', password: randomPassword(), role: 'admin' };
  const user = { email: 'user@example.com', password: randomPassword(), role: 'user' };
  await ensureAdmin(ctx, admin.email, admin.password, { resetPassword: false });
  await registerUser(
    ctx,
    {
      email: user.email,
      username: 'demo_user',
      password: user.password,
      firstName: 'Demo',
      lastName: 'User',
      bio: '',
      profileImageUrl: '',
      isAdmin: false,
      // The demo user's address is the operator's own example: no one's mailbox to prove.
      emailVerified: true,
    },
    metadata,
  );
  return [admin, user];
}
