import { generateKeyPairSync, sign } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { bytesOfHex } from '../../domain/verifiable/bytes.ts';
import {
  digestMessage,
  type LedgerReceipt,
  PUBLIC_KEY_FORMAT,
  timeMillis,
} from '../../domain/verifiable/formats.ts';
import { keyIdOf } from '../../domain/verifiable/verify.ts';
import { messages as de } from '../src/i18n/messages/de/public.ts';
import { messages as en } from '../src/i18n/messages/en/public.ts';
import { messages as es } from '../src/i18n/messages/es/public.ts';
import { messages as fr } from '../src/i18n/messages/fr/public.ts';
import { DESKTOP, PHONE } from './browserKit.ts';
import { expectAccessible, expectNoHorizontalScroll } from './screenKit.ts';
import { setUpAdminApp } from './sessionsKit.ts';
import {
  deposit,
  expectConsoleErrors,
  ledgerEnv,
  pickFile,
  publishedKey,
  receiptOf,
  signUp,
  verdictHeading,
  watchConsole,
} from './verifiableKit.ts';

/**
 * /verify holds a receipt to the key this site publishes, never to the key the file carries (N50): a real
 * receipt passes ("Verified"); the same receipt with its digest re-signed by another key — which checks out
 * against the key it now carries, as every forged file would — is a red "Not from SAI Wallet" with the
 * sentence saying why; a file over 256 KiB is refused before it is read. In each of the four languages, at
 * 1280 and 360 px, axe-clean, no horizontal scroll.
 */

const { kit, ADMIN } = setUpAdminApp('verifiable_foreign_e2e', ledgerEnv());

const CATALOGS = { en, de, fr, es } as const;
type Language = keyof typeof CATALOGS;
const LOCALES: Record<Language, string> = { en: 'en-US', de: 'de-DE', fr: 'fr-FR', es: 'es-ES' };
type Id = keyof typeof en;
const text = (language: Language, id: Id, values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (message, [name, value]) => message.replace(`{${name}}`, value),
    CATALOGS[language][id] as string,
  );

/** A real receipt (an admin's deposit to a new user), fetched once for the whole file. */
let genuine: LedgerReceipt | undefined;
async function realReceipt(): Promise<LedgerReceipt> {
  if (genuine) return genuine;
  const admin = (await kit.session()).context;
  await kit.signIn(admin, ADMIN.email, ADMIN.password);
  const { context } = await kit.session();
  const user = await signUp(kit, context, 'Holder');
  const depositId = await deposit(kit, admin, user.id, '7');
  // The receipt route reads which events make up the transaction from a read model a moment behind.
  const url = kit.url(`/api/transactions/${depositId}/receipt`);
  await expect.poll(async () => (await context.request.get(url)).status(), { timeout: 15_000 }).toBe(200);
  genuine = await receiptOf(kit, context, depositId);
  await admin.close();
  await context.close();
  return genuine;
}

/** The same receipt, its digest re-signed by a key of the forger's own, which the receipt now carries. */
function forged(receipt: LedgerReceipt): LedgerReceipt {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const x = (publicKey.export({ format: 'jwk' }) as { x: string }).x;
  const keyId = keyIdOf(Buffer.from(x, 'base64url'));
  const message = digestMessage({
    treeSize: BigInt(receipt.digest.treeSize),
    root: bytesOfHex(receipt.digest.root)!,
    timeMs: timeMillis(receipt.digest.time)!,
    keyId,
  });
  return {
    ...receipt,
    digest: { ...receipt.digest, keyId, signature: sign(null, message, privateKey).toString('base64') },
    publicKey: {
      format: PUBLIC_KEY_FORMAT,
      version: 1,
      keyId,
      algorithm: 'Ed25519',
      spki: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      jwk: { kty: 'OKP', crv: 'Ed25519', x },
    },
  };
}

async function foreignAndGenuine(viewport: typeof DESKTOP, language: Language) {
  const where = `/verify in ${language} at ${viewport.width}px`;
  const receipt = await realReceipt();
  const forgery = forged(receipt);
  const { context, page, problems } = await kit.session(viewport, { locale: LOCALES[language] });
  const errors = watchConsole(page);
  await page.goto(kit.url('/verify'));
  await page.getByTestId('file-drop').waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
  const summary = page.getByTestId('verdict-summary');

  await pickFile(page, 'genuine.json', receipt);
  await verdictHeading(page, text(language, 'verify.verified')).waitFor();
  expect(await summary.getAttribute('data-ok')).toBe('true');
  await page
    .getByRole('status')
    .filter({ hasText: text(language, 'verify.announceVerified', { name: 'genuine.json' }) })
    .waitFor({ state: 'attached' });

  await pickFile(page, 'forged.json', forgery);
  await verdictHeading(page, text(language, 'verify.notFromSaiWallet')).waitFor();
  expect(await summary.getAttribute('data-ok')).toBe('false');
  // Red: the danger border of a failed verdict, not the neutral or the passing one.
  const border = await summary.evaluate((element) => getComputedStyle(element).borderTopColor);
  await pickFile(page, 'genuine-again.json', receipt);
  await verdictHeading(page, text(language, 'verify.verified')).waitFor();
  const passingBorder = await summary.evaluate((element) => getComputedStyle(element).borderTopColor);
  expect(border, where).not.toBe(passingBorder);
  expect(border, where).toMatch(/^rgba?\((\d+), (\d+), (\d+)(, [\d.]+)?\)$/);
  const [r, g, b] = border.match(/\d+/g)!.map(Number) as [number, number, number];
  expect(r, `${where}: the border is red (${border})`).toBeGreaterThan(Math.max(g, b));

  await pickFile(page, 'forged.json', forgery);
  await verdictHeading(page, text(language, 'verify.notFromSaiWallet')).waitFor();
  await summary.getByText(text(language, 'verify.notFromSaiWalletWhy'), { exact: true }).waitFor();
  // The checker's own sentence names the key that signed and the one trusted.
  const published = await publishedKey(kit, context);
  await summary
    .getByText(
      `the digest was signed with key ${forgery.digest.keyId}, which is not a trusted key (trusted: ${published.keyId})`,
      { exact: true },
    )
    .waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: text(language, 'verify.announceNotFromSaiWallet', { name: 'forged.json' }) })
    .waitFor({ state: 'attached' });
  await expectAccessible(page, where);
  await expectNoHorizontalScroll(page, where);

  // A file over the checker's 256 KiB is refused before it is read, in the visitor's language.
  await pickFile(page, 'big.json', { ...receipt, padding: 'x'.repeat(256 * 1024) });
  await page
    .getByRole('alert')
    .getByText(text(language, 'verify.tooLarge', { name: 'big.json', limit: '256' }), { exact: true })
    .waitFor();
  expect(problems).toEqual([]);
  expectConsoleErrors(errors);
  await (context as BrowserContext).close();
}

describe('/verify refuses a receipt signed with a key SAI Wallet does not publish', () => {
  for (const language of Object.keys(CATALOGS) as Language[]) {
    test(`${language}: "Not from SAI Wallet" in red for a foreign key, "Verified" for a real receipt, at 1280 px`, async () => {
      await foreignAndGenuine(DESKTOP, language);
    }, 240_000);

    test(`${language}: the same at 360 px`, async () => {
      await foreignAndGenuine(PHONE, language);
    }, 240_000);
  }
});
