import { readFile } from 'node:fs/promises';
import { describe, expect } from 'vitest';
import { DESKTOP, journeyTests, newAccount, PHONE, toasts, type Viewport } from './browserKit.ts';
import { expectScreen } from './screenKit.ts';
import { giveSai, sendSai, setUpAdminApp, userIdOf } from './sessionsKit.ts';

/**
 * "Download my data" on /profile (docs/architecture/data-export.md): a user who was given SAI, sent some
 * to a friend and wrote a bio in the profile form clicks the button and gets a JSON file holding what they
 * entered (e-mail, username, names, bio, the transfer's description) and that history. At 1280 px and
 * 360 px, each with its own accounts.
 */

const { kit, userFriendAndAdmin } = setUpAdminApp('data_export_e2e');

async function downloadJourney(viewport: Viewport) {
  const px = `${viewport.width}px`;
  const saver = newAccount('Saver');
  const friend = newAccount('Friend');
  const { user, other, admin } = await userFriendAndAdmin(viewport, saver, friend);
  const them = await userIdOf(kit, other.context);
  await other.context.close();
  const me = await userIdOf(kit, user.context);
  await giveSai(kit, admin.context, me, '25', 'Welcome bonus');
  await admin.context.close();
  const sent = await sendSai(kit, user.context, them, '5', 'Concert tickets');

  const { page } = user;
  await page.goto(kit.url('/profile'));
  const bio = `Collects stamps ${saver.username.slice(-8)}`;
  const personalInfo = page.getByRole('form', { name: 'Personal info' });
  await personalInfo.getByLabel('Bio').fill(bio);
  await personalInfo.getByRole('button', { name: 'Save Changes' }).click();
  await toasts(page).getByText('Profile updated').waitFor();
  const panel = page.getByRole('region', { name: 'Your data' });
  await panel.waitFor();
  await expectScreen(page, `profile with the data panel at ${px}`);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^sai-wallet-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(data.subject).toBe(me);
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
  await expectScreen(page, `profile after the download at ${px}`);
}

describe('download my data', () => {
  journeyTests(downloadJourney, [
    ['desktop: the profile downloads the JSON file of everything held', DESKTOP],
    ['phone: the same at 360 px', PHONE],
  ]);
});
