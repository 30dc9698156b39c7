import { describe, expect, it } from 'vitest';
import { setUpAdminClient, setUpTestApp, signedUpClient } from '../../testing/testApp.ts';

interface Page {
  notifications: { id: string; userId: string; title: string; message: string }[];
  nextCursor: string | null;
}

describe('notifications, a page at a time', () => {
  const t = setUpTestApp();
  const admin = setUpAdminClient(t, 'notifications-admin@example.com');

  it('pages newest first by cursor, each notification once, to the same list as the plain answer', async () => {
    const { client, user } = await signedUpClient(t);
    const { client: other, user: stranger } = await signedUpClient(t);
    for (let n = 1; n <= 12; n++) {
      const sent = await admin.post('/api/transactions', {
        type: 'admin_deposit',
        amount: `${n}.00`,
        receiver_id: user.id,
      });
      expect(sent.status).toBe(201);
    }
    const theirDeposit = await admin.post('/api/transactions', {
      type: 'admin_deposit',
      amount: '1.00',
      receiver_id: stranger.id,
    });
    expect(theirDeposit.status).toBe(201);
    // Notifications follow the log: wait until all twelve are there.
    await expect
      .poll(async () => ((await client.get('/api/notifications')).body as unknown[]).length, {
        timeout: 15_000,
      })
      .toBe(12);

    const first = await client.get('/api/notifications/page');
    expect(first.status).toBe(200);
    const firstPage = first.body as Page;
    // The bell's first page is small: 10 unless asked otherwise.
    expect(firstPage.notifications).toHaveLength(10);
    expect(firstPage.notifications[0]!.message).toContain('12.00');
    expect(firstPage.nextCursor).toMatch(/^\d+-\d+-[0-9a-f-]{36}$/);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=5&cursor=${encodeURIComponent(cursor)}` : '?limit=5';
      const reply = await client.get(`/api/notifications/page${query}`);
      expect(reply.status, reply.text).toBe(200);
      const page = reply.body as Page;
      expect(page.notifications.every((n) => n.userId === user.id)).toBe(true);
      seen.push(...page.notifications.map((n) => n.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(12);
    const all = (await client.get('/api/notifications')).body as { id: string }[];
    expect(seen).toEqual(all.map((n) => n.id));

    // Someone else's cursor pages only one's own notifications. Their deposit came after the twelve in
    // the log, so its notification may still be on its way: wait for it rather than race the projection.
    await expect
      .poll(async () => ((await other.get('/api/notifications')).body as unknown[]).length, {
        timeout: 15_000,
      })
      .toBe(1);
    const theirs = (await other.get('/api/notifications/page?limit=1')).body as Page;
    expect(theirs.notifications).toHaveLength(1);
    expect(theirs.notifications[0]!.userId).toBe(stranger.id);
    expect(theirs.nextCursor).toBeNull();
  });

  it('refuses a cursor or limit it did not write with a 400, and a visitor with a 401', async () => {
    const { client } = await signedUpClient(t);
    for (const query of ['cursor=1-2-3', 'cursor=abc', 'limit=0', 'limit=101', 'limit=5.5', 'other=1']) {
      const reply = await client.get(`/api/notifications/page?${query}`);
      expect(reply.status, query).toBe(400);
    }
    const huge = `${'9'.repeat(30)}-${'9'.repeat(30)}-00000000-0000-4000-8000-000000000000`;
    expect((await client.get(`/api/notifications/page?cursor=${huge}`)).body).toEqual({
      notifications: [],
      nextCursor: null,
    });
    expect((await t.client().get('/api/notifications/page')).status).toBe(401);
  });
});
