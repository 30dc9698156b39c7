/** What the verifiable ledger's browser tests share: answers for the routes, files to pick, console errors. */
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type browserKit, newAccount } from './browserKit.ts';

/**
 * Console errors of a page, each with the resource it is about; a test names the ones it provokes (an
 * answer it made fail on purpose). The one the app always logs for a signed-out visitor is left out: the
 * root route's user lookup, which the API answers 401 (that is how the page learns nobody is signed in).
 */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    if (/status of 401/.test(message.text()) && new URL(where).pathname === '/api/auth/user') return;
    errors.push(`${message.text()} at ${where}`);
  });
  return errors;
}

export function expectConsoleErrors(errors: string[], provoked: RegExp[] = []) {
  expect(errors.length, errors.join('\n')).toBe(provoked.length);
  provoked.forEach((pattern, i) => {
    expect(errors[i]).toMatch(pattern);
  });
}

export async function answer(page: Page, url: string | RegExp, status: number, body: unknown) {
  await page.unroute(url);
  await page.route(url, (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
  );
}

export const PUBLIC_KEY = '**/api/ledger/public-key';
export const LIABILITIES = '**/api/ledger/liabilities';
export const LIABILITY_PROOF = '**/api/ledger/liabilities/proof';
export const LEDGER_STATUS = '**/api/admin/ledger/status';
export const DIGESTS = /\/api\/admin\/ledger\/digests(\?.*)?$/;

export function problem(status: number, type: string, message: string) {
  return { type, title: 'Problem', status, detail: message, message };
}

export async function pickFile(page: Page, name: string, content: unknown) {
  const text = typeof content === 'string' ? content : JSON.stringify(content, null, 2);
  await page
    .getByLabel('Choose a file')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

/** Drops a file on the drop area as a user's drag and drop does. */
export async function dropFile(page: Page, name: string, content: unknown) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, text }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], name, { type: 'application/json' }));
      return transfer;
    },
    { name, text: JSON.stringify(content) },
  );
  await page.getByTestId('file-drop').dispatchEvent('drop', { dataTransfer });
}

export function verdictHeading(page: Page, name: string) {
  return page.getByTestId('verdict').getByRole('heading', { level: 2, name, exact: true });
}

export async function expectRefused(
  page: Page,
  name: string,
  content: unknown,
  check: string,
  sentence: RegExp,
) {
  await pickFile(page, name, content);
  await verdictHeading(page, `Not verified: ${check}`).waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: `${name}: not verified, ${check}` })
    .waitFor({ state: 'attached' });
  await expect.poll(() => page.getByTestId('verdict').textContent()).toMatch(sentence);
}

export async function signUp(kit: ReturnType<typeof browserKit>, context: BrowserContext, firstName: string) {
  const account = newAccount(firstName);
  await kit.register(context, account);
  const me = (await (await context.request.get(kit.url('/api/auth/user'))).json()) as { id: string };
  return { ...account, id: me.id };
}
