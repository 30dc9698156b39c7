import { describe, expect } from 'vitest';
import { answerTo, newAccount, toasts, type Viewport, widthAndLanguageTests } from './browserKit.ts';
import { allowPageProblems } from './harness.ts';
import { CATALOGS, fill } from './messagesKit.ts';
import { expectScreen } from './screenKit.ts';
import { giveSai, saveLanguage, setUpAdminApp, userIdOf } from './sessionsKit.ts';

/**
 * The API's refusals in the reader's language (web/src/lib/refusals.ts): a user whose browser asks for
 * English but whose saved language is German, Spanish or French, at 1280 px and 360 px, meets real
 * refusals of the server and reads each in that language, on its field and in its toast: a wrong current
 * password when changing the password, an e-mail change to the address the account already has, an
 * unknown recipient, and a transfer of more than the balance (sent while the screen still showed the balance before another
 * session spent it, so that the server refuses it, not the form). Each screen axe-clean, no sideways
 * scroll, and no console error (the harness fails on one; only the refusals' answers are allowed).
 */

const { kit, userFriendAndAdmin } = setUpAdminApp('i18n_refusals_e2e');

/** The saved languages the refusals are read in (the browser itself asks for English). */
const TRANSLATED = ['de', 'es', 'fr'] as const;
type Language = (typeof TRANSLATED)[number];

async function journey(viewport: Viewport, language: Language) {
  const words = CATALOGS[language];
  const at = `in ${language} at ${viewport.width}px`;
  const saver = newAccount('Refused');
  const friend = newAccount('Friend');
  const { user, other, admin } = await userFriendAndAdmin(viewport, saver, friend, { locale: 'en-US' });
  await saveLanguage(kit, user.context, language);
  const friendId = await userIdOf(kit, other.context);
  await giveSai(kit, admin.context, await userIdOf(kit, user.context), '10.00');
  const { page } = user;
  allowPageProblems(
    page,
    /^failed: 400 POST \/api\/account\/password$/,
    /^failed: 400 POST \/api\/account\/email$/,
    /^failed: 422 POST \/api\/transactions$/,
    /^failed: 404 GET \/api\/users\/by-email\?email=nobody-/,
  );

  // A wrong current password: the domain's refusal, on its field and in the toast.
  await page.goto(kit.url('/profile'));
  await page.getByRole('heading', { level: 1, name: words['profile.title'], exact: true }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
  await page.getByRole('tab', { name: words['profile.tab.security'], exact: true }).click();
  const password = page.getByRole('form', { name: words['profile.password.form'] });
  await password.getByLabel(words['profile.password.current'], { exact: true }).fill('not-my-password-1');
  await password.getByLabel(words['profile.password.new'], { exact: true }).fill('Another-pass-123');
  await password.getByLabel(words['profile.password.confirm'], { exact: true }).fill('Another-pass-123');
  const changed = answerTo(page, 'POST', '/api/account/password');
  await password.getByRole('button', { name: words['profile.password.submit'] }).click();
  expect((await changed).status()).toBe(400);
  await password.getByText(words['shell.api.passwordIncorrect'], { exact: true }).waitFor();
  await toasts(page).getByText(words['profile.password.failed']).waitFor();
  await toasts(page).getByText(words['shell.api.passwordIncorrect'], { exact: true }).waitFor();
  await expectScreen(page, `a wrong current password ${at}`);

  // The e-mail change to the address the account already has.
  const email = page.getByRole('form', { name: words['profile.email.form'] });
  await email.getByLabel(words['profile.email.new'], { exact: true }).fill(saver.email);
  await email.getByLabel(words['profile.email.password'], { exact: true }).fill(saver.password);
  const asked = answerTo(page, 'POST', '/api/account/email');
  await email.getByRole('button', { name: words['profile.email.send'] }).click();
  expect((await asked).status()).toBe(400);
  await email.getByText(words['shell.api.emailUnchanged'], { exact: true }).waitFor();
  await toasts(page).getByText(words['profile.email.failed']).waitFor();
  await expectScreen(page, `an e-mail change to the same address ${at}`);
  // And to a new one: the link is sent, said in the reader's language too.
  const newEmail = `new-${saver.email}`;
  await email.getByLabel(words['profile.email.new'], { exact: true }).fill(newEmail);
  await email.getByLabel(words['profile.email.password'], { exact: true }).fill(saver.password);
  await email.getByRole('button', { name: words['profile.email.send'] }).click();
  await page.getByText(fill(words['profile.email.sent'], { email: newEmail }), { exact: true }).waitFor();

  // More than the balance: the dashboard shows 10 SAI, another session of the user sends them away, and
  // the form (which checks the balance it shows) lets the server refuse 5 SAI.
  await page.goto(kit.url('/dashboard'));
  await page.getByRole('button', { name: words['dashboard.actions.send'], exact: true }).click();
  const dialog = page.getByRole('dialog', { name: words['dashboard.actions.send'] });
  const send = dialog.getByRole('form', { name: fill(words['dashboard.send.form'], { currency: 'SAI' }) });
  // First to an address no account has: the lookup's 404, said on the field.
  await send.getByLabel(words['dashboard.send.recipientEmail']).fill(`nobody-${saver.email}`);
  await send.getByLabel(fill(words['dashboard.send.amount'], { currency: 'SAI' })).fill('5');
  await send.getByRole('button', { name: words['dashboard.send.reviewButton'] }).click();
  await send.getByText(words['dashboard.send.notFound'], { exact: true }).first().waitFor();
  await expectScreen(page, `an unknown recipient ${at}`);
  await send.getByLabel(words['dashboard.send.recipientEmail']).fill(friend.email);
  await kit.call(user.context, 'POST', '/api/transactions', {
    type: 'transfer',
    receiver_id: friendId,
    amount: '10.00',
  });
  await send.getByRole('button', { name: words['dashboard.send.reviewButton'] }).click();
  const review = dialog.getByRole('form', { name: words['dashboard.send.review'] });
  const sent = answerTo(page, 'POST', '/api/transactions');
  await review.getByRole('button', { name: words['dashboard.send.confirm'] }).click();
  expect((await sent).status()).toBe(422);
  await toasts(page).getByText(words['dashboard.send.insufficient'], { exact: true }).waitFor();
  await toasts(page).getByText(words['shell.validation.insufficientBalance'], { exact: true }).waitFor();
  await expectScreen(page, `a transfer over the balance ${at}`);
}

describe('the API refusals in the reader’s language', () => {
  widthAndLanguageTests(journey, TRANSLATED);
});
