import { beforeAll, describe, expect, it } from 'vitest';
import type { UserId } from '../../domain/shared/ids.ts';
import { setUpTestApp, signedUpClient } from '../../testing/testApp.ts';
import { createSession, resumeSession, verifySessionToken } from './sessions.ts';

describe('session renewal', () => {
  const t = setUpTestApp();
  let userId: UserId;

  beforeAll(async () => {
    userId = (await signedUpClient(t)).user.id;
  });

  async function row(sessionId: string) {
    const { rows } = await t.db.pool.query<{ last_seen_at: Date; idle_expires_at: Date }>(
      'SELECT last_seen_at, idle_expires_at FROM sessions WHERE id = $1',
      [sessionId],
    );
    return rows[0]!;
  }

  it('renews a token older than the renewal period, and writes the row once per period whatever the client keeps', async () => {
    const settings = t.deps.sessions;
    const start = new Date();
    const issued = await createSession(t.db.pool, settings, { userId, isAdmin: false }, false, start);
    const created = await row(issued.sessionId);

    // Young token: nothing to renew, nothing written.
    const young = await resumeSession(t.db.pool, settings, issued.token, new Date(start.getTime() + 1_000));
    expect(young?.claims.userId).toBe(userId);
    expect(young?.renewed).toBeNull();
    expect(await row(issued.sessionId)).toEqual(created);

    // Past the period: a renewed token, and the idle deadline pushed forward.
    const due = new Date(start.getTime() + settings.renewAfterMs + 5_000);
    const first = await resumeSession(t.db.pool, settings, issued.token, due);
    expect(first?.renewed?.token).toEqual(expect.any(String));
    expect(first?.renewed?.token).not.toBe(issued.token);
    const renewed = await row(issued.sessionId);
    expect(renewed.last_seen_at).toEqual(due);
    expect(renewed.idle_expires_at).toEqual(new Date(due.getTime() + settings.idleMs));

    // The same old token again (a client that ignored the new cookie): it still gets a renewed token,
    // but the row, written a moment ago, is left alone.
    const again = new Date(due.getTime() + 2_000);
    const second = await resumeSession(t.db.pool, settings, issued.token, again);
    expect(second?.renewed?.token).toEqual(expect.any(String));
    expect(await row(issued.sessionId)).toEqual(renewed);

    // A period later it is written again.
    const later = new Date(due.getTime() + settings.renewAfterMs + 1_000);
    await resumeSession(t.db.pool, settings, issued.token, later);
    expect((await row(issued.sessionId)).idle_expires_at).toEqual(
      new Date(later.getTime() + settings.idleMs),
    );

    // Past the idle deadline the row holds, the session is over.
    const idleOver = new Date(later.getTime() + settings.idleMs);
    expect(await resumeSession(t.db.pool, settings, issued.token, idleOver)).toBeNull();
  });

  it('trusts a token it signed without verifying it again, with the claims a verification reads back', async () => {
    const settings = t.deps.sessions;
    // Another process with the same secret: a settings object of its own, so nothing it has verified.
    const elsewhere = { ...settings };
    const issued = await createSession(t.db.pool, settings, { userId, isAdmin: true }, true);
    const here = await verifySessionToken(settings, issued.token);
    const verified = await verifySessionToken(elsewhere, issued.token);
    expect(verified).toEqual({
      sessionId: issued.sessionId,
      userId,
      isAdmin: true,
      issuedAt: expect.any(Number),
    });
    expect(here).toEqual(verified);

    // A renewed token, signed by the renewal, the same way.
    const due = new Date(Date.now() + settings.renewAfterMs + 1_000);
    const renewed = (await resumeSession(t.db.pool, settings, issued.token, due))?.renewed;
    expect(renewed?.token).toEqual(expect.any(String));
    const renewedHere = await verifySessionToken(settings, renewed!.token);
    expect(renewedHere).toEqual(await verifySessionToken(elsewhere, renewed!.token));

    // What one secret signed, another refuses: the tokens a process trusts are those of its own secret.
    const other = {
      ...settings,
      secret: new TextEncoder().encode('another-secret-another-secret-another-se'),
    };
    const foreign = await createSession(t.db.pool, other, { userId, isAdmin: true }, false);
    expect(await verifySessionToken(settings, foreign.token)).toBeNull();
    expect(await verifySessionToken(other, foreign.token)).toEqual(expect.objectContaining({ userId }));
  });
});
