import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/testDb.ts';
import {
  describeViolations,
  ensureWebBuild,
  launchBrowser,
  type RunningApp,
  scrollWidth,
  seriousAxeViolations,
  startApp,
  watchPageProblems,
} from './harness.ts';

/** The visitor's side: landing, public pages, partner search, help FAQ, contact form and support chat. */

let db: TestDatabase | undefined;
let app: RunningApp | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  await ensureWebBuild();
  db = await createTestDatabase('e2e_public');
  app = await startApp({ databaseUrl: db.url });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await db?.drop();
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 780 };

/** Every public route with its page title (docs/product-rules.md rule 22) and the h1 it shows. */
const PUBLIC_ROUTES: readonly { path: string; title: string; heading: string | RegExp }[] = [
  { path: '/', title: 'SAI Digital Wallet', heading: 'SAI Wallet' },
  { path: '/about', title: 'About — SAI Digital Wallet', heading: 'Making crypto spendable, everywhere' },
  {
    path: '/compliance',
    title: 'Security & Compliance — SAI Digital Wallet',
    heading: /Security and compliance/,
  },
  { path: '/cards', title: 'Metal Cards — SAI Digital Wallet', heading: /Three tiers/ },
  { path: '/contact', title: 'Contact — SAI Digital Wallet', heading: 'Get in touch' },
  { path: '/partners', title: 'Partners — SAI Digital Wallet', heading: 'Exclusive partner discounts' },
  { path: '/all-partners', title: 'All Partners — SAI Digital Wallet', heading: 'All partners' },
  { path: '/help', title: 'Help Center — SAI Digital Wallet', heading: 'How can we help?' },
  { path: '/rewards', title: 'Rewards — SAI Digital Wallet', heading: 'Win a luxury electric car' },
  { path: '/privacy', title: 'Privacy Policy — SAI Digital Wallet', heading: 'Privacy Policy' },
  { path: '/terms', title: 'Terms of Service — SAI Digital Wallet', heading: 'Terms of Service' },
  { path: '/wallet', title: 'Wallet — SAI Digital Wallet', heading: 'Your SAI Wallet' },
  ...(
    [
      ['/exchange', 'Exchange'],
      ['/business', 'Business'],
      ['/features/crypto-back', 'Crypto Back'],
      ['/features/premium', 'Premium'],
      ['/features/spending', 'Spending'],
      ['/learn/basics', 'Crypto Basics'],
      ['/learn/security', 'Security Guide'],
      ['/blog', 'Blog'],
      ['/careers', 'Careers'],
      ['/press', 'Press'],
      ['/cookies', 'Cookie Policy'],
      ['/pricing', 'Pricing'],
    ] as const
  ).map(([path, name]) => ({ path, title: `${name} — SAI Digital Wallet`, heading: 'Coming Soon' })),
];

async function newPage(
  viewport: { width: number; height: number },
  options: { reducedMotion?: boolean } = {},
) {
  const context = await browser!.newContext({
    viewport,
    isMobile: viewport.width < 768,
    hasTouch: viewport.width < 768,
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const watcher = watchPageProblems(page);
  return { context, page, problems: watcher.problems };
}

function url(path: string): string {
  return `${app!.url}${path}`;
}

async function expectNoHorizontalScroll(page: Page, where: string) {
  const width = await scrollWidth(page);
  expect(width, `horizontal overflow on ${where}`).toBeLessThanOrEqual(page.viewportSize()!.width);
}

async function expectAccessible(page: Page, where: string) {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
}

async function openRoute(page: Page, route: (typeof PUBLIC_ROUTES)[number]) {
  await page.goto(url(route.path));
  await page.getByRole('heading', { level: 1, name: route.heading }).waitFor();
  await page.waitForFunction((title) => document.title === title, route.title);
}

/** True when the element's top edge is inside the viewport (below the sticky header). */
function isScrolledIntoView(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((target) => {
    const element = document.querySelector(target);
    if (!element) return false;
    const { top } = element.getBoundingClientRect();
    return top >= 0 && top < window.innerHeight / 2;
  }, selector);
}

/** The giveaway progress shows a skeleton or a real figure, never the spec's fixed 26%. */
async function expectCampaignProgress(page: Page) {
  const progress = page.getByTestId('campaign-progress').first();
  await progress.waitFor();
  await page.waitForFunction(() => {
    const element = document.querySelector('[data-testid="campaign-progress"]');
    return element?.textContent?.includes('SAI') || element?.textContent?.includes('unavailable');
  });
  const text = (await progress.textContent()) ?? '';
  if (text.includes('SAI')) {
    expect(text).toMatch(/\d+(\.\d)?%/);
    expect(text).toContain('of 25,000 SAI');
    expect(await progress.getByRole('progressbar').getAttribute('aria-valuenow')).not.toBeNull();
  }
}

async function runChat(page: Page) {
  await page.getByRole('button', { name: 'Open support chat' }).click();
  const chat = page.getByRole('region', { name: 'Support chat' });
  await chat.getByText('Automated assistant', { exact: false }).waitFor();
  await chat.getByText(/^Connecting to [A-Z][a-z]+\.\.\.$/).waitFor();
  await chat.getByText("SAI Wallet's automated assistant", { exact: false }).waitFor();

  const input = chat.getByRole('textbox', { name: 'Type your message' });
  const send = chat.getByRole('button', { name: 'Send message' });
  expect(await send.isDisabled()).toBe(true);
  await input.fill('   ');
  expect(await send.isDisabled()).toBe(true);

  await input.fill('card');
  await input.press('Enter');
  expect(await input.inputValue()).toBe('');
  await chat.getByText(/is typing/).waitFor({ state: 'attached' });
  expect(await send.isDisabled()).toBe(true);
  await chat.getByText('We offer three metal card tiers', { exact: false }).waitFor();
  await chat
    .locator('time')
    .filter({ hasText: /\d{1,2}:\d{2}\s?[AP]M/ })
    .first()
    .waitFor();

  await chat.getByRole('button', { name: 'Minimize chat' }).click();
  expect(await input.isVisible()).toBe(false);
  await chat.getByRole('button', { name: 'Expand chat' }).click();
  await input.waitFor();

  await chat.getByRole('button', { name: 'Close chat' }).click();
  await page.getByRole('button', { name: 'Open support chat' }).waitFor();
  // Saved in the browser: reopening shows the conversation, not "Connecting…" again.
  await page.getByRole('button', { name: 'Open support chat' }).click();
  await chat.getByText('We offer three metal card tiers', { exact: false }).waitFor();
  expect(await chat.getByText(/^Connecting to/).count()).toBe(0);
  await chat.getByRole('button', { name: 'Close chat' }).click();
}

// The tests use their own browser contexts and spend much of their time waiting (the chat's timers,
// page loads), so they run side by side to keep the file well under a minute.
describe.concurrent('public pages in the browser', () => {
  test('the landing page: menus, prices, carousel, giveaway progress, Get Started', async () => {
    const { context, page, problems } = await newPage(DESKTOP);
    try {
      await openRoute(page, PUBLIC_ROUTES[0]!);
      const header = page.getByRole('banner');
      const nav = header.getByRole('navigation', { name: 'Main' });
      for (const [menu, link] of [
        ['Products', 'Metal Cards'],
        ['Features', 'Crypto Back'],
        ['Learn', 'Help Center'],
        ['Company', 'About'],
      ] as const) {
        await nav.getByRole('button', { name: menu }).click();
        await nav.getByRole('link', { name: new RegExp(`^${link}`) }).waitFor();
        await page.keyboard.press('Escape');
        await nav.getByRole('link', { name: new RegExp(`^${link}`) }).waitFor({ state: 'detached' });
      }
      await nav.getByRole('button', { name: 'Products' }).click();
      await nav.getByRole('link', { name: /^Metal Cards/ }).click();
      await page.waitForURL(url('/cards'));
      await page.goBack();
      await page.waitForURL(url('/'));

      const markets = page.getByRole('region', { name: 'Spend the crypto you already hold' });
      await markets.getByText('Bitcoin').waitFor();
      await markets
        .getByText(/^\$[\d,]+\.\d{2}$/)
        .first()
        .waitFor();

      const carousel = page.getByRole('region', { name: 'Partner discounts' });
      expect(await carousel.getByText('70% off').first().isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Pause carousel' }).click();
      await page.getByRole('button', { name: 'Play carousel' }).waitFor();

      await expectCampaignProgress(page);

      await header.getByRole('link', { name: 'Get Started' }).click();
      await page.waitForURL(url('/register'));
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('the partner directory searches name, category and discount, ignoring case', async () => {
    const { context, page, problems } = await newPage(DESKTOP);
    try {
      await openRoute(page, PUBLIC_ROUTES.find((route) => route.path === '/all-partners')!);
      const search = page.getByRole('searchbox', { name: 'Search partners' });
      const names = () => page.getByRole('tabpanel').getByRole('heading', { level: 3 }).allTextContents();

      expect(await names()).toHaveLength(72);
      await search.fill('zzqx nothing');
      await page.getByText('No partners found').waitFor();
      await page.getByText('Try adjusting your search terms').waitFor();

      await search.fill('TRAVEL');
      await page.getByRole('heading', { name: 'Meridian Hotels' }).waitFor();
      const travel = await names();
      expect(travel).toHaveLength(12);
      expect(travel).not.toContain('Velvet & Vine Boutique');

      await search.fill('ev CHARGING');
      await page.getByRole('heading', { name: 'Voltcharge' }).waitFor();
      expect(await names()).toEqual(['Voltcharge']);

      await search.fill('');
      await page.getByRole('tab', { name: /^Entertainment/ }).click();
      await page.getByRole('heading', { name: 'Starlight Cinemas' }).waitFor();
      expect(await names()).toHaveLength(12);
      expect(page.url()).toContain('category=entertainment');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('help: the search filters the FAQ, answers open and close, category cards jump to their group', async () => {
    const { context, page, problems } = await newPage(DESKTOP);
    try {
      await openRoute(page, PUBLIC_ROUTES.find((route) => route.path === '/help')!);
      const faq = page.locator('#faq');
      const question = (name: string) => faq.getByRole('button', { name });

      await page.getByRole('searchbox', { name: 'Search the help center' }).fill('withdrawals');
      await question('How long do withdrawals take?').waitFor();
      await question('How do I create an account?').waitFor({ state: 'detached' });
      await faq.getByText(/answers? for "withdrawals"/).waitFor();

      const withdrawals = question('How long do withdrawals take?');
      await withdrawals.click();
      await faq.getByText('Withdrawals are processed within 24 hours', { exact: false }).waitFor();
      expect(await withdrawals.getAttribute('aria-expanded')).toBe('true');
      await withdrawals.click();
      await faq
        .getByText('Withdrawals are processed within 24 hours', { exact: false })
        .waitFor({ state: 'hidden' });
      expect(await withdrawals.getAttribute('aria-expanded')).toBe('false');

      await page.getByRole('searchbox', { name: 'Search the help center' }).fill('no such words here');
      await faq.getByText('No answers found').waitFor();
      await page.getByRole('searchbox', { name: 'Search the help center' }).fill('');

      // One answer open at a time within a category.
      await question('Which card tiers can I choose?').click();
      await question('How long does card delivery take?').click();
      expect(await question('Which card tiers can I choose?').getAttribute('aria-expanded')).toBe('false');
      expect(await question('How long does card delivery take?').getAttribute('aria-expanded')).toBe('true');
      await faq.getByText('3-7 working days', { exact: false }).first().waitFor();

      await page.getByRole('link', { name: /^Cryptocurrency/ }).click();
      await page.waitForURL(url('/help#crypto'));
      await page.waitForFunction(() => {
        const top = document.querySelector('#crypto')?.getBoundingClientRect().top ?? -1;
        return top >= 0 && top < window.innerHeight / 2;
      });
      expect(await isScrolledIntoView(page, '#crypto')).toBe(true);

      await page.getByRole('button', { name: 'Start a chat' }).click();
      await page.getByRole('region', { name: 'Support chat' }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('contact: required fields, then the message is sent and stored', async () => {
    const { context, page, problems } = await newPage(DESKTOP);
    try {
      await openRoute(page, PUBLIC_ROUTES.find((route) => route.path === '/contact')!);
      await page.getByText('Mon', { exact: false }).first().waitFor();
      await page.getByText('Europe & Africa').waitFor();

      await page.getByRole('button', { name: 'Send message' }).click();
      await page.getByText('Full name is required').waitFor();
      await page.getByText('Subject is required').waitFor();

      await page.getByLabel('Full name').fill('Ada Lovelace');
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByLabel('Subject').fill('Card delivery');
      await page.getByLabel('Message', { exact: true }).fill('When will my Black card arrive?');
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.getByRole('heading', { name: 'Thank you, your message has been sent' }).waitFor();
      await page.getByText('ada@example.com').waitFor();

      // Stored (docs/product-rules.md rule 13): the read model catches up within moments.
      let stored = '0';
      for (let attempt = 0; attempt < 40 && stored !== '1'; attempt++) {
        const { rows } = await db!.pool.query<{ count: string }>(
          `SELECT count(*)::text AS count FROM contact_messages WHERE email = 'ada@example.com'`,
        );
        stored = rows[0]?.count ?? '0';
        if (stored !== '1') await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(stored).toBe('1');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('support chat: connecting, greeting, a canned reply, saved messages; unreadable storage is ignored', async () => {
    const { context, page, problems } = await newPage(DESKTOP);
    try {
      await page.addInitScript(() => {
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1');
          localStorage.setItem('sai.chat.messages', '{not json');
          localStorage.setItem('sai.chat.agent', 'Nobody');
        }
      });
      await openRoute(page, PUBLIC_ROUTES.find((route) => route.path === '/about')!);
      await runChat(page);
      // The persona is remembered across reloads.
      const agent = await page.evaluate(() => localStorage.getItem('sai.chat.agent'));
      expect(['Sophia', 'Liam', 'Amara', 'Kenji', 'Elena']).toContain(agent);
      await page.reload();
      await page.getByRole('button', { name: 'Open support chat' }).click();
      await page
        .getByRole('region', { name: 'Support chat' })
        .getByRole('heading', { name: agent! })
        .waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('every public route has its title and heading, and axe finds nothing serious; unknown paths are 404', async () => {
    const { context, page, problems } = await newPage(DESKTOP);
    try {
      for (const route of PUBLIC_ROUTES) {
        await openRoute(page, route);
        await expectAccessible(page, `${route.path} at desktop`);
      }
      for (const path of ['/no/such/page', '/features']) {
        await page.goto(url(path));
        await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  test('at 360 px: the folded menu, search, FAQ, contact and chat work and nothing scrolls sideways', async () => {
    const { context, page, problems } = await newPage(PHONE, { reducedMotion: true });
    try {
      await openRoute(page, PUBLIC_ROUTES[0]!);
      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      const menu = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
      await menu.getByRole('button', { name: 'Products' }).click();
      await menu.getByRole('link', { name: 'Metal Cards' }).waitFor();
      await expectNoHorizontalScroll(page, '/ with the menu open');
      await expectAccessible(page, '/ with the menu open at 360px');
      await menu.getByRole('link', { name: 'Metal Cards' }).click();
      await page.waitForURL(url('/cards'));
      await page.getByRole('button', { name: 'Open navigation menu' }).waitFor();

      await openRoute(page, PUBLIC_ROUTES.find((route) => route.path === '/all-partners')!);
      await page.getByRole('searchbox', { name: 'Search partners' }).fill('qqqq');
      await page.getByText('No partners found').waitFor();
      await expectNoHorizontalScroll(page, '/all-partners with no results');

      await openRoute(page, PUBLIC_ROUTES.find((route) => route.path === '/help')!);
      await page.getByRole('searchbox', { name: 'Search the help center' }).fill('deposits');
      await page.getByRole('button', { name: 'How long do deposits take?' }).click();
      await page.getByText('10-60 minutes', { exact: false }).first().waitFor();
      await expectNoHorizontalScroll(page, '/help with an answer open');
      await expectAccessible(page, '/help at 360px');

      await openRoute(page, PUBLIC_ROUTES.find((route) => route.path === '/contact')!);
      await page.getByLabel('Full name').fill('Grace Hopper');
      await page.getByLabel('Email').fill('grace@example.com');
      await page.getByLabel('Subject').fill('Hello');
      await page.getByLabel('Message', { exact: true }).fill('Testing on a phone.');
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.getByRole('heading', { name: 'Thank you, your message has been sent' }).waitFor();
      await expectNoHorizontalScroll(page, '/contact after sending');

      await runChat(page);
      await page.getByRole('button', { name: 'Open support chat' }).click();
      await page.getByRole('region', { name: 'Support chat' }).waitFor();
      await expectNoHorizontalScroll(page, 'with the chat open');
      await expectAccessible(page, 'the chat at 360px');
      await page.getByRole('button', { name: 'Close chat' }).click();

      for (const route of PUBLIC_ROUTES) {
        await openRoute(page, route);
        await expectNoHorizontalScroll(page, route.path);
      }
      await page.goto(url('/rewards'));
      await expectCampaignProgress(page);
      await expectAccessible(page, '/rewards at 360px');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  test('the landing page loads under 200 KB of gzipped JavaScript', async () => {
    const { context, page } = await newPage(DESKTOP);
    try {
      const scripts: Promise<number>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') {
          scripts.push(response.body().then((body) => gzipSync(body).length));
        }
      });
      await page.goto(url('/'));
      await page.getByRole('button', { name: 'Open support chat' }).waitFor();
      await page.waitForLoadState('networkidle');
      const total = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
      expect(scripts.length).toBeGreaterThan(0);
      expect(total, `landing JS is ${Math.round(total / 1024)} KB gzipped`).toBeLessThan(200 * 1024);
    } finally {
      await context.close();
    }
  });
});
