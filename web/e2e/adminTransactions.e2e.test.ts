import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { parseCsv } from '../../testing/csv.ts';
import { until } from '../../testing/projections.ts';
import {
  type Account,
  DESKTOP,
  journeyTests,
  newAccount,
  openAdminSection,
  PHONE,
  withSignInProof,
} from './browserKit.ts';
import { allowPageProblems } from './harness.ts';
import { expectAccessible, expectNoHorizontalScroll, expectScreenAt } from './screenKit.ts';
import { setUpAdminApp } from './sessionsKit.ts';

/**
 * The admin's transaction screens (docs/product-rules.md rules 7 and 13): search, type and status filters, Clear, the
 * count, server-side paging kept in the URL, an Export whose file holds exactly what the filters match,
 * and a transaction's detail with the events behind it (checked against the audit API's own hashes) and
 * the balances before and after. The same journey runs at 1280 and at 360 px.
 *
 * The ledger is made over the API: two distributions (Alice 100, Bob 50), then Alice sends Bob 30 for
 * the rent and nine coffees of 1.00: twelve transactions, newest first.
 */

const TAG = randomBytes(3).toString('hex');
const RENT = `Rent share ${TAG}`;
const COFFEES = 9;
const TOTAL = 2 + 1 + COFFEES;

const { kit, app, ADMIN } = setUpAdminApp('admin_tx_e2e');

const alice = newAccount('Alice');
const bob = newAccount('Bob');
const ids = { alice: '', bob: '', rent: '' };

async function postJson<T>(context: BrowserContext, path: string, data: unknown): Promise<T> {
  const response = await context.request.post(kit.url(path), {
    data: withSignInProof(context, 'POST', path, data),
    headers: { Origin: app().url, 'Idempotency-Key': randomBytes(12).toString('hex') },
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(kit.url(path));
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

async function registerUser(account: Account) {
  const { context } = await kit.session();
  await kit.register(context, account);
  const me = await getJson<{ id: string }>(context.request, '/api/auth/user');
  return { context, id: me.id };
}

interface DetailJson {
  events: { type: string; stream: string; hash: string }[];
}
interface StreamJson {
  events: { type: string; hash: string; hashValid: boolean; data: { transactionId?: string } }[];
}

beforeAll(async () => {
  const admin = await kit.session();
  await kit.signIn(admin.context, ADMIN.email, ADMIN.password);
  const a = await registerUser(alice);
  const b = await registerUser(bob);
  ids.alice = a.id;
  ids.bob = b.id;
  await postJson(admin.context, '/api/transactions', {
    type: 'admin_deposit',
    receiver_id: ids.alice,
    amount: '100',
    description: `Welcome grant ${TAG}`,
  });
  await postJson(admin.context, '/api/transactions', {
    type: 'admin_deposit',
    receiver_id: ids.bob,
    amount: '50',
    description: `Welcome grant ${TAG}`,
  });
  const rent = await postJson<{ id: string }>(a.context, '/api/transactions', {
    type: 'transfer',
    receiver_id: ids.bob,
    amount: '30',
    description: RENT,
  });
  ids.rent = rent.id;
  for (let i = 1; i <= COFFEES; i++) {
    await postJson(a.context, '/api/transactions', {
      type: 'transfer',
      receiver_id: ids.bob,
      amount: '1',
      description: `Coffee ${i} ${TAG}`,
    });
  }
  // Read models follow the log by a few milliseconds; the receiving side's event comes after the send.
  await until(
    async () =>
      (await getJson<{ total: number }>(admin.context.request, '/api/transactions/all')).total === TOTAL &&
      (await getJson<DetailJson>(admin.context.request, `/api/admin/transactions/${ids.rent}`)).events
        .length === 2,
  );
}, 240_000);

/** The hash of the rent's event in a user's account stream, as the audit API recomputes and checks it. */
async function auditHash(request: APIRequestContext, userId: string, type: string): Promise<string> {
  const stream = await getJson<StreamJson>(request, `/api/admin/audit/streams/account-${userId}`);
  const event = stream.events.find((e) => e.type === type && e.data.transactionId === ids.rent);
  expect(event, `${type} in account-${userId}`).toBeDefined();
  expect(event!.hashValid).toBe(true);
  return event!.hash;
}

type Viewport = typeof DESKTOP;

function rows(page: Page) {
  return page.getByTestId('admin-transaction-row');
}

/** The machine is shared and slow: wait for a value as long as a locator would. */
function poll<T>(read: () => Promise<T>) {
  return expect.poll(read, { timeout: 15_000, interval: 100 });
}

async function countText(page: Page) {
  return (await page.getByTestId('transactions-count').textContent()) ?? '';
}

async function expectList(page: Page, count: string, rowCount: number) {
  await poll(() => countText(page)).toBe(count);
  await poll(() => rows(page).count()).toBe(rowCount);
}

async function rowTexts(page: Page) {
  return (await rows(page).allTextContents()).map((text) => text.replace(/\s+/g, ' '));
}

/** The rows' transaction ids, in order. */
async function rowIds(page: Page) {
  return rows(page).evaluateAll((elements) =>
    elements.map((element) => element.getAttribute('data-transaction-id') ?? ''),
  );
}

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The side menu's Transactions entry leads to every transaction, newest first. */
async function checkFullList(page: Page, viewport: Viewport) {
  // The side menu's Transactions entry is a real link now.
  await openAdminSection(page, 'Transactions');
  await page.waitForURL(kit.url('/admin/transactions'));
  await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor();
  await expectList(page, `Showing ${TOTAL} of ${TOTAL} transactions`, TOTAL);
  const all = await rowTexts(page);
  // Newest first: the last coffee on top, the first distribution at the bottom.
  expect(all[0]).toContain(`Coffee ${COFFEES} ${TAG}`);
  expect(all[0]).toContain('1.00 SAI');
  expect(all[0]).toContain(`alice_`);
  expect(all[TOTAL - 1]).toContain(`Welcome grant ${TAG}`);
  expect(all[TOTAL - 1]).toContain('100.00 SAI');
  expect(all[TOTAL - 1]).toContain('Token distribution');
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
  await expectScreenAt(page, viewport, '/admin/transactions');
}

/** Search (debounced into the URL) narrows the list to the rent; Clear restores everything. The box. */
async function searchAndClear(page: Page) {
  const searchBox = page.getByRole('searchbox', { name: 'Search by ID or description' });
  await searchBox.fill('rent share');
  await page.waitForURL(/[?&]q=/);
  await expectList(page, 'Showing 1 of 1 transactions', 1);
  expect((await rowTexts(page))[0]).toContain(RENT);
  expect((await rowTexts(page))[0]).toContain('30.00 SAI');
  expect((await rowTexts(page))[0]).toContain(ids.rent);

  // Clear restores everything and empties the box.
  await page.getByRole('button', { name: /^Clear/ }).click();
  await expectList(page, `Showing ${TOTAL} of ${TOTAL} transactions`, TOTAL);
  expect(await searchBox.inputValue()).toBe('');
  expect(new URL(page.url()).search).toBe('');
  return searchBox;
}

/** The type filter narrows to the two distributions; Export holds exactly those. */
async function filterDistributionsAndExport(page: Page) {
  await choose(page, 'Type', 'Token distribution');
  await page.waitForURL(/type=admin_deposit/);
  await expectList(page, 'Showing 2 of 2 transactions', 2);
  for (const text of await rowTexts(page)) {
    expect(text).toContain('Token distribution');
    expect(text).toContain(`Welcome grant ${TAG}`);
  }
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /^Export/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^sai-admin-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...records] = parseCsv(await readFile((await download.path())!, 'utf8'));
  expect(header).toEqual([
    'ID',
    'Date',
    'Type',
    'Status',
    'Amount',
    'Asset',
    'From',
    'From ID',
    'To',
    'To ID',
    'Description',
  ]);
  expect(records).toHaveLength(2);
  expect(records.map((r) => [r[2], r[3], r[4], r[5], r[6], r[7], r[9], r[10]])).toEqual([
    ['admin_deposit', 'completed', '50.00', 'SAI', 'SAI Wallet', '', ids.bob, `Welcome grant ${TAG}`],
    ['admin_deposit', 'completed', '100.00', 'SAI', 'SAI Wallet', '', ids.alice, `Welcome grant ${TAG}`],
  ]);
  expect(records.map((r) => r[8])).toEqual([bob.username, alice.username]);
}

/** Paging: ten a page, Next to the two oldest, Previous back; the page survives a reload and Back. */
async function pageThrough(page: Page) {
  await choose(page, 'Rows per page', '10');
  await expectList(page, `Showing 10 of ${TOTAL} transactions`, 10);
  await page.getByText('Page 1 of 2').waitFor();
  const previous = page.getByRole('button', { name: 'Previous' });
  const next = page.getByRole('button', { name: 'Next' });
  expect(await previous.isDisabled()).toBe(true);
  expect((await rowTexts(page))[0]).toContain(`Coffee ${COFFEES} ${TAG}`);
  const firstPage = await rowIds(page);
  await next.click();
  await expectList(page, `Showing 2 of ${TOTAL} transactions`, 2);
  await page.getByText('Page 2 of 2').waitFor();
  await poll(() => next.isDisabled()).toBe(true);
  const secondPage = await rowTexts(page);
  expect(secondPage[0]).toContain('50.00 SAI');
  expect(secondPage[1]).toContain('100.00 SAI');
  expect(firstPage).not.toContain((await rowIds(page))[0]);
  expect(firstPage).not.toContain((await rowIds(page))[1]);
  await previous.click();
  await expectList(page, `Showing 10 of ${TOTAL} transactions`, 10);
  expect(await rowIds(page)).toEqual(firstPage);
  await next.click();
  await page.getByText('Page 2 of 2').waitFor();
  await page.reload();
  await page.getByText('Page 2 of 2').waitFor();
  await expectList(page, `Showing 2 of ${TOTAL} transactions`, 2);
  await page.goBack();
  await page.getByText('Page 1 of 2').waitFor();
  await expectList(page, `Showing 10 of ${TOTAL} transactions`, 10);
  expect(await rowIds(page)).toEqual(firstPage);
}

/**
 * The rent's detail, opened from its row: the summary, the events behind it with the hashes the audit API
 * recomputes from the log, and the balances before and after.
 */
async function checkRentDetail(page: Page, context: BrowserContext, viewport: Viewport, searchBox: Locator) {
  await searchBox.fill(RENT);
  await expectList(page, 'Showing 1 of 1 transactions', 1);
  await rows(page).first().getByText(RENT).click();
  await page.waitForURL(kit.url(`/admin/transaction/${ids.rent}`));
  await page.getByRole('heading', { level: 1, name: 'Transaction details' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Transfer of 30.00 SAI' }).waitFor();
  const summary = page.getByTestId('transaction-summary');
  const field = (term: string) =>
    summary.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  expect(await field('Transaction ID').textContent()).toBe(ids.rent);
  expect(await field('Type').textContent()).toBe('Transfer');
  expect(await field('Amount').textContent()).toBe('30.00 SAI');
  expect(await field('From').textContent()).toBe(`${alice.username} (${ids.alice})`);
  expect(await field('To').textContent()).toBe(`${bob.username} (${ids.bob})`);
  expect(await field('Description').textContent()).toBe(RENT);
  expect(await field('Initiated by').textContent()).toBe(`${alice.username} (${ids.alice})`);

  // The events behind it, with the hashes the audit API recomputes from the log.
  const events = page.getByTestId('transaction-event');
  await poll(() => events.count()).toBe(2);
  const sent = events.filter({ hasText: 'TokensTransferred' });
  const received = events.filter({ hasText: 'TransferReceived' });
  expect(await sent.getByTestId('event-hash').textContent()).toBe(
    await auditHash(context.request, ids.alice, 'TokensTransferred'),
  );
  expect(await received.getByTestId('event-hash').textContent()).toBe(
    await auditHash(context.request, ids.bob, 'TransferReceived'),
  );
  await sent.getByText(`account-${ids.alice}`, { exact: true }).waitFor();
  await received.getByText(`account-${ids.bob}`, { exact: true }).waitFor();

  // Balances before and after: Alice 100 → 70, Bob 50 → 80.
  const balances = page.getByTestId('balance-row');
  expect(await balances.count()).toBe(2);
  const balanceOf = async (userId: string) => {
    const row = balances.filter({ hasText: `user:${userId}` });
    return [
      await row.getByTestId('balance-before').textContent(),
      await row.getByTestId('balance-change').textContent(),
      await row.getByTestId('balance-after').textContent(),
    ];
  };
  expect(await balanceOf(ids.alice)).toEqual(['100.00 SAI', '\u221230.00', '70.00 SAI']);
  expect(await balanceOf(ids.bob)).toEqual(['50.00 SAI', '+30.00', '80.00 SAI']);
  await expectScreenAt(page, viewport, '/admin/transaction/{id}');
}

async function adminJourney(viewport: Viewport) {
  const where = `at ${viewport.width}px`;
  const { context, page, problems } = await kit.session(viewport);
  await kit.signIn(context, ADMIN.email, ADMIN.password);
  await page.goto(kit.url('/admin'));
  await page.getByRole('heading', { name: /^Welcome back, / }).waitFor();

  await checkFullList(page, viewport);
  const searchBox = await searchAndClear(page);
  await filterDistributionsAndExport(page);

  // A status nothing has: the empty state, and the count says so.
  await choose(page, 'Status', 'Failed');
  await page.waitForURL(/status=failed/);
  await page.getByText('No transactions found matching your filters').waitFor();
  await poll(() => countText(page)).toBe('Showing 0 of 0 transactions');
  await page.getByRole('button', { name: /^Clear/ }).click();
  await expectList(page, `Showing ${TOTAL} of ${TOTAL} transactions`, TOTAL);
  expect(await page.getByRole('combobox', { name: 'Type' }).textContent()).toContain('All types');
  expect(await page.getByRole('combobox', { name: 'Status' }).textContent()).toContain('All statuses');

  await pageThrough(page);
  await checkRentDetail(page, context, viewport, searchBox);

  // Back to the list, then an id that does not exist.
  await page.getByRole('link', { name: 'All transactions' }).click();
  await page.waitForURL(kit.url('/admin/transactions'));
  allowPageProblems(page, /^failed: 404 GET \/api\/admin\/transactions\/no-such-transaction$/);
  await page.goto(kit.url('/admin/transaction/no-such-transaction'));
  await page.getByRole('heading', { name: 'Transaction not found' }).waitFor();
  await page.getByText('no-such-transaction', { exact: true }).waitFor();
  await expectAccessible(page, `unknown transaction ${where}`);
  if (viewport === PHONE) await expectNoHorizontalScroll(page, 'unknown transaction');
  expect(problems).toEqual([]);
}

describe('admin transactions in the browser', () => {
  journeyTests(adminJourney, [
    ["admin filters and exports transactions, opens a transaction's detail", DESKTOP],
    ["admin filters and exports transactions, opens a transaction's detail at 360 px", PHONE],
  ]);

  test('the list and the detail are for admins only', async () => {
    const { context, page } = await kit.session();
    await kit.signIn(context, alice.email, alice.password);
    expect((await context.request.get(kit.url('/api/transactions/all'))).status()).toBe(403);
    expect((await context.request.get(kit.url(`/api/admin/transactions/${ids.rent}`))).status()).toBe(403);
    await page.goto(kit.url(`/admin/transaction/${ids.rent}`));
    await page.waitForURL(kit.url('/dashboard'));
  }, 240_000);
});
