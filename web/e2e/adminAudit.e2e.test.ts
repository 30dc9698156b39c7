import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DESKTOP, newAccount, openAdminSection, PHONE } from './browserKit.ts';
import { expectAccessible, expectNoHorizontalScroll } from './screenKit.ts';
import { type BrowserSession, setUpAdminApp } from './sessionsKit.ts';

/**
 * Issue 6 in the browser: an admin finds a user, opens their account stream and pages through its
 * events with the hash chain (checked against the API, and shown broken once an event is edited in the
 * database); then the projections screen lists every projection with its checkpoint and no lag, live.
 */

/** One more than a default page (20), so the stream has a second page. */
const MINTS = 12;
const TRANSFERS = 10;

const { kit, db, ADMIN, adminSession } = setUpAdminApp('audit_e2e');

interface ApiEvent {
  id: string;
  revision: number;
  position: string;
  type: string;
  data: Record<string, unknown>;
  correlationId: string;
  prevHash: string | null;
  hash: string;
  hashValid: boolean;
}

interface ApiProjection {
  name: string;
  state: string;
  checkpoint: string | null;
  lagEvents: number;
}

async function getJson<T>(context: BrowserContext, path: string): Promise<T> {
  const response = await context.request.get(kit.url(path));
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

async function userId(context: BrowserContext): Promise<string> {
  return (await getJson<{ id: string }>(context, '/api/auth/me')).id;
}

const holder = newAccount('Holder');
const friend = newAccount('Friend');
let holderId = '';
let friendId = '';
let stream = '';
let apiEvents: ApiEvent[] = [];

/** Orders two "commit-prepare" log positions: negative, zero or positive. */
function comparePositions(a: string, b: string): number {
  const parse = (text: string) => {
    const [commit = '-1', prepare = '-1'] = /^\d+-\d+$/.test(text) ? text.split('-') : [];
    return [BigInt(commit), BigInt(prepare)] as const;
  };
  const [x, y] = [parse(a), parse(b)];
  if (x[0] !== y[0]) return x[0] < y[0] ? -1 : 1;
  return x[1] === y[1] ? 0 : x[1] < y[1] ? -1 : 1;
}

function eventsList(page: Page) {
  return page.getByRole('list', { name: 'Stream events' });
}

function eventItems(page: Page) {
  return eventsList(page).getByTestId('audit-event');
}

/** Waits until the list shows exactly these revisions, then returns each row's type, hash and chain badge. */
async function shownEvents(page: Page, first: number, last: number, end: boolean) {
  await page
    .getByText(`Revisions ${first}–${last}${end ? ' (end of stream)' : ''}`, { exact: true })
    .first()
    .waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
  const items = eventItems(page);
  expect(await items.count()).toBe(last - first + 1);
  return {
    types: await items.getByTestId('event-type').allTextContents(),
    hashes: await items.getByTestId('event-hash').allTextContents(),
    prevHashes: await items.getByTestId('event-prev-hash').allTextContents(),
    texts: await items.allTextContents(),
  };
}

/**
 * A user who receives distributions and sends transfers: 22 events on their account stream, as the audit
 * API returns them (kept for the tests that follow). The admin's session.
 */
async function makeHolderStream() {
  const holderSession = await kit.session();
  await kit.register(holderSession.context, holder);
  holderId = await userId(holderSession.context);
  const friendSession = await kit.session();
  await kit.register(friendSession.context, friend);
  friendId = await userId(friendSession.context);
  const admin = await kit.session();
  await kit.signIn(admin.context, ADMIN.email, ADMIN.password);
  for (let i = 1; i <= MINTS; i++) {
    await kit.post(admin.context, '/api/transactions', {
      type: 'admin_deposit',
      amount: 10 + i,
      receiver_id: holderId,
      description: `Distribution ${i}`,
    });
  }
  for (let i = 1; i <= TRANSFERS; i++) {
    await kit.post(holderSession.context, '/api/transactions', {
      type: 'transfer',
      amount: `${i}.25`,
      receiver_id: friendId,
      description: `Transfer ${i}`,
    });
  }
  stream = `account-${holderId}`;
  const truth = await getJson<{ events: ApiEvent[]; nextRevision: number | null }>(
    admin.context,
    `/api/admin/audit/streams/${stream}?limit=100`,
  );
  apiEvents = truth.events;
  expect(apiEvents.map((e) => e.type)).toEqual([
    ...Array<string>(MINTS).fill('TokensMinted'),
    ...Array<string>(TRANSFERS).fill('TokensTransferred'),
  ]);
  expect(truth.nextRevision).toBeNull();
  return admin;
}

/** The menu leads to the audit log; the user is found by e-mail; their account stream opens. */
async function openHolderStream(page: Page) {
  await page.goto(kit.url('/admin'));
  await page.getByRole('heading', { name: /^Welcome back, / }).waitFor();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
  await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
  await expectAccessible(page, '/admin/audit, nobody chosen');
  await page.getByLabel('Name, e-mail or user id').fill(holder.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const matches = page.getByRole('list', { name: 'Matching users' }).getByRole('listitem');
  await matches.first().waitFor();
  expect(await matches.count()).toBe(1);
  await matches.getByText(holderId).waitFor();
  await matches.getByRole('link', { name: `Audit ${holder.username}` }).click();
  await page.waitForURL((url) => url.searchParams.get('user') === holderId);

  // The user's streams; the account stream opens.
  await page.getByRole('heading', { level: 2, name: `Streams of ${holder.username}` }).waitFor();
  const streams = page.getByRole('list', { name: 'Streams' });
  await streams.getByRole('link', { name: new RegExp(`^Profile ?user-${holderId}$`) }).waitFor();
  await streams.getByRole('link', { name: new RegExp(`^Account ?${stream}$`) }).click();
  await page.getByRole('heading', { level: 2, name: `Events of ${stream}` }).waitFor();
  expect(
    await streams
      .getByRole('link', { name: new RegExp(`^Account ?${stream}$`) })
      .getAttribute('aria-current'),
  ).toBe('page');
}

/**
 * First page: revisions 0-19 in order, with the API's types and hashes, each linked to the one before; an
 * event's data, pretty-printed on demand.
 */
async function checkFirstPage(page: Page) {
  const shown = await shownEvents(page, 0, 19, false);
  expect(shown.types).toEqual(apiEvents.slice(0, 20).map((e) => e.type));
  expect(shown.hashes).toEqual(apiEvents.slice(0, 20).map((e) => e.hash));
  for (const hash of shown.hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
  expect(shown.prevHashes[0]).toBe('none (first event)');
  expect(shown.prevHashes.slice(1)).toEqual(shown.hashes.slice(0, -1));
  expect(shown.texts[0]).toContain('First event');
  expect(shown.texts[0]).toContain(apiEvents[0]!.position);
  expect(shown.texts[0]).toContain(apiEvents[0]!.correlationId);
  expect(shown.texts[5]).toContain('Linked to #4');
  expect(shown.texts[5]).toContain('Hash verified');
  expect(await page.getByTestId('chain-summary').textContent()).toContain('Chain intact');

  // An event's data, pretty-printed on demand.
  const first = eventItems(page).first();
  await first.getByRole('button', { name: 'Show data of event #0' }).click();
  const data = page.getByRole('region', { name: 'Data of event #0' });
  const json = JSON.parse((await data.textContent()) ?? 'null');
  expect(json).toEqual(apiEvents[0]!.data);
  expect(json.amount).toMatch(/^11\.00/);
  await expectAccessible(page, '/admin/audit with a stream at 1280px');
}

/** Next page: 20-21, the first of them checked against #19 on the page before; then back. */
async function pageForwardAndBack(page: Page) {
  await page.getByRole('button', { name: 'Next events' }).first().click();
  await page.waitForURL((url) => url.searchParams.get('from') === '20');
  let shown = await shownEvents(page, 20, 21, true);
  expect(shown.hashes).toEqual(apiEvents.slice(20).map((e) => e.hash));
  expect(shown.types).toEqual(['TokensTransferred', 'TokensTransferred']);
  expect(shown.texts[0]).toContain('Linked to #19');
  expect(shown.prevHashes[0]).toBe(apiEvents[19]!.hash);
  expect(await page.getByTestId('chain-summary').textContent()).toContain('Chain intact');
  expect(await page.getByRole('button', { name: 'Next events' }).first().isDisabled()).toBe(true);
  await page.getByRole('button', { name: 'Previous events' }).first().click();
  shown = await shownEvents(page, 0, 19, false);
  expect(shown.hashes[19]).toBe(apiEvents[19]!.hash);
}

/** Edit one event in the database: the screen says the chain is broken, and where; intact once put back. */
async function tamperAndRestore(page: Page) {
  const summary = page.getByTestId('chain-summary');
  const tampered = apiEvents[3]!;
  // As stored (its description sealed), to put back exactly.
  const { rows: stored } = await db().pool.query<{ data: unknown }>(
    'SELECT data FROM es_events WHERE event_id = $1',
    [tampered.id],
  );
  await db().pool.query(
    `UPDATE es_events SET data = jsonb_set(data, '{description}', '"edited"') WHERE event_id = $1`,
    [tampered.id],
  );
  try {
    await page.reload();
    await shownEvents(page, 0, 19, false);
    const text = (await summary.textContent()) ?? '';
    expect(text).toContain('Chain broken');
    expect(text).toContain('Event #3 (TokensMinted) does not match its own hash.');
    expect(await eventItems(page).nth(3).textContent()).toContain('Hash mismatch');
    expect(await eventItems(page).nth(3).getAttribute('data-broken')).toBe('true');
    await expectAccessible(page, '/admin/audit with a broken chain');
  } finally {
    await db().pool.query('UPDATE es_events SET data = $2 WHERE event_id = $1', [
      tampered.id,
      JSON.stringify(stored[0]!.data),
    ]);
  }
  await page.reload();
  await shownEvents(page, 0, 19, false);
  expect(await summary.textContent()).toContain('Chain intact');
}

/** Settled: no lag anywhere, the checkpoints shown are the API's, every projection running. */
async function expectSettled(admin: BrowserSession, rows: Locator, count: number) {
  await expect
    .poll(
      async () => (await rows.getByTestId('projection-lag').allTextContents()).every((lag) => lag === '0'),
      {
        timeout: 20_000,
        interval: 500,
      },
    )
    .toBe(true);
  const checkpoints = await rows.getByTestId('projection-checkpoint').allTextContents();
  for (const checkpoint of checkpoints) expect(checkpoint).toMatch(/^\d+-\d+$/);
  const settled = await getJson<ApiProjection[]>(admin.context, '/api/admin/projections');
  expect(settled.every((p) => p.lagEvents === 0)).toBe(true);
  expect(checkpoints).toEqual(settled.map((p) => p.checkpoint));
  expect(await admin.page.getByTestId('projections-summary').textContent()).toBe(`All ${count} up to date`);
  for (const row of await rows.all()) expect(await row.getAttribute('data-attention')).toBeNull();
  // The projections run in the server's worker thread: its API reports them running, never "starting"
  // (it once showed every one "Starting" for good beside "All up to date").
  expect(settled.map((p) => p.state)).toEqual(settled.map(() => 'running'));
  const states = await rows.getByTestId('projection-state').allTextContents();
  expect(states).toHaveLength(settled.length);
  for (const state of states) expect(state).toContain('Running');
}

/** A new transfer moves the ledger's checkpoint on screen without a reload (refetch every 5 s). */
async function expectCheckpointMovesLive(admin: BrowserSession, rows: Locator) {
  const ledgerRow = rows.filter({
    has: admin.page.getByRole('rowheader', { name: 'ledger', exact: true }),
  });
  const before = await ledgerRow.getByTestId('projection-checkpoint').textContent();
  const holderSession = await kit.session();
  await kit.signIn(holderSession.context, holder.email, holder.password);
  await kit.post(holderSession.context, '/api/transactions', {
    type: 'transfer',
    amount: 1,
    receiver_id: friendId,
    description: 'After the projections screen opened',
  });
  const latest = await getJson<{ events: ApiEvent[] }>(
    admin.context,
    `/api/admin/audit/streams/${stream}?fromRevision=${MINTS + TRANSFERS}`,
  );
  expect(latest.events.map((e) => e.type)).toEqual(['TokensTransferred']);
  const transfer = latest.events[0]!.position;
  expect(comparePositions(before ?? '', transfer)).toBeLessThan(0);
  // The ledger has read at least as far as the new transfer, as shown on the open screen.
  await expect
    .poll(
      async () =>
        comparePositions(
          (await ledgerRow.getByTestId('projection-checkpoint').textContent()) ?? '',
          transfer,
        ),
      { timeout: 15_000, interval: 500 },
    )
    .toBeGreaterThanOrEqual(0);
}

describe('the admin audit log and projections in the browser', () => {
  test('find a user, open the account stream, page through hash-chained events', async () => {
    const admin = await makeHolderStream();
    await openHolderStream(admin.page);
    await checkFirstPage(admin.page);
    await pageForwardAndBack(admin.page);
    await tamperAndRestore(admin.page);

    // The users table links to a user's audit.
    await admin.page.goto(kit.url('/admin/users'));
    const row = admin.page.getByRole('row', { name: new RegExp(friend.username) });
    await row.getByRole('link', { name: `Audit ${friend.username}` }).click();
    await admin.page.getByRole('heading', { level: 2, name: `Streams of ${friend.username}` }).waitFor();
    await admin.page
      .getByRole('list', { name: 'Streams' })
      .getByRole('link', { name: new RegExp(`^Account ?account-${friendId}$`) })
      .click();
    const shown = await shownEvents(admin.page, 0, TRANSFERS - 1, true);
    expect(shown.types).toEqual(Array<string>(TRANSFERS).fill('TransferReceived'));
    expect(admin.problems).toEqual([]);
  }, 180_000);

  test('the audit at 360 px: a small page size from the URL, no sideways scrolling', async () => {
    expect(apiEvents.length).toBe(MINTS + TRANSFERS);
    const phone = await adminSession(PHONE);
    await phone.page.goto(kit.url(`/admin/audit?user=${holderId}&stream=${stream}&limit=5`));
    await phone.page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    let shown = await shownEvents(phone.page, 0, 4, false);
    expect(shown.hashes).toEqual(apiEvents.slice(0, 5).map((e) => e.hash));
    await phone.page.getByRole('button', { name: 'Next events' }).last().click();
    shown = await shownEvents(phone.page, 5, 9, false);
    expect(shown.hashes).toEqual(apiEvents.slice(5, 10).map((e) => e.hash));
    expect(shown.texts[0]).toContain('Linked to #4');
    expect(await phone.page.getByTestId('chain-summary').textContent()).toContain('Chain intact');
    await eventItems(phone.page).first().getByRole('button', { name: 'Show data of event #5' }).click();
    await phone.page.getByRole('region', { name: 'Data of event #5' }).waitFor();
    await expectNoHorizontalScroll(phone.page, '/admin/audit with a stream and open data');
    await expectAccessible(phone.page, '/admin/audit with a stream at 360px');

    // The admin menu, folded on phones, has both new sections.
    await openAdminSection(phone.page, 'Projections');
    await phone.page.getByRole('heading', { level: 1, name: 'Projections' }).waitFor();
    await phone.page.getByTestId('projection-row').first().waitFor();
    await expect
      .poll(() => phone.page.getByTestId('projection-state').first().textContent(), { timeout: 30_000 })
      .toContain('Running');
    await expectNoHorizontalScroll(phone.page, '/admin/projections');
    await expectAccessible(phone.page, '/admin/projections at 360px');
    expect(phone.problems).toEqual([]);
  }, 240_000);

  test('projections: every one listed with its checkpoint, no lag once settled, refreshed live', async () => {
    const admin = await adminSession(DESKTOP);
    await admin.page.goto(kit.url('/admin'));
    await admin.page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Projections' })
      .click();
    await admin.page.getByRole('heading', { level: 1, name: 'Projections' }).waitFor();
    const rows = admin.page.getByTestId('projection-row');
    await rows.first().waitFor();

    const api = await getJson<ApiProjection[]>(admin.context, '/api/admin/projections');
    expect(api.length).toBeGreaterThan(3);
    const names = await rows.getByRole('rowheader').allTextContents();
    expect(names).toEqual(api.map((p) => p.name));
    expect(names).toContain('ledger');

    await expectSettled(admin, rows, api.length);
    await expectAccessible(admin.page, '/admin/projections at 1280px');

    await expectCheckpointMovesLive(admin, rows);
    expect(admin.problems).toEqual([]);
  }, 240_000);
});
