import { beforeAll, describe, expect, it } from 'vitest';
import { publicSessionId } from '../../app/auth/sessions.ts';
import { setUpTestApp, signedUpClient, type TestClient } from '../../testing/testApp.ts';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface Listed {
  id: string;
  browser: string | null;
  os: string | null;
  address: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** The security centre's sessions (api/account/sessions.routes.ts): list, sign out one, sign out others. */
describe('sessions and devices', () => {
  // Behind the one trusted proxy: the client's address is X-Forwarded-For's last entry.
  const t = setUpTestApp({ TRUST_PROXY: '1' });
  let email: string;
  let password: string;
  let first: TestClient;

  beforeAll(async () => {
    const signedUp = await signedUpClient(t);
    first = signedUp.client;
    email = signedUp.registration.email as string;
    password = signedUp.registration.password as string;
  });

  async function signIn(userAgent: string, address: string) {
    const client = t.client();
    const reply = await client.post(
      '/api/auth/login',
      { email, password },
      { 'user-agent': userAgent, 'x-forwarded-for': `10.0.0.1, ${address}` },
    );
    expect(reply.status, reply.text).toBe(200);
    return client;
  }

  async function list(client: TestClient): Promise<Listed[]> {
    const reply = await client.get<{ sessions: Listed[] }>('/api/account/sessions');
    expect(reply.status, reply.text).toBe(200);
    return reply.body.sessions;
  }

  it('lists the sessions with device, address and times, this one first, and never the session key', async () => {
    const firefox = await signIn(FIREFOX_LINUX, '203.0.113.7');
    const iphone = await signIn(SAFARI_IPHONE, '198.51.100.23');
    const seen = await list(firefox);
    expect(seen.length).toBe(3);
    expect(seen[0]).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      browser: 'Firefox',
      os: 'Linux',
      address: '203.0.113.7',
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      current: true,
    });
    expect(seen.filter((s) => s.current).length).toBe(1);
    expect(seen).toContainEqual(
      expect.objectContaining({ browser: 'Safari', os: 'iOS', address: '198.51.100.23', current: false }),
    );
    // From the other device, that one is "this device".
    expect((await list(iphone))[0]).toEqual(expect.objectContaining({ browser: 'Safari', current: true }));

    // The public id is a hash: no listed id is a session key.
    const { rows } = await t.db.pool.query<{ id: string }>('SELECT id FROM sessions');
    const keys = new Set(rows.map((row) => row.id));
    const hashes = new Set([...keys].map(publicSessionId));
    for (const session of seen) {
      expect(keys.has(session.id)).toBe(false);
      expect(hashes.has(session.id)).toBe(true);
    }
  });

  it('signs out one session of mine: that device is signed out, the others are not', async () => {
    const mine = await signIn(FIREFOX_LINUX, '203.0.113.8');
    const other = await signIn(SAFARI_IPHONE, '198.51.100.24');
    const target = (await list(other))[0]!;
    const before = await t.eventCount();
    expect((await mine.request('DELETE', `/api/account/sessions/${target.id}`)).status).toBe(204);
    expect(await t.eventCount()).toBe(before);
    expect((await other.get('/api/auth/user')).status).toBe(401);
    expect((await mine.get('/api/auth/user')).status).toBe(200);
    expect((await list(mine)).some((s) => s.id === target.id)).toBe(false);
    // Again: it is gone.
    const again = await mine.request('DELETE', `/api/account/sessions/${target.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual(expect.objectContaining({ detail: 'Session not found' }));
  });

  it("cannot sign out someone else's session, nor name one by its key", async () => {
    const stranger = (await signedUpClient(t)).client;
    const victim = await signIn(FIREFOX_LINUX, '203.0.113.9');
    const victimSession = (await list(victim))[0]!;
    const reply = await stranger.request('DELETE', `/api/account/sessions/${victimSession.id}`);
    expect(reply.status).toBe(404);
    expect((await victim.get('/api/auth/user')).status).toBe(200);
    // A malformed id is a 400, not a look-up.
    expect((await stranger.request('DELETE', '/api/account/sessions/not-an-id')).status).toBe(400);
    // A visitor is asked to sign in.
    expect((await t.client().get('/api/account/sessions')).status).toBe(401);
    expect((await t.client().post('/api/account/sessions/sign-out-others')).status).toBe(401);
  });

  it('signs out every other session and keeps this one', async () => {
    const keep = await signIn(FIREFOX_LINUX, '203.0.113.10');
    const others = [await signIn(SAFARI_IPHONE, '198.51.100.25'), first];
    const before = (await list(keep)).length;
    expect(before).toBeGreaterThan(2);
    const reply = await keep.post('/api/account/sessions/sign-out-others');
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toEqual({ endedSessions: before - 1 });
    for (const other of others) expect((await other.get('/api/auth/user')).status).toBe(401);
    expect((await keep.get('/api/auth/user')).status).toBe(200);
    expect((await list(keep)).map((s) => s.current)).toEqual([true]);
  });

  it('signing out this session from the list ends it and clears the cookie', async () => {
    const self = await signIn(FIREFOX_LINUX, '203.0.113.11');
    const current = (await list(self))[0]!;
    const reply = await self.request('DELETE', `/api/account/sessions/${current.id}`);
    expect(reply.status).toBe(204);
    expect(reply.headers.get('set-cookie')).toMatch(/sai_session=;/);
    expect((await self.get('/api/auth/user')).status).toBe(401);
  });
});

describe('sign-in notification', () => {
  const t = setUpTestApp({ TRUST_PROXY: '1' });

  it('tells the user of each new sign-in in the bell, from a sealed event of its own stream', async () => {
    const { registration, user } = await signedUpClient(t);
    const client = t.client();
    const login = await client.post(
      '/api/auth/login',
      { email: registration.email, password: registration.password },
      { 'user-agent': FIREFOX_LINUX, 'x-forwarded-for': '203.0.113.77' },
    );
    expect(login.status, login.text).toBe(200);
    // The sign-in does not make its reads wait for the notice (no read-your-writes): let the worker catch up.
    expect(login.headers.get('x-log-position')).toBeNull();
    await t.settle();
    const notices = (await client.get<{ title: string; message: string }[]>('/api/notifications')).body;
    expect(notices).toContainEqual(
      expect.objectContaining({
        title: 'New sign-in',
        message: expect.stringMatching(/^New sign-in from Firefox on Linux\. /),
      }),
    );
    // One event, on the session's own stream (not the user's), its device and address sealed in the log.
    const [session] = (await client.get<{ sessions: Listed[] }>('/api/account/sessions')).body.sessions;
    const { rows } = await t.db.pool.query<{ stream_name: string; data: Record<string, unknown> }>(
      `SELECT stream_name, data FROM es_events WHERE event_type = 'SignedIn' AND data->>'userId' = $1`,
      [user.id],
    );
    expect(rows.map((row) => row.stream_name)).toEqual([`signIn-${session!.id}`]);
    const raw = JSON.stringify(rows[0]!.data);
    expect(raw).not.toContain('203.0.113.77');
    expect(raw).not.toContain('Firefox');
    expect(rows[0]!.data.address).toEqual(expect.objectContaining({ v: 1, ct: expect.any(String) }));
  });

  it('announces a new device or place only: a browser that signed in before, on its network, is quiet', async () => {
    const { registration, user } = await signedUpClient(t);
    // A browser is a client with its own cookies (the device cookie among them).
    const laptop = t.client();
    const phone = t.client();
    const signIn = async (browser: TestClient, userAgent: string, address: string) => {
      const reply = await browser.post(
        '/api/auth/login',
        { email: registration.email, password: registration.password },
        { 'user-agent': userAgent, 'x-forwarded-for': address },
      );
      expect(reply.status, reply.text).toBe(200);
      expect(reply.headers.get('set-cookie')).toMatch(/sai_device=[\w-]+\.[\w-]+;.*HttpOnly/i);
    };
    const notices = async () => {
      await t.settle();
      const { rows } = await t.db.pool.query<{ message: string }>(
        `SELECT message FROM notifications WHERE user_id = $1 AND title = 'New sign-in'
          ORDER BY position_commit, position_prepare`,
        [user.id],
      );
      return rows.map((row) => row.message.replace(/\. .*$/, ''));
    };
    await signIn(laptop, FIREFOX_LINUX, '203.0.113.77');
    // The same browser again, from the same address and from another on its /24: nothing new.
    await signIn(laptop, FIREFOX_LINUX, '203.0.113.77');
    await signIn(laptop, FIREFOX_LINUX, '203.0.113.12');
    expect(await notices()).toEqual(['New sign-in from Firefox on Linux']);
    // Another browser on that network (even one that looks the same), the phone twice, the laptop on
    // another network: each new device or place announced once.
    await signIn(t.client(), FIREFOX_LINUX, '203.0.113.77');
    await signIn(phone, SAFARI_IPHONE, '203.0.113.77');
    await signIn(phone, SAFARI_IPHONE, '203.0.113.77');
    await signIn(laptop, FIREFOX_LINUX, '198.51.100.5');
    // IPv6: the /48 is the place (a privacy address changes the rest).
    await signIn(laptop, FIREFOX_LINUX, '2001:db8:1:2::5');
    await signIn(laptop, FIREFOX_LINUX, '2001:db8:1:ffff::9');
    expect(await notices()).toEqual([
      'New sign-in from Firefox on Linux',
      'New sign-in from Firefox on Linux',
      'New sign-in from Safari on iOS',
      'New sign-in from Firefox on Linux',
      'New sign-in from Firefox on Linux',
    ]);
    // The laptop's cookie with a forged mark, or another account's, is no known device.
    const forged = t.client();
    forged.cookies.set('sai_device', laptop.cookies.get('sai_device')!.replace(/\.[\w-]+$/, '.forged'));
    await signIn(forged, FIREFOX_LINUX, '203.0.113.77');
    const other = await signedUpClient(t);
    const reply = await other.client.post(
      '/api/auth/login',
      { email: other.registration.email, password: other.registration.password },
      { 'user-agent': FIREFOX_LINUX, 'x-forwarded-for': '203.0.113.77' },
    );
    expect(reply.status, reply.text).toBe(200);
    const borrowed = t.client();
    borrowed.cookies.set('sai_device', other.client.cookies.get('sai_device')!);
    await signIn(borrowed, FIREFOX_LINUX, '203.0.113.77');
    expect(await notices()).toHaveLength(7);
    // Every sign-in is still a fact of the log; only the bell is quieter.
    const { rows } = await t.db.pool.query<{ new_device: string | null }>(
      `SELECT data->>'newDevice' AS new_device FROM es_events
        WHERE event_type = 'SignedIn' AND data->>'userId' = $1 ORDER BY global_position`,
      [user.id],
    );
    expect(rows.map((row) => row.new_device)).toEqual([
      'true',
      'false',
      'false',
      'true',
      'true',
      'false',
      'true',
      'true',
      'false',
      'true',
      'true',
    ]);
  });
});
