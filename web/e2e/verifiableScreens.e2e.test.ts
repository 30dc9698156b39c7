import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import type { LedgerDigest } from '../../domain/verifiable/formats.ts';
import {
  DESKTOP,
  expectAccessible,
  expectNoHorizontalScroll,
  newAdmin,
  openAdminSection,
  PHONE,
  setUpBrowserApp,
  toasts,
} from './browserKit.ts';
import { buildReceipt, testSigner } from './verifiableFiles.ts';
import {
  answer,
  DIGESTS,
  expectConsoleErrors,
  LEDGER_STATUS,
  LIABILITIES,
  PUBLIC_KEY,
  pickFile,
  problem,
  signUp,
  verdictHeading,
  watchConsole,
} from './verifiableKit.ts';

/**
 * The verifiable ledger on the signed-in screens (docs/architecture/verifiable-ledger.md): a transaction's
 * receipt screen downloads its verifiable receipt (and the file checks on /verify); admin screens raise
 * the ledger-mismatch alert and the audit screen lists the signed digests, each downloadable. At 1280 px
 * and 360 px, axe-clean, with no console error beyond the ones a test provokes.
 *
 * The routes that serve these documents (/api/ledger/public-key, /api/ledger/liabilities[/proof],
 * /api/transactions/{id}/receipt, /api/admin/ledger/status and /digests) are built on other branches of
 * the same issue: until they are merged, the test answers them with `page.route`, with documents it
 * built and signed as the service does. After the merge they should be switched to the real API.
 */

const ADMIN = newAdmin();
const { kit } = setUpBrowserApp('verifiable_screens_e2e', ADMIN.env);

const signer = testSigner();

type Viewport = typeof DESKTOP;

/** The receipt screen saves the transaction's verifiable receipt, and links to /verify. */
async function receiptDownload(viewport: Viewport) {
  const px = `${viewport.width}px`;
  const { context, page, problems } = await kit.session(viewport);
  const errors = watchConsole(page);
  const user = await signUp(kit, context, 'Saver');
  const admin = await kit.session(viewport);
  await kit.signIn(admin.context, ADMIN.email, ADMIN.password);
  const deposit = (await (
    await kit.post(admin.context, '/api/transactions', {
      type: 'admin_deposit',
      receiver_id: user.id,
      amount: '25',
      description: 'Welcome bonus',
    })
  ).json()) as { id: string };
  await admin.context.close();
  const { receipt } = buildReceipt(signer, deposit.id);
  const RECEIPT = `**/api/transactions/${deposit.id}/receipt`;
  // The ledger has not caught up yet: the API answers 503 with Retry-After.
  await answer(page, RECEIPT, 503, problem(503, 'about:blank', 'The ledger is catching up'));

  await page.goto(kit.url(`/transactions/${deposit.id}`));
  await page.getByRole('heading', { level: 1 }).waitFor();
  const button = page.getByRole('button', { name: 'Download verifiable receipt' });
  await button.click();
  await toasts(page)
    .getByText('The ledger has not caught up with this transaction yet. Try again in a few seconds.')
    .waitFor();
  await answer(page, RECEIPT, 200, receipt);
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(`sai-receipt-${deposit.id}.json`);
  const saved = await readFile((await download.path())!, 'utf8');
  expect(JSON.parse(saved)).toEqual(receipt);
  await toasts(page).getByText(`Saved as sai-receipt-${deposit.id}.json.`, { exact: false }).waitFor();
  await expectAccessible(page, `a receipt with its verifiable receipt at ${px}`);
  await expectNoHorizontalScroll(page, `a receipt at ${px}`);

  // The saved file, checked on /verify through the receipt screen's link.
  await answer(page, PUBLIC_KEY, 200, signer.publicKey);
  await answer(page, LIABILITIES, 200, { statement: null, publicKey: signer.publicKey });
  await page
    .getByRole('region', { name: 'Verifiable receipt' })
    .getByRole('link', { name: 'the verify page' })
    .click();
  await page.waitForURL(kit.url('/verify'));
  await pickFile(page, download.suggestedFilename(), saved);
  await verdictHeading(page, 'Verified').waitFor();
  expect(problems).toEqual([]);
  expectConsoleErrors(errors, [/status of 503 .* at .*\/receipt$/]);
  await context.close();
}

function digestAt(treeSize: bigint, minutesAgo: number): LedgerDigest {
  const { receipt } = buildReceipt(signer, randomUUID());
  return {
    ...receipt.digest,
    treeSize: String(treeSize),
    time: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  };
}

/** Admin screens: the mismatch alert on each, and the digests panel on the audit screen. */
async function adminLedger(viewport: Viewport) {
  const px = `${viewport.width}px`;
  const { context, page, problems } = await kit.session(viewport);
  const errors = watchConsole(page);
  await kit.signIn(context, ADMIN.email, ADMIN.password);
  const status = {
    treeSize: '120',
    root: 'ab'.repeat(32),
    verifiedPosition: '120',
    mismatches: 0,
    lastMismatch: null,
    lastMismatchAt: null,
    frozen: false,
    logHead: '120',
  };
  await answer(page, LEDGER_STATUS, 200, status);
  const newer = digestAt(120n, 5);
  const older = digestAt(64n, 65);
  // Two pages, newest first: the second asked for with the first page's cursor.
  const digestPages: string[] = [];
  await page.route(DIGESTS, (route) => {
    const query = new URL(route.request().url()).searchParams;
    digestPages.push(query.toString());
    const body =
      query.get('cursor') === 'next-1'
        ? { items: [older], nextCursor: null }
        : { items: [newer], nextCursor: 'next-1' };
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  });

  // All well: no alert.
  const statusRead = page.waitForResponse((response) => response.url().endsWith('/api/admin/ledger/status'));
  await page.goto(kit.url('/admin'));
  await page.getByRole('heading', { level: 1, name: /^Welcome back, / }).waitFor();
  await statusRead;
  expect(await page.getByTestId('ledger-alert').count()).toBe(0);

  // A mismatch, with money movements frozen: on the dashboard and on every admin screen.
  const at = new Date(Date.now() - 90_000).toISOString();
  const mismatch = 'stream account-3f2a revision 7: the stored hash does not match its content';
  await answer(page, LEDGER_STATUS, 200, {
    ...status,
    mismatches: 2,
    lastMismatch: mismatch,
    lastMismatchAt: at,
    frozen: true,
  });
  await page.reload();
  const alert = page.getByRole('alert').filter({ hasText: 'The ledger check found 2 mismatches' });
  await alert.getByText(mismatch).waitFor();
  await alert.locator(`time[datetime="${at}"]`).waitFor();
  await alert
    .getByText('Money movements are frozen: commands that move money are refused until this is resolved.')
    .waitFor();
  await expectAccessible(page, `/admin with the ledger alert at ${px}`);
  await expectNoHorizontalScroll(page, `/admin with the ledger alert at ${px}`);

  await openAdminSection(page, 'Audit log');
  await page.waitForURL(kit.url('/admin/audit'));
  await alert.waitFor();
  const digests = page.getByRole('region', { name: 'Ledger digests' });
  const rows = digests.getByTestId('digest-row');
  await expect.poll(() => rows.count()).toBe(1);
  await digests.getByRole('button', { name: 'Show older digests' }).click();
  await expect.poll(() => rows.count()).toBe(2);
  await digests.getByRole('button', { name: 'Show older digests' }).waitFor({ state: 'detached' });
  expect(digestPages).toEqual(['limit=20', 'limit=20&cursor=next-1']);
  // Newest first.
  expect(await rows.first().getByRole('rowheader').textContent()).toBe('120');
  expect(await rows.last().getByRole('rowheader').textContent()).toBe('64');
  await rows.first().getByText(newer.root).waitFor();
  await expectAccessible(page, `/admin/audit with the digests at ${px}`);
  await expectNoHorizontalScroll(page, `/admin/audit at ${px}`);
  for (const [digest, row] of [
    [newer, rows.first()],
    [older, rows.last()],
  ] as const) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Download the digest of ${digest.treeSize} events` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`sai-ledger-digest-${digest.treeSize}.json`);
    expect(JSON.parse(await readFile((await download.path())!, 'utf8'))).toEqual(digest);
  }

  // Not frozen: the alert says so.
  await answer(page, LEDGER_STATUS, 200, {
    ...status,
    mismatches: 1,
    lastMismatch: mismatch,
    lastMismatchAt: at,
  });
  await page.reload();
  const single = page.getByRole('alert').filter({ hasText: 'The ledger check found 1 mismatch' });
  await single.getByText('Money movements are not frozen.').waitFor();
  expect(problems).toEqual([]);
  expectConsoleErrors(errors);
  await context.close();
}

describe('the verifiable ledger on the receipt and admin screens', () => {
  test('the receipt screen downloads the verifiable receipt', async () => {
    await receiptDownload(DESKTOP);
  }, 120_000);

  test('the receipt screen at 360 px', async () => {
    await receiptDownload(PHONE);
  }, 120_000);

  test('admin screens: the ledger mismatch alert and the digests panel', async () => {
    await adminLedger(DESKTOP);
  }, 120_000);

  test('admin screens at 360 px', async () => {
    await adminLedger(PHONE);
  }, 120_000);
});
