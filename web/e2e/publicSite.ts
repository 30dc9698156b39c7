/** What the visitor-side browser tests share: the public routes, and steps on the giveaway and the support chat. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Fills the contact form, sends it and waits for the thank-you. */
export async function sendContactMessage(
  page: Page,
  message: { fullName: string; email: string; subject: string; text: string },
) {
  await page.getByLabel('Full name').fill(message.fullName);
  await page.getByLabel('Email').fill(message.email);
  await page.getByLabel('Subject').fill(message.subject);
  await page.getByLabel('Message', { exact: true }).fill(message.text);
  await page.getByRole('button', { name: 'Send message' }).click();
  await page.getByRole('heading', { name: 'Thank you, your message has been sent' }).waitFor();
}

/** Every public route with its page title (docs/product-rules.md rule 22) and the h1 it shows. */
export const PUBLIC_ROUTES: readonly { path: string; title: string; heading: string | RegExp }[] = [
  { path: '/', title: 'SAI Digital Wallet', heading: 'SAI Wallet' },
  { path: '/about', title: 'About — SAI Digital Wallet', heading: 'Making crypto spendable, everywhere' },
  { path: '/compliance', title: 'Security — SAI Digital Wallet', heading: 'Security you can check' },
  { path: '/cards', title: 'Metal Cards — SAI Digital Wallet', heading: /Three tiers/ },
  { path: '/contact', title: 'Contact — SAI Digital Wallet', heading: 'Get in touch' },
  { path: '/partners', title: 'Partners — SAI Digital Wallet', heading: 'Exclusive partner discounts' },
  { path: '/all-partners', title: 'All Partners — SAI Digital Wallet', heading: 'All partners' },
  { path: '/help', title: 'Help Center — SAI Digital Wallet', heading: 'How can we help?' },
  { path: '/rewards', title: 'Rewards — SAI Digital Wallet', heading: 'Win a luxury electric car' },
  { path: '/privacy', title: 'Privacy Policy — SAI Digital Wallet', heading: 'Privacy Policy' },
  { path: '/terms', title: 'Terms of Service — SAI Digital Wallet', heading: 'Terms of Service' },
  { path: '/wallet', title: 'Wallet — SAI Digital Wallet', heading: 'Your SAI Wallet' },
  { path: '/verify', title: 'Verify — SAI Digital Wallet', heading: 'Check a receipt or a liability proof' },
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
/** True when the element's top edge is inside the viewport (below the sticky header). */
export function isScrolledIntoView(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((target) => {
    const element = document.querySelector(target);
    if (!element) return false;
    const { top } = element.getBoundingClientRect();
    return top >= 0 && top < window.innerHeight / 2;
  }, selector);
}

/** The giveaway progress shows a skeleton or a real figure, never the spec's fixed 26%. */
export async function expectCampaignProgress(page: Page) {
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

type ChatWatch = Window & { chatSeen?: Record<string, string> };

/**
 * Records, from now on, the first text in the support chat that matches `pattern` (an element's whole
 * text). The chat's "Connecting…" (2 s) and "… is typing" (1.5 s) are short-lived; a busy machine can
 * miss them between two polls, so an observer set up before they can appear keeps what was drawn.
 */
async function watchChat(page: Page, key: string, pattern: RegExp) {
  await page.evaluate(
    ({ key, source }) => {
      const watch = window as ChatWatch;
      watch.chatSeen = { ...watch.chatSeen };
      delete watch.chatSeen[key];
      const wanted = new RegExp(source);
      const observer = new MutationObserver(() => {
        const region = document.querySelector('section[aria-label="Support chat"]');
        for (const element of region?.querySelectorAll('*') ?? []) {
          const text = element.textContent ?? '';
          if (wanted.test(text) && watch.chatSeen) {
            watch.chatSeen[key] = text;
            observer.disconnect();
            return;
          }
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    { key, source: pattern.source },
  );
}

async function chatSeen(page: Page, key: string): Promise<string | undefined> {
  return page.evaluate((key) => (window as ChatWatch).chatSeen?.[key], key);
}

export async function runChat(page: Page) {
  await watchChat(page, 'connecting', /^Connecting to [A-Z][a-z]+\.\.\.$/);
  await page.getByRole('button', { name: 'Open support chat' }).click();
  const chat = page.getByRole('region', { name: 'Support chat' });
  await chat.getByText('Automated assistant', { exact: false }).waitFor();
  await chat.getByText("SAI Wallet's automated assistant", { exact: false }).waitFor();
  expect(await chatSeen(page, 'connecting')).toMatch(/^Connecting to [A-Z][a-z]+\.\.\.$/);
  expect(await chat.getByText(/^Connecting to/).count()).toBe(0);

  const input = chat.getByRole('textbox', { name: 'Type your message' });
  const send = chat.getByRole('button', { name: 'Send message' });
  expect(await send.isDisabled()).toBe(true);
  await input.fill('   ');
  expect(await send.isDisabled()).toBe(true);

  await input.fill('card');
  await watchChat(page, 'typing', /is typing/);
  await input.press('Enter');
  expect(await input.inputValue()).toBe('');
  expect(await send.isDisabled()).toBe(true);
  await chat.getByText('We offer three metal card tiers', { exact: false }).waitFor();
  expect(await chatSeen(page, 'typing')).toMatch(/is typing/);
  expect(await chat.getByText(/is typing/).count()).toBe(0);
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
