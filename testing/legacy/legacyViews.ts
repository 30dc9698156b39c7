import { Secret, TOTP } from 'otpauth';
import type pg from 'pg';
import { expect } from 'vitest';
import type { createApp } from '../../api/app.ts';
import { decryptTotpSecret, TOTP_PERIOD_SECONDS, totpEncryptionKey } from '../../app/auth/totp.ts';
import { TestClient } from '../testApp.ts';
import type { LegacyExpected } from './legacyFixture.ts';
import type { UserView } from './scenario.ts';

/** What a fixture user sees (balances, SAI history), as the fixture's expected.json recorded it. */
export async function viewOf(client: TestClient): Promise<UserView> {
  const me = await client.get('/api/auth/user');
  expect(me.status).toBe(200);
  const crypto = await client.get('/api/crypto/balances');
  // That version's history showed SAI only; today's shows every asset (docs/architecture/history.md).
  const history = await client.get('/api/transactions?limit=100&asset=SAI');
  return {
    saiBalance: String(me.body.balance),
    cryptoBalances: Object.fromEntries(
      (crypto.body as { currency: string; balance: string }[]).map((b) => [b.currency, String(b.balance)]),
    ),
    history: (history.body.transactions as Record<string, unknown>[]).map((row) => ({
      id: String(row.id),
      type: String(row.type),
      status: String(row.status),
      amount: String(row.amount),
      currency: String(row.currency ?? 'SAI'),
    })),
  };
}

/**
 * Signs fixture users in; where two-factor is on, with a code from the stored (encrypted) secret. The
 * server takes a code of its own time step or the one either side, once, and only for a step later than
 * the last one used (`totp_secrets.last_used_step`). So the code is for the earliest step both allow that
 * is not behind now: it stays good for at least one whole step, however slow the machine (a code for the
 * step before now fails whenever a step boundary passes before the server reads it). When that step is
 * still two ahead (the user signed in twice within one step), this waits for the clock to reach it.
 */
export function legacySignIn(expected: LegacyExpected) {
  const key = totpEncryptionKey(new TextEncoder().encode(expected.sessionSecret));
  return async (
    app: ReturnType<typeof createApp>,
    pool: pg.Pool,
    user: { name: string; id: string; email: string; password: string },
  ): Promise<TestClient> => {
    const client = new TestClient(app);
    const body: Record<string, string> = { email: user.email, password: user.password };
    const { rows } = await pool.query<{ secret_encrypted: string; last_used_step: string | null }>(
      'SELECT secret_encrypted, last_used_step FROM totp_secrets WHERE user_id = $1',
      [user.id],
    );
    if (rows[0]) {
      // Two-factor from the old version still works: its secret decrypts with the same key.
      const bytes = decryptTotpSecret(key, user.id, rows[0].secret_encrypted);
      const last = rows[0].last_used_step === null ? -1 : Number(rows[0].last_used_step);
      const step = Math.max(last + 1, TOTP.counter({ period: TOTP_PERIOD_SECONDS }));
      while (step > TOTP.counter({ period: TOTP_PERIOD_SECONDS }) + 1) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      body.totpCode = TOTP.generate({
        secret: new Secret({ buffer: Uint8Array.from(bytes).buffer }),
        timestamp: step * TOTP_PERIOD_SECONDS * 1000,
      });
    }
    const login = await client.post('/api/auth/login', body);
    expect({ user: user.name, status: login.status }).toEqual({ user: user.name, status: 200 });
    return client;
  };
}
