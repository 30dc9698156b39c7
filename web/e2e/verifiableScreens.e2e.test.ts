import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { describe, expect } from 'vitest';
import type { LedgerReceipt } from '../../domain/verifiable/formats.ts';
import { DESKTOP, journeyTests, openAdminSection, PHONE, toasts } from './browserKit.ts';
import { allowPageProblems } from './harness.ts';
import { expectAccessible, expectNoHorizontalScroll } from './screenKit.ts';
import { setUpAdminApp } from './sessionsKit.ts';
import {
  deposit,
  digestPage,
  expectConsoleErrors,
  insiderMismatch,
  ledgerEnv,
  ledgerStatus,
  pickFile,
  receiptOf,
  signUp,
  verdictHeading,
  watchConsole,
} from './verifiableKit.ts';

/**
 * The verifiable ledger on the signed-in screens (docs/architecture/verifiable-ledger.md), against the real
 * API: a transaction's receipt screen downloads its verifiable receipt (and the file checks on /verify),
 * after saying plainly when the ledger has not caught up; admin screens raise the ledger-mismatch alert for
 * a real mismatch, with money movements frozen (this server freezes on a mismatch), and the audit screen
 * lists the real signed digests, each downloadable. At 1280 px and 360 px, axe-clean, with no console
 * error beyond the ones a test provokes.
 */

const LEDGER = ledgerEnv();
const {
  kit,
  db,
  ADMIN,
  sharedAdmin: admin,
} = setUpAdminApp('verifiable_screens_e2e', {
  ...LEDGER,
  LEDGER_FREEZE_ON_MISMATCH: 'on',
});

type Viewport = typeof DESKTOP;

/**
 * The receipt screen saves the transaction's verifiable receipt, and links to /verify. First no digest can
 * be published (the digest folder is a file for a while, so writing one fails): the API answers 503 with
 * Retry-After and the screen says to try again; then the folder is back. Holding the tree follower back
 * instead would hold the transaction's own screen back too (it is not found until the projections move).
 */
async function receiptDownload(viewport: Viewport) {
  const px = `${viewport.width}px`;
  const { context, page, problems } = await kit.session(viewport);
  const errors = watchConsole(page);
  // The download while the ledger is frozen is refused with 503, on purpose.
  allowPageProblems(page, /^failed: 503 GET \/api\/transactions\/[^/]+\/receipt$/);
  const user = await signUp(kit, context, 'Saver');
  const depositId = await deposit(kit, await admin(), user.id, '25');
  await page.goto(kit.url(`/transactions/${depositId}`));
  await page.getByRole('button', { name: 'Download verifiable receipt' }).waitFor();
  const digestDir = LEDGER.DIGEST_DIR!;
  await rename(digestDir, `${digestDir}.away`);
  try {
    await writeFile(digestDir, 'not a folder');
    await page.getByRole('button', { name: 'Download verifiable receipt' }).click();
    await toasts(page)
      .getByText('The ledger has not caught up with this transaction yet. Try again in a few seconds.')
      .waitFor();
  } finally {
    await rm(digestDir, { force: true });
    await rename(`${digestDir}.away`, digestDir);
  }
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download verifiable receipt' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`sai-receipt-${depositId}.json`);
  const saved = await readFile((await download.path())!, 'utf8');
  const receipt = JSON.parse(saved) as LedgerReceipt;
  // What the API serves now (the digest that covers it already exists, so the same one).
  expect(receipt).toEqual(await receiptOf(kit, context, depositId));
  expect(receipt.transactionId).toBe(depositId);
  await toasts(page).getByText(`Saved as sai-receipt-${depositId}.json.`, { exact: false }).waitFor();
  await expectAccessible(page, `a receipt with its verifiable receipt at ${px}`);
  await expectNoHorizontalScroll(page, `a receipt at ${px}`);

  // The saved file, checked on /verify through the receipt screen's link.
  await page
    .getByRole('region', { name: 'Verifiable receipt' })
    .getByRole('link', { name: 'the verify page' })
    .click();
  await page.waitForURL(kit.url('/verify'));
  await pickFile(page, download.suggestedFilename(), saved);
  await verdictHeading(page, 'Verified').waitFor();
  await page.getByTestId('key-ids').getByText('The same key id as the one SAI Wallet publishes.').waitFor();
  expect(problems).toEqual([]);
  expectConsoleErrors(errors, [/status of 503 .* at .*\/receipt$/]);
  await context.close();
}

/** More digests than the panel's first page: each receipt of a newer transaction publishes one. */
async function enoughDigests() {
  const session = await admin();
  if ((await digestPage(kit, session)).nextCursor) return;
  const { context } = await kit.session();
  const user = await signUp(kit, context, 'Payee');
  while (!(await digestPage(kit, session)).nextCursor)
    await receiptOf(kit, session, await deposit(kit, session, user.id, '1'));
  await context.close();
}

/** A real mismatch, once per server: an insider's change to the tree follower's balances. */
async function ensureMismatch() {
  const session = await admin();
  if ((await ledgerStatus(kit, session)).mismatches > 0) return;
  const { context } = await kit.session();
  const victim = await signUp(kit, context, 'Victim');
  await deposit(kit, session, victim.id, '5');
  const friend = await signUp(kit, (await kit.session()).context, 'Friend');
  await insiderMismatch(kit, db().pool, session, { context, id: victim.id }, friend.id);
}

/** Admin screens: the mismatch alert on each, and the digests panel on the audit screen. */
async function adminLedger(viewport: Viewport) {
  const px = `${viewport.width}px`;
  await enoughDigests();
  const { context, page, problems } = await kit.session(viewport);
  const errors = watchConsole(page);
  await kit.signIn(context, ADMIN.email, ADMIN.password);

  if ((await ledgerStatus(kit, context)).mismatches === 0) {
    // All well: no alert.
    const statusRead = page.waitForResponse((response) =>
      response.url().endsWith('/api/admin/ledger/status'),
    );
    await page.goto(kit.url('/admin'));
    await page.getByRole('heading', { level: 1, name: /^Welcome back, / }).waitFor();
    await statusRead;
    expect(await page.getByTestId('ledger-alert').count()).toBe(0);
  }

  // A mismatch, with money movements frozen: on the dashboard and on every admin screen.
  await ensureMismatch();
  const status = await ledgerStatus(kit, context);
  expect(status.frozen).toBe(true);
  const refused = await context.request.post(kit.url('/api/transactions'), {
    // With the admin's fresh proof (admin money actions re-authenticate): the freeze is what refuses it.
    data: {
      type: 'admin_deposit',
      receiver_id: (await signUpPayee()).id,
      amount: '1',
      password: ADMIN.password,
    },
    headers: { Origin: kit.url('') },
  });
  expect(refused.status()).toBe(503);
  expect(((await refused.json()) as { type: string }).type).toBe('ledger-frozen');
  await page.goto(kit.url('/admin'));
  const count = `${status.mismatches} mismatch${status.mismatches === 1 ? '' : 'es'}`;
  const alert = page.getByRole('alert').filter({ hasText: `The ledger check found ${count}` });
  await alert.getByText(status.lastMismatch!).waitFor();
  await alert.locator(`time[datetime="${status.lastMismatchAt}"]`).waitFor();
  await alert
    .getByText('Money movements are frozen: commands that move money are refused until this is resolved.')
    .waitFor();
  await expectAccessible(page, `/admin with the ledger alert at ${px}`);
  await expectNoHorizontalScroll(page, `/admin with the ledger alert at ${px}`);

  // The digests, as the API lists them: two pages, newest first, the second asked for with the cursor.
  const first = await digestPage(kit, context);
  const second = await digestPage(kit, context, `limit=20&cursor=${encodeURIComponent(first.nextCursor!)}`);
  const digestPages: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/admin/ledger/digests') digestPages.push(url.searchParams.toString());
  });
  await openAdminSection(page, 'Audit log');
  await page.waitForURL(kit.url('/admin/audit'));
  await alert.waitFor();
  const digests = page.getByRole('region', { name: 'Ledger digests' });
  const rows = digests.getByTestId('digest-row');
  await expect.poll(() => rows.count()).toBe(first.items.length);
  await digests.getByRole('button', { name: 'Show older digests' }).click();
  await expect.poll(() => rows.count()).toBe(first.items.length + second.items.length);
  expect(digestPages).toEqual([
    'limit=20',
    new URLSearchParams({ limit: '20', cursor: first.nextCursor! }).toString(),
  ]);
  const shown = [...first.items, ...second.items];
  const newest = shown[0]!;
  const oldest = shown.at(-1)!;
  expect(BigInt(newest.treeSize)).toBeGreaterThan(BigInt(oldest.treeSize));
  expect(await rows.first().getByRole('rowheader').textContent()).toBe(newest.treeSize);
  expect(
    await rows
      .nth(shown.length - 1)
      .getByRole('rowheader')
      .textContent(),
  ).toBe(oldest.treeSize);
  await rows.first().getByText(newest.root).waitFor();
  await expectAccessible(page, `/admin/audit with the digests at ${px}`);
  await expectNoHorizontalScroll(page, `/admin/audit at ${px}`);
  const saved: string[] = [];
  for (const [digest, row] of [
    [newest, rows.first()],
    [oldest, rows.nth(shown.length - 1)],
  ] as const) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Download the digest of ${digest.treeSize} events` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`sai-ledger-digest-${digest.treeSize}.json`);
    saved.push(await readFile((await download.path())!, 'utf8'));
    expect(JSON.parse(saved.at(-1)!)).toEqual(digest);
  }

  // A downloaded digest, checked on /verify on its own: against the key SAI Wallet publishes.
  await page.goto(kit.url('/verify'));
  const name = `sai-ledger-digest-${newest.treeSize}.json`;
  await pickFile(page, name, saved[0]);
  await verdictHeading(page, 'Verified').waitFor();
  await page
    .getByTestId('verdict')
    .getByText(`the log's first ${newest.treeSize} events have root ${newest.root}`, { exact: false })
    .waitFor();
  await expectAccessible(page, `/verify with a ledger digest at ${px}`);
  expect(problems).toEqual([]);
  expectConsoleErrors(errors);
  await context.close();
}

/** A user for the refused deposit (the refusal must be the freeze, not an unknown receiver). */
async function signUpPayee() {
  const { context } = await kit.session();
  const payee = await signUp(kit, context, 'Payee');
  await context.close();
  return payee;
}

describe('the verifiable ledger on the receipt and admin screens, against the real API', () => {
  journeyTests(receiptDownload, [
    ['the receipt screen downloads the verifiable receipt', DESKTOP],
    ['the receipt screen at 360 px', PHONE],
  ]);
  journeyTests(
    adminLedger,
    [
      ['admin screens: the ledger mismatch alert and the digests panel', DESKTOP],
      ['admin screens at 360 px', PHONE],
    ],
    180_000,
  );
});
