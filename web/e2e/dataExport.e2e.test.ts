import { readFile } from 'node:fs/promises';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  DESKTOP,
  expectAccessible,
  expectNoHorizontalScroll,
  newAccount,
  newAdmin,
  PHONE,
  setUpBrowserApp,
  toasts,
} from './browserKit.ts';

/**
 * "Download my data" on /profile (docs/architecture/data-export.md): a user who was given SAI, sent some
 * to a friend and wrote a bio in the profile form clicks the button and gets a JSON file holding what they
 * entered (e-mail, username, names, bio, the transfer's description) and that history. At 1280 px and
 * 360 px, each with its own accounts.
 */

const ADMIN = newAdmin();
const { kit } = setUpBrowserApp('data_export_e2e', ADMIN.env);

const call = async (context: BrowserContext, path: string, data: unknown) =>
  (await (await kit.post(context, path, data)).json()) as { id: string };

async function downloadJourney(viewport: typeof DESKTOP) {
  const px = `${viewport.width}px`;
  const saver = newAccount('Saver');
  const friend = newAccount('Friend');
  const user = await kit.session(viewport);
  await kit.register(user.context, saver);
  const other = await kit.session(viewport);
  await kit.register(other.context, friend);
  const whoAmI = async (context: BrowserContext) =>
    (await (await context.request.get(kit.url('/api/auth/user'))).json()) as { id: string };
  const them = await whoAmI(other.context);
  await other.context.close();
  const admin = await kit.session(viewport);
  await kit.signIn(admin.context, ADMIN.email, ADMIN.password);
  const me = await whoAmI(user.context);
  await call(admin.context, '/api/transactions', {
    type: 'admin_deposit',
    receiver_id: me.id,
    amount: '25',
    description: 'Welcome bonus',
  });
  await admin.context.close();
  const sent = await call(user.context, '/api/transactions', {
    type: 'transfer',
    receiver_id: them.id,
    amount: '5',
    description: 'Concert tickets',
  });

  const { page } = user;
  await page.goto(kit.url('/profile'));
  const bio = `Collects stamps ${saver.username.slice(-8)}`;
  const personalInfo = page.getByRole('form', { name: 'Personal info' });
  await personalInfo.getByLabel('Bio').fill(bio);
  await personalInfo.getByRole('button', { name: 'Save Changes' }).click();
  await toasts(page).getByText('Profile updated').waitFor();
  const panel = page.getByRole('region', { name: 'Your data' });
  await panel.waitFor();
  await expectAccessible(page, `profile with the data panel at ${px}`);
  await expectNoHorizontalScroll(page, `profile at ${px}`);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^sai-wallet-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(data.subject).toBe(me.id);
  expect(data.profile).toMatchObject({
    email: saver.email,
    username: saver.username,
    firstName: saver.firstName,
    lastName: 'Tester',
    bio,
  });
  const movements = data.history.map((row: { id: string; description: string }) => [row.id, row.description]);
  expect(movements).toEqual(expect.arrayContaining([[sent.id, 'Concert tickets']]));
  expect(data.events.some((e: { type: string }) => e.type === 'TokensTransferred')).toBe(true);
  await page
    .getByText(/^Saved as sai-wallet-data-/)
    .first()
    .waitFor();
  await expectAccessible(page, `profile after the download at ${px}`);
  await expectNoHorizontalScroll(page, `profile after the download at ${px}`);
}

describe('download my data', () => {
  test('desktop: the profile downloads the JSON file of everything held', async () => {
    await downloadJourney(DESKTOP);
  }, 240_000);

  test('phone: the same at 360 px', async () => {
    await downloadJourney(PHONE);
  }, 240_000);
});
