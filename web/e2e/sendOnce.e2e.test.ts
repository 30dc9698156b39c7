import type { BrowserContext, Locator, Page, Request, Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  type Account,
  DESKTOP,
  journeyTests,
  newAccount,
  PHONE,
  toasts,
  type Viewport,
} from './browserKit.ts';
import { allowPageProblems } from './harness.ts';
import { text as catalogText, type MessageId } from './messagesKit.ts';
import { expectScreenAt } from './screenKit.ts';
import { setUpAdminApp } from './sessionsKit.ts';

/**
 * A transfer moves money once (issue 46, point 3; web/src/lib/idempotency.ts): a double click on Confirm
 * sends one request and shows no error; a Confirm whose answer is lost on the way (the request reached
 * the server, the connection dropped before the answer) is asked again with the same Idempotency-Key and
 * body, "Still sending…" shows meanwhile, and the server replays the first outcome. At 1280 px and 360
 * px, in English, and in the languages the money screens' e2e covers (German, Spanish).
 */

const { kit, userFriendAndAdmin } = setUpAdminApp('send_once_e2e');

type Language = 'en' | 'de' | 'es';

/** A message of `language` with its `{currency}` filled in (the only argument these texts take). */
function text(language: Language, id: MessageId): string {
  return catalogText(language, id, { currency: 'SAI' });
}

async function balanceOf(context: BrowserContext): Promise<string> {
  return String((await kit.call(context, 'GET', '/api/auth/user')).balance);
}

/** The Idempotency-Key of every transfer the page POSTs, in order. */
function transferPosts(page: Page): { keys: string[]; bodies: string[] } {
  const seen = { keys: [] as string[], bodies: [] as string[] };
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/transactions') return;
    seen.keys.push(request.headers()['idempotency-key'] ?? '');
    seen.bodies.push(request.postData() ?? '');
  });
  return seen;
}

async function fillSendForm(page: Page, language: Language, email: string, amount: string) {
  const form = page.getByRole('form', { name: text(language, 'dashboard.send.form') });
  await form.getByLabel(text(language, 'dashboard.send.recipientEmail')).fill(email);
  await form.getByLabel(text(language, 'dashboard.send.amount')).fill(amount);
  await form.getByRole('button', { name: text(language, 'dashboard.send.reviewButton') }).click();
  const review = page.getByRole('form', { name: text(language, 'dashboard.send.review') });
  await review.getByRole('heading', { name: text(language, 'dashboard.send.review') }).waitFor();
  return { form, review };
}

/** What every step of the journey acts on: the sender's page and sessions, and what the page sent. */
interface Sending {
  page: Page;
  /** What went wrong on the page (harness.ts, watchPageProblems). */
  problems: string[];
  viewport: Viewport;
  language: Language;
  sender: Account;
  friend: Account;
  /** The sender's and the friend's sessions, for their balances. */
  user: BrowserContext;
  other: BrowserContext;
  posts: ReturnType<typeof transferPosts>;
  /** The toasts of a transfer sent and of one that failed. */
  sent: Locator;
  failed: Locator;
}

/** The sender (50 SAI, preferences in `language`) and the friend, with the sender's dashboard open. */
async function openSending(viewport: Viewport, language: Language): Promise<Sending> {
  const sender = newAccount('Twice');
  const friend = newAccount('Once');
  const { user, other, admin } = await userFriendAndAdmin(viewport, sender, friend);
  if (language !== 'en') {
    const preferences = await kit.call(user.context, 'GET', '/api/account/preferences');
    await kit.call(user.context, 'PUT', '/api/account/preferences', { ...preferences, language });
  }
  const senderId = (await kit.call(user.context, 'GET', '/api/auth/user')).id;
  await kit.call(admin.context, 'POST', '/api/transactions', {
    type: 'admin_deposit',
    receiver_id: senderId,
    amount: '50.00',
  });

  const { page } = user;
  const posts = transferPosts(page);
  const sent = toasts(page).getByText(text(language, 'dashboard.send.sent'), { exact: true });
  const failed = toasts(page).getByText(text(language, 'dashboard.send.failed'));
  await page.goto(kit.url('/dashboard'));
  await page.getByRole('form', { name: text(language, 'dashboard.send.form') }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
  return {
    page,
    problems: user.problems,
    viewport,
    language,
    sender,
    friend,
    user: user.context,
    other: other.context,
    posts,
    sent,
    failed,
  };
}

/** (a) A double click on Confirm: one request, one success, no error. The request's key. */
async function doubleClickSendsOnce({ page, language, friend, user, other, posts, sent, failed }: Sending) {
  const first = await fillSendForm(page, language, friend.email, '2.5');
  await first.review.getByRole('button', { name: text(language, 'dashboard.send.confirm') }).dblclick();
  await sent.waitFor();
  await first.form.waitFor();
  expect(posts.keys).toHaveLength(1);
  expect(await failed.count()).toBe(0);
  expect(await balanceOf(user)).toBe('47.50');
  expect(await balanceOf(other)).toBe('2.50');
  const firstKey = posts.keys[0];
  const firstToast = toasts(page)
    .getByRole('listitem')
    .filter({ hasText: text(language, 'dashboard.send.sent') });
  await firstToast.getByRole('button', { name: text(language, 'shell.toast.dismiss') }).click();
  await firstToast.waitFor({ state: 'detached' });
  return firstKey;
}

/**
 * (b) The answer is lost: the request reached the server and moved the money, the page got no answer.
 * The screen asks again with the same key and body; the second attempt waits until "Still sending…"
 * has been seen, and is answered with the first outcome.
 */
async function lostAnswerReplayed(sending: Sending, firstKey: string | undefined) {
  const { page, viewport, language, friend, user, other, posts, sent, failed } = sending;
  let seenNotice: () => void = () => {};
  const noticeSeen = new Promise<void>((resolve) => {
    seenNotice = resolve;
  });
  const statuses: number[] = [];
  const replayed: (string | undefined)[] = [];
  allowPageProblems(
    page,
    /^no answer: POST \/api\/transactions \(net::ERR_CONNECTION_RESET\)$/,
    /^console error: Failed to load resource: net::ERR_CONNECTION_RESET$/,
  );
  await page.route('**/api/transactions', async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    if (statuses.length === 0) {
      const response = await route.fetch();
      statuses.push(response.status());
      return route.abort('connectionreset');
    }
    await noticeSeen;
    const response = await route.fetch();
    statuses.push(response.status());
    replayed.push(response.headers()['idempotent-replayed']);
    return route.fulfill({ response });
  });
  posts.keys.length = 0;
  posts.bodies.length = 0;
  const second = await fillSendForm(page, language, friend.email, '3');
  await second.review.getByRole('button', { name: text(language, 'dashboard.send.confirm') }).click();
  const notice = second.review.getByRole('status').getByText(text(language, 'shell.command.waiting'));
  await notice.waitFor();
  // Pending all the while: Confirm cannot send another.
  expect(
    await second.review.getByRole('button', { name: text(language, 'dashboard.send.sending') }).isDisabled(),
  ).toBe(true);
  await expectScreenAt(page, viewport, `the transfer still sending in ${language}`);
  seenNotice();
  await sent.waitFor();
  await second.form.waitFor();
  await page.unroute('**/api/transactions');

  expect(statuses).toEqual([201, 201]);
  expect(replayed).toEqual(['true']);
  expect(posts.keys).toHaveLength(2);
  expect(posts.keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(posts.keys[1]).toBe(posts.keys[0]);
  expect(posts.bodies[1]).toBe(posts.bodies[0]);
  // The second payment is a new action: a new key, never the first one's.
  expect(posts.keys[0]).not.toBe(firstKey);
  expect(await failed.count()).toBe(0);
  expect(await balanceOf(user)).toBe('44.50');
  expect(await balanceOf(other)).toBe('5.50');
  const history = (await kit.call(user, 'GET', '/api/transactions?limit=10')) as {
    transactions: { type: string; amount: string }[];
  };
  expect(history.transactions.filter((row) => row.type === 'transfer').map((row) => row.amount)).toEqual([
    '3.00',
    '2.50',
  ]);
}

/**
 * (c) More than the small allowance (docs/security.md, "Step-up for transfers"): Confirm is answered
 * with a request for the password; the review stays, says why, and sends it with the same key.
 */
async function passwordAskedAboveAllowance(sending: Sending) {
  const { page, viewport, language, sender, friend, user, other, posts, sent } = sending;
  allowPageProblems(page, /^failed: 401 POST \/api\/transactions$/);
  posts.keys.length = 0;
  posts.bodies.length = 0;
  const third = await fillSendForm(page, language, friend.email, '30.01');
  const confirmThird = third.review.getByRole('button', { name: text(language, 'dashboard.send.confirm') });
  await confirmThird.click();
  await third.review.getByText(text(language, 'dashboard.send.stepUp')).waitFor();
  const password = third.review.getByLabel(text(language, 'dashboard.withdraw.password'));
  await password.waitFor();
  expect(await balanceOf(user)).toBe('44.50');
  await expectScreenAt(page, viewport, `the transfer asking for the password in ${language}`);
  await password.fill(sender.password);
  await confirmThird.click();
  await sent.waitFor();
  await third.form.waitFor();
  expect(posts.keys).toHaveLength(2);
  expect(posts.keys[1]).toBe(posts.keys[0]);
  expect(JSON.parse(posts.bodies[1]!)).toEqual({
    ...JSON.parse(posts.bodies[0]!),
    password: sender.password,
  });
  expect(await balanceOf(user)).toBe('14.49');
  expect(await balanceOf(other)).toBe('35.51');
}

async function journey(viewport: Viewport, language: Language) {
  const sending = await openSending(viewport, language);
  const firstKey = await doubleClickSendsOnce(sending);
  await lostAnswerReplayed(sending, firstKey);
  await passwordAskedAboveAllowance(sending);
  expect(sending.problems).toEqual([]);
}

describe('a transfer moves money once', () => {
  journeyTests(journey, [
    ['a double click and a lost answer, at 1280 px', DESKTOP, 'en'],
    ['a double click and a lost answer, at 360 px', PHONE, 'en'],
    ['a double click and a lost answer, in German at 1280 px', DESKTOP, 'de'],
    ['a double click and a lost answer, in Spanish at 360 px', PHONE, 'es'],
  ]);
});
