import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp, signedUpClient } from '../../testing/testApp.ts';

/**
 * READ_DATABASE_URL (docs/architecture/replica-reads.md) without a cluster: a "replica" that is the
 * primary itself, and one that cannot be reached. The replication lag itself is tested on the real
 * cluster (testing/cluster/cluster.cluster.test.ts).
 */
describe('reads through READ_DATABASE_URL', () => {
  const t = setUpTestApp({}, { readVia: (url) => url });

  it('sends the read models’ queries to the read pool, and a writer reads its own write there', async () => {
    const { client } = await signedUpClient(t);
    const changed = await client.request('PATCH', '/api/account/profile', { bio: 'read back' });
    expect(changed.status).toBe(200);
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.bio).toBe('read back');
    // The replica caught up within the wait: no fallback to say.
    expect(me.headers.get('x-read-from')).toBeNull();
    expect((await client.get('/api/transactions')).status).toBe(200);
    const { rows } = await t.db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE application_name = 'sai-reads' AND datname = current_database()`,
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});

describe('reads through a READ_DATABASE_URL that cannot be reached', () => {
  // A "replica" that drops every connection it accepts, started before the app (hooks run in order).
  const dropping = net.createServer((socket) => socket.destroy());
  beforeAll(async () => {
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => dropping.close(resolve));
  });
  const t = setUpTestApp(
    {},
    {
      readVia: () =>
        `postgres://reader:secret@127.0.0.1:${(dropping.address() as net.AddressInfo).port}/replica`,
    },
  );

  it('answers a read 503 once, then from the primary until the replica answers again', async () => {
    const alice = await signedUpClient(t);
    const bob = await signedUpClient(t);
    // Bob brings no write of his own: his read goes to the replica, which refuses the connection.
    bob.client.cookies.delete('sai_rw');
    const refused = await bob.client.request('GET', '/api/auth/me');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.body).toMatchObject({ status: 503 });
    // The endpoint is set aside: the retry, and Alice's read after her registration, come from the primary.
    const retried = await bob.client.get('/api/auth/me');
    expect(retried.status).toBe(200);
    expect(retried.body.email).toBe(bob.user.email);
    expect(retried.headers.get('x-read-from')).toBe('primary');
    const own = await alice.client.get('/api/auth/me');
    expect(own.status).toBe(200);
    expect(own.body.email).toBe(alice.user.email);
    expect(own.headers.get('x-read-from')).toBe('primary');
    expect(t.deps.replicaPool).not.toBeNull();
  });
});
