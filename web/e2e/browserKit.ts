/**
 * Shared steps of the money-flow browser tests (cards, crypto, profile): sessions that share cookies
 * with API calls, accounts made over the API, and the accessibility and layout checks.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { withAdminProof } from '../../testing/adminProof.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/testDb.ts';
import { verificationToken } from '../../testing/verificationLink.ts';
import {
  describeViolations,
  ensureWebBuild,
  launchBrowser,
  type RunningApp,
  scrollWidth,
  seriousAxeViolations,
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
    await post(context, '/api/auth/register', {
      username: account.username,
      email: account.email,
      password: account.password,
      confirmPassword: account.password,
      firstName: account.firstName,
      lastName: 'Tester',
      isAdmin: false,
      profileImageUrl: '',
      bio: '',
      termsAgreed: true,
    });
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

  async function closeAll() {
    for (const context of contexts) await context.close().catch(() => {});
  }

  return { url, session, withPage, post, call, register, verifyByMail, signIn, closeAll };
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

export async function expectAccessible(page: Page, where: string) {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
}

export async function expectNoHorizontalScroll(page: Page, where: string) {
  expect(await scrollWidth(page), `horizontal overflow on ${where}`).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? PHONE.width,
  );
}

/**
 * A phone's fixed layers (the bottom tab bar, the chat launcher) must never cover a control for good:
 * scrolled as far towards it as the page allows, the control's centre is the control itself. Playwright's
 * own clicks would also find a way round a layer by scrolling; this is for what the journey only reads.
 */
export async function expectUncovered(locator: Locator, where: string) {
  const covering = await locator.evaluate((element) => {
    element.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (hit && (hit === element || element.contains(hit))) return null;
    return hit ? hit.outerHTML.slice(0, 160) : 'nothing (off screen)';
  });
  expect(covering, `${where} is covered by`).toBeNull();
}

/**
 * Every control on the page that a fixed or sticky layer (the chat launcher, the phone tab bar, a sticky
 * header, a toast) covers, looked at two ways: the page scrolled to its end (its last controls), and each
 * control scrolled as far into view as the page allows (its centre to the viewport's middle, scroll
 * containers included). A control that is under the tab bar only until the page is scrolled is not
 * covered; one the page never lets out from under a layer is. At each, the element at a visible control's centre must be the control, something
 * inside it, or at least not part of a fixed layer the control is not in. One line per finding; the page
 * is scrolled back to where it was.
 */
export function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const CONTROLS =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="switch"], [role="combobox"], [tabindex]:not([tabindex="-1"])';
    const describe = (element: Element) => {
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
      return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> "${name}"`;
    };
    const floatingLayer = (element: Element): Element | null => {
      for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === 'fixed' || position === 'sticky') return node;
      }
      return null;
    };
    const controls = [...document.querySelectorAll(CONTROLS)].filter((control) => {
      if (control.closest('[aria-hidden="true"], [inert]')) return false;
      const style = getComputedStyle(control);
      if (style.visibility !== 'visible' || style.display === 'none' || Number(style.opacity) === 0)
        return false;
      const box = control.getBoundingClientRect();
      // Visually hidden (a skip link until focused, a native input under its styled twin).
      return box.width >= 4 && box.height >= 4;
    });
    /** The layer over the control's centre, if the centre is on screen and a layer covers it. */
    const coverOf = (control: Element): Element | null => {
      const box = control.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return null;
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit === control || control.contains(hit)) return null;
      const layer = floatingLayer(hit);
      return layer && !layer.contains(control) ? hit : null;
    };
    const start = { x: window.scrollX, y: window.scrollY };
    const covered = new Set<string>();
    // Scrolled to its end, the page's last controls sit in the lower half of the screen, clear of the
    // launcher and the tab bar (what scrolls under the sticky header up top is on its way out of view).
    window.scrollTo({ left: 0, top: document.documentElement.scrollHeight, behavior: 'instant' });
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.top + box.height / 2 < window.innerHeight / 2) continue;
      const hit = coverOf(control);
      if (hit) covered.add(`${describe(control)} is covered by ${describe(hit)} (scrolled to the end)`);
    }
    for (const control of controls) {
      control.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const hit = coverOf(control);
      if (hit) covered.add(`${describe(control)} is covered by ${describe(hit)} (scrolled to it)`);
    }
    window.scrollTo({ left: start.x, top: start.y, behavior: 'instant' });
    return [...covered];
  });
}

export async function expectNothingCovered(page: Page, where: string) {
  expect(await coveredControls(page), `controls covered on ${where}`).toEqual([]);
}
