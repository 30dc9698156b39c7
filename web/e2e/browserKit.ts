/**
 * Shared steps of the money-flow browser tests (cards, crypto, profile): sessions that share cookies
 * with API calls, accounts made over the API (the checks of a screen are screenKit.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { withAdminProof } from '../../testing/adminProof.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/testDb.ts';
import { verificationToken } from '../../testing/verificationLink.ts';
import {
  ensureWebBuild,
  launchBrowser,
  type RunningApp,
  startApp,
  takePageProblems,
  watchPageProblems,
} from './harness.ts';

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 360, height: 780 };
export type Viewport = typeof DESKTOP;

/** The ETH deposit address the money journeys give their server (DEPOSIT_ADDRESS_ETH), a valid checksum. */
export const DEPOSIT_ADDRESS_ETH = '0x52908400098527886E0F7030069857D2E4169EE7';

export interface Account {
  firstName: string;
  username: string;
  email: string;
  password: string;
}

export function newAccount(firstName: string): Account {
  const suffix = randomBytes(4).toString('hex');
  return {
    firstName,
    username: `${firstName.toLowerCase()}_${suffix}`,
    email: `${firstName.toLowerCase()}.${suffix}@example.com`,
    password: `correct-horse-${suffix}`,
  };
}

/** The admin a browser test's server makes at start (ADMIN_EMAIL, ADMIN_PASSWORD), with a fresh address. */
export function newAdmin() {
  const admin = {
    email: `admin.${randomBytes(3).toString('hex')}@example.com`,
    password: 'admin-password-123',
  };
  return { ...admin, env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } };
}

/**
 * What every browser test file starts before its tests and stops after them: the built web app served by
 * the real server (with `env`) on a fresh database, and a browser. Hands back the kit on them and the
 * running pieces, for use inside tests and later hooks.
 */
export function setUpBrowserApp(databasePrefix: string, env: Record<string, string> = {}) {
  let db: TestDatabase | undefined;
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const kit = browserKit(
    () => app!,
    () => browser!,
  );
  beforeAll(async () => {
    await ensureWebBuild();
    db = await createTestDatabase(databasePrefix);
    app = await startApp({ databaseUrl: db.url, env });
    browser = await launchBrowser();
  }, 240_000);
  // Every page of every test is watched (harness.ts, watchPageProblems): a console error or a failed
  // request anywhere in a journey fails it, whether or not the test looked at its pages' problems.
  afterEach(() => {
    expect(takePageProblems(), 'console errors and failed requests').toEqual([]);
  });
  afterAll(async () => {
    await kit.closeAll();
    await browser?.close();
    await app?.stop();
    await db?.drop();
  });
  return { kit, db: () => db!, app: () => app!, browser: () => browser! };
}

/**
 * One test a row of `cases`, named by the row's first cell and running `journey` with the rest of it, so
 * that journeys which differ only by width, language or person read as one table.
 */
export function journeyTests<A extends unknown[]>(
  journey: (...args: A) => Promise<void>,
  cases: readonly (readonly [string, ...A])[],
  timeoutMs = 240_000,
) {
  for (const [name, ...args] of cases) test(name, () => journey(...(args as unknown as A)), timeoutMs);
}

/**
 * The same journey at 1280 px and at 360 px for each of `languages`, one test each, named by language and
 * width: the table of the journeys that walk every language at both widths.
 */
export function widthAndLanguageTests<L extends string>(
  journey: (viewport: Viewport, language: L) => Promise<void>,
  languages: readonly L[],
  timeoutMs = 240_000,
) {
  for (const language of languages)
    for (const viewport of [DESKTOP, PHONE])
      test(`${language} at ${viewport.width} px`, () => journey(viewport, language), timeoutMs);
}

/** The password each browser session signed in with (kit.signIn), for the admin money commands' proof. */
const signInPasswords = new WeakMap<BrowserContext, string>();

/**
 * A request body as the admin web sends it: an admin money command carries the admin's fresh proof, the
 * password the session signed in with (testing/adminProof.ts; docs/security.md, "Admin re-authentication
 * and four-eyes"). Other requests, and bodies with a proof of their own, are left as they are.
 */
export function withSignInProof(context: BrowserContext, method: string, path: string, data: unknown) {
  return withAdminProof(method, path, data, signInPasswords.get(context) ?? null);
}

/** The body of POST /api/auth/register for `account`, as the register form sends it. */
export function registration(account: Account, lastName = 'Tester') {
  return {
    username: account.username,
    email: account.email,
    password: account.password,
    confirmPassword: account.password,
    firstName: account.firstName,
    lastName,
    isAdmin: false,
    profileImageUrl: '',
    bio: '',
    termsAgreed: true,
  };
}

export function browserKit(getApp: () => RunningApp, getBrowser: () => Browser) {
  const contexts: BrowserContext[] = [];
  const url = (path: string) => `${getApp().url}${path}`;

  /** A browser session; requests made with `context.request` share its cookies. */
  async function session(viewport = DESKTOP, options: { reducedMotion?: boolean; locale?: string } = {}) {
    const context = await getBrowser().newContext({
      viewport,
      // The browser's language (navigator.languages, Accept-Language); Chromium's own default is en-US.
      locale: options.locale ?? 'en-US',
      isMobile: viewport.width < 768,
      hasTouch: viewport.width < 768,
      reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: getApp().url });
    contexts.push(context);
    // Pages the test opens itself in this context (a second tab) are watched too.
    context.on('page', (opened) => watchPageProblems(opened));
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const { problems } = watchPageProblems(page);
    return { context, page, problems };
  }

  /**
   * Runs `steps` on the page of a fresh session, then expects no uncaught error or CSP refusal on it
   * (`steps` may check `problems` earlier too); the session is closed either way.
   */
  async function withPage(
    viewport: typeof DESKTOP,
    steps: (page: Page, problems: string[]) => Promise<void>,
    options: { reducedMotion?: boolean; locale?: string } = {},
  ) {
    const { context, page, problems } = await session(viewport, options);
    try {
      await steps(page, problems);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }

  async function post(context: BrowserContext, path: string, data: unknown) {
    const response = await context.request.post(url(path), {
      data: withSignInProof(context, 'POST', path, data),
      headers: { Origin: getApp().url },
    });
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
    return response;
  }

  /**
   * A request as the web app sends it from the session of `context`: its Origin, and the admin's proof on
   * an admin money command (withSignInProof). Expects it to succeed and hands back its JSON answer.
   */
  async function call<T = Record<string, unknown>>(
    context: BrowserContext,
    method: 'GET' | 'PUT' | 'POST' | 'PATCH',
    path: string,
    data?: unknown,
  ): Promise<T> {
    const response = await context.request.fetch(url(path), {
      method,
      ...(data === undefined ? {} : { data: withSignInProof(context, method, path, data) }),
      headers: { Origin: getApp().url },
    });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()) as T;
  }

  async function register(context: BrowserContext, account: Account, options: { verified?: boolean } = {}) {
    await post(context, '/api/auth/register', registration(account));
    if (options.verified === false) return;
    await verifyByMail(context, account.email);
  }

  /**
   * Verifies the address of the account signed in on `context` by the link the server mailed to it (the
   * development outbox holds it), opened in that session as its owner would: an unverified account
   * receives nothing (docs/security.md, "E-mail verification").
   */
  async function verifyByMail(context: BrowserContext, email: string, origin = getApp().url) {
    const outbox = await context.request.get(`${origin}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(outbox.status(), await outbox.text()).toBe(200);
    const token = verificationToken(
      ((await outbox.json()) as { mails: { text: string; purpose: string }[] }).mails,
    );
    const confirmed = await context.request.post(`${origin}/api/auth/verify-email/confirm`, {
      data: { token },
      headers: { Origin: origin },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  }

  async function signIn(context: BrowserContext, email: string, password: string) {
    await post(context, '/api/auth/login', { email, password, rememberMe: false });
    signInPasswords.set(context, password);
  }

  /** A session of its own for `account`, registered (and verified, unless said otherwise) in it. */
  async function registered(
    viewport: Viewport,
    account: Account,
    options: { locale?: string; verified?: boolean } = {},
  ) {
    const opened = await session(viewport, { locale: options.locale });
    await register(opened.context, account, { verified: options.verified });
    return opened;
  }

  async function closeAll() {
    for (const context of contexts) await context.close().catch(() => {});
  }

  return { url, session, withPage, post, call, register, registered, verifyByMail, signIn, closeAll };
}

/**
 * The toast viewport. An open modal hides the rest of the page from the accessibility tree (Radix
 * announces toasts through its own live region meanwhile), so hidden nodes count here.
 */
export function toasts(page: Page) {
  // Its name is in the page's language: "Notifications (F8)", "Benachrichtigungen (F8)"…
  return page.getByRole('region', {
    name: /^(Notifications|Notificaciones|Benachrichtigungen) \(F8\)$/,
    includeHidden: true,
  });
}

/** Around the toasts the list is empty space: a click there must reach the page below. */
export async function expectToastListLetsClicksThrough(page: Page) {
  const caught = await toasts(page)
    .getByRole('list', { includeHidden: true })
    .evaluate((list) => {
      const box = list.getBoundingClientRect();
      const target = document.elementFromPoint(box.left + box.width / 2, box.top + 2);
      return target ? list.contains(target) : false;
    });
  expect(caught, 'the toast list catches clicks in its empty padding').toBe(false);
}

/** Fills the open /register form as a visitor does (the terms agreed) and sends it with "Create account". */
export async function submitRegisterForm(page: Page, account: Account, lastName = 'Tester') {
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('checkbox', { name: 'I agree to the terms and conditions' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** The answer of the next `method` request to `path`, to be started before the click that sends it. */
export function answerTo(page: Page, method: string, path: string) {
  return page.waitForResponse(
    (response) => response.request().method() === method && new URL(response.url()).pathname === path,
  );
}

/** Answers a confirmation dialog with its button, then waits for the toast that says it is done. */
export async function confirmInDialog(page: Page, dialog: string, button: string, toast: string) {
  await page.getByRole('alertdialog', { name: dialog }).getByRole('button', { name: button }).click();
  await toasts(page).getByText(toast).waitFor();
}

/** The admin side menu is folded behind "Admin menu" below desktop width. */
export async function openAdminSection(page: Page, section: string) {
  const toggle = page.getByRole('button', { name: 'Admin menu' });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: section }).click();
}

/** Closes a toast with its own button, as a user would when it sits over the next control. */
export async function dismissToast(page: Page, text: string) {
  const toast = toasts(page).getByRole('listitem').filter({ hasText: text });
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
  await toast.waitFor({ state: 'detached' });
}

export async function openDashboard(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
}

/**
 * Waits for something another session caused (an admin's decision, a follow-up of the ledger): reloads
 * the page until the locator shows up, as a user would.
 */
export async function untilVisible(page: Page, locator: Locator, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await locator.first().waitFor({ timeout: 1_500 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await page.reload();
    }
  }
}
