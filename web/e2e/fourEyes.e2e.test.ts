import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect } from 'vitest';
import { toolEnv } from '../../testing/toolEnv.ts';
import { DESKTOP, journeyTests, newAccount, openAdminSection, PHONE, toasts } from './browserKit.ts';
import { allowPageProblems, repoRoot } from './harness.ts';
import { expectScreenAt } from './screenKit.ts';
import { setUpAdminApp } from './sessionsKit.ts';

/**
 * Admin money actions in the browser (docs/security.md, "Admin re-authentication and four-eyes"): a
 * small distribution is confirmed with the admin's password and minted at once; a large one is sent for
 * approval, its requester cannot approve it (the button is disabled and says why, the API answers 403),
 * and a second admin, in another browser session, approves it with their own password: the money
 * arrives. The admin screens are in English only. At 1280 px and 360 px.
 */

const SECOND = {
  email: `second.${randomBytes(3).toString('hex')}@example.com`,
  password: 'second-admin-password',
};
// Above 100 SAI a distribution waits for a second admin (the default is 10,000: the test keeps it small).
const { kit, db, ADMIN, adminSession } = setUpAdminApp('four_eyes_e2e', { FOUR_EYES_THRESHOLDS: 'SAI=100' });

beforeAll(async () => {
  // The second admin, made by the operator's tool on the app's database (npm run admin:create).
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      ['scripts/tool.mjs', 'adminCreate', '--email', SECOND.email, '--password', SECOND.password],
      { cwd: repoRoot, env: toolEnv(db().url), timeout: 60_000 },
      (error, _stdout, stderr) => (error ? reject(new Error(`admin:create failed: ${stderr}`)) : resolve()),
    );
  });
}, 90_000);

async function balanceOf(context: BrowserContext): Promise<string> {
  const response = await context.request.get(kit.url('/api/auth/user'));
  return ((await response.json()) as { balance: string }).balance;
}

/** Fills the distribution form, reviews it and confirms it with `password`. */
async function distribute(page: Page, email: string, amount: string, password: string) {
  const form = page.getByRole('form', { name: 'Distribute tokens' });
  await form.getByLabel('User email').fill(email);
  await form.getByLabel('Amount (SAI)').fill(amount);
  await form.getByRole('button', { name: 'Review distribution' }).click();
  const review = page.getByRole('form', { name: 'Review the distribution' });
  await review.getByRole('heading', { name: 'Review the distribution' }).waitFor();
  await review.getByLabel('Password').fill(password);
  await review.getByRole('button', { name: 'Confirm and distribute' }).click();
  return review;
}

async function fourEyesJourney(viewport: typeof DESKTOP) {
  const holder = newAccount('Holder');
  const user = await kit.registered(viewport, holder);

  // The small one: the password in the confirm step, minted at once. A wrong password stays on the review.
  const admin = await adminSession(viewport);
  // The wrong password's 401 is the answer the review shows on its field.
  allowPageProblems(admin.page, /^failed: 401 POST \/api\/transactions$/);
  await admin.page.goto(kit.url('/admin/distribution'));
  const wrong = await distribute(admin.page, holder.email, '20', 'not-my-password');
  await wrong.getByText('That password is not correct').waitFor();
  await wrong.getByLabel('Password').fill(ADMIN.password);
  await wrong.getByRole('button', { name: 'Confirm and distribute' }).click();
  await toasts(admin.page).getByText('Tokens distributed successfully').waitFor();
  await expect.poll(() => balanceOf(user.context)).toBe('20.00');

  // The large one: sent for approval, nothing minted yet.
  await distribute(admin.page, holder.email, '250', ADMIN.password);
  await toasts(admin.page).getByText('Sent for approval by a second admin', { exact: true }).waitFor();
  await toasts(admin.page).getByText('Above 100.00 SAI: sent for approval by a second admin').waitFor();
  expect(await balanceOf(user.context)).toBe('20.00');

  // The requester sees it, cannot approve it (disabled, and why), and the API refuses it too.
  await openAdminSection(admin.page, 'Approvals');
  const own = admin.page.getByTestId('approval-item').filter({ hasText: holder.username });
  await own.getByText('250.00 SAI').waitFor();
  await own.getByText('You made this request: another admin must approve it.').waitFor();
  expect(await own.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
  await expectScreenAt(admin.page, viewport, '/admin/approvals');
  const pending = (await (await admin.context.request.get(kit.url('/api/admin/approvals'))).json()) as {
    id: string;
    userId: string;
    amount: string;
  }[];
  const request = pending.find((item) => item.amount === '250.00')!;
  const self = await admin.context.request.post(kit.url(`/api/admin/approvals/${request.id}/approve`), {
    data: { password: ADMIN.password },
    headers: { Origin: kit.url('') },
  });
  expect(self.status()).toBe(403);
  expect(((await self.json()) as { message: string }).message).toMatch(/cannot approve your own request/);

  // The second admin, in another browser session, approves with their own password: the money arrives.
  const second = await kit.session(viewport);
  await kit.signIn(second.context, SECOND.email, SECOND.password);
  await second.page.goto(kit.url('/admin/approvals'));
  const item = second.page.getByTestId('approval-item').filter({ hasText: holder.username });
  await item.getByText('250.00 SAI').waitFor();
  await item.getByRole('button', { name: 'Approve' }).click();
  const dialog = second.page.getByRole('alertdialog', { name: 'Approve this request?' });
  await dialog
    .getByText(`250.00 SAI will be minted to ${holder.username}'s balance.`, { exact: false })
    .waitFor();
  await expectScreenAt(second.page, viewport, 'the approval dialog');
  await dialog.getByLabel('Password').fill(SECOND.password);
  await dialog.getByRole('button', { name: 'Approve and apply' }).click();
  await toasts(second.page).getByText('Request approved').waitFor();
  await item.waitFor({ state: 'detached' });
  await expect.poll(() => balanceOf(user.context)).toBe('270.00');

  expect(user.problems).toEqual([]);
  expect(second.problems).toEqual([]);
  await user.context.close();
  await admin.context.close();
  await second.context.close();
}

journeyTests(
  fourEyesJourney,
  [
    ['a small distribution with the password; a large one approved by a second admin', DESKTOP],
    ['a small distribution with the password; a large one approved by a second admin, at 360 px', PHONE],
  ],
  180_000,
);
