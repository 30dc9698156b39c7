import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { LedgerDigest } from '../../domain/verifiable/formats.ts';
import {
  DESKTOP,
  expectAccessible,
  expectNoHorizontalScroll,
  newAccount,
  newAdmin,
  openAdminSection,
  PHONE,
  setUpBrowserApp,
  toasts,
} from './browserKit.ts';
import {
  buildLiabilityProof,
  buildReceipt,
  changeHexDigit,
  changeSignatureByte,
  copyOf,
  testSigner,
} from './verifiableFiles.ts';

/**
 * The verifiable ledger in the browser (docs/architecture/verifiable-ledger.md): /verify checks a receipt
 * and a liability proof that this test makes with its own Ed25519 key, in the page (WebCrypto, no server
 * call), and refuses each after one byte changes, naming the failed check; a signed-in user downloads
 * their liability proof and sees the published totals; a receipt screen downloads the verifiable receipt;
 * admin screens raise the ledger-mismatch alert and list the signed digests. At 1280 px and 360 px,
 * axe-clean, with no console error beyond the ones a test provokes.
 *
 * The routes that serve these documents (/api/ledger/public-key, /api/ledger/liabilities[/proof],
 * /api/transactions/{id}/receipt, /api/admin/ledger/status and /digests) are built on other branches of
 * the same issue: until they are merged, the test answers them with `page.route`, with documents it
 * built and signed as the service does. After the merge they should be switched to the real API.
 */

const ADMIN = newAdmin();
const { kit } = setUpBrowserApp('verifiable_e2e', ADMIN.env);

const signer = testSigner();

type Viewport = typeof DESKTOP;

/**
 * Console errors of a page, each with the resource it is about; a test names the ones it provokes (an
 * answer it made fail on purpose). The one the app always logs for a signed-out visitor is left out: the
 * root route's user lookup, which the API answers 401 (that is how the page learns nobody is signed in).
 */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    if (/status of 401/.test(message.text()) && new URL(where).pathname === '/api/auth/user') return;
    errors.push(`${message.text()} at ${where}`);
  });
  return errors;
}

function expectConsoleErrors(errors: string[], provoked: RegExp[] = []) {
  expect(errors.length, errors.join('\n')).toBe(provoked.length);
  provoked.forEach((pattern, i) => {
    expect(errors[i]).toMatch(pattern);
  });
}

async function answer(page: Page, url: string | RegExp, status: number, body: unknown) {
  await page.unroute(url);
  await page.route(url, (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
  );
}

const PUBLIC_KEY = '**/api/ledger/public-key';
const LIABILITIES = '**/api/ledger/liabilities';
const LIABILITY_PROOF = '**/api/ledger/liabilities/proof';
const LEDGER_STATUS = '**/api/admin/ledger/status';
const DIGESTS = /\/api\/admin\/ledger\/digests(\?.*)?$/;

function problem(status: number, type: string, message: string) {
  return { type, title: 'Problem', status, detail: message, message };
}

async function pickFile(page: Page, name: string, content: unknown) {
  const text = typeof content === 'string' ? content : JSON.stringify(content, null, 2);
  await page
    .getByLabel('Choose a file')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

/** Drops a file on the drop area as a user's drag and drop does. */
async function dropFile(page: Page, name: string, content: unknown) {
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

function verdictHeading(page: Page, name: string) {
  return page.getByTestId('verdict').getByRole('heading', { level: 2, name, exact: true });
}

async function expectRefused(page: Page, name: string, content: unknown, check: string, sentence: RegExp) {
  await pickFile(page, name, content);
  await verdictHeading(page, `Not verified: ${check}`).waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: `${name}: not verified, ${check}` })
    .waitFor({ state: 'attached' });
  await expect.poll(() => page.getByTestId('verdict').textContent()).toMatch(sentence);
}

/** Anyone, signed out: the valid files pass and each one-byte change is refused by the named check. */
async function checkFilesAsVisitor(viewport: Viewport) {
  const px = `${viewport.width}px`;
  const { context, page, problems } = await kit.session(viewport);
  const errors = watchConsole(page);
  const transactionId = randomUUID();
  const { receipt, size, root } = buildReceipt(signer, transactionId);
  const proof = buildLiabilityProof(signer, { size, root }, `user:${randomUUID()}`, 1_234n);
  // The key a phone visitor compares with is another one: the page must say it differs.
  const published = viewport === PHONE ? testSigner().publicKey : signer.publicKey;
  await answer(page, PUBLIC_KEY, 200, published);

  await page.goto(kit.url('/verify'));
  await page.getByRole('heading', { level: 1, name: 'Check a receipt or a liability proof' }).waitFor();
  expect(await page.title()).toBe('Verify — SAI Digital Wallet');
  // Signed out: no liability proof to download.
  expect(await page.getByRole('button', { name: 'Download my liability proof' }).count()).toBe(0);
  await expectAccessible(page, `/verify at ${px}`);
  await expectNoHorizontalScroll(page, `/verify at ${px}`);
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) apiCalls.push(path);
  });

  // A valid receipt, dropped on the page on a desktop, chosen with the button on a phone.
  if (viewport === DESKTOP) await dropFile(page, 'receipt.json', receipt);
  else await pickFile(page, 'receipt.json', receipt);
  const verdict = page.getByTestId('verdict');
  await verdictHeading(page, 'Verified').waitFor();
  await verdict.getByText('Transaction receipt · receipt.json').waitFor();
  // Screen readers hear the verdict in one line.
  await page.getByRole('status').filter({ hasText: 'receipt.json: verified' }).waitFor({ state: 'attached' });
  const checks = verdict.getByRole('list', { name: 'Checks' }).getByRole('listitem');
  await expect.poll(() => checks.count()).toBe(4);
  await checks.filter({ hasText: `Ed25519 key ${signer.keyId}` }).waitFor();
  await checks.filter({ hasText: `is at position 3 of ${size}` }).waitFor();
  await checks.filter({ hasText: `is at position 4 of ${size}` }).waitFor();
  await verdict.getByText(/Each event of this transaction, exactly as shown, is at its position/).waitFor();
  await verdict.getByRole('heading', { name: 'What it does not prove' }).waitFor();
  await verdict.getByRole('link', { name: '/api/ledger/public-key' }).waitFor();
  const keys = page.getByTestId('key-ids');
  await keys.getByText('Key id in this file').waitFor();
  expect(await keys.getByText(signer.keyId, { exact: true }).count()).toBe(viewport === PHONE ? 1 : 2);
  await keys
    .getByText(
      viewport === PHONE
        ? 'A different key id from the one SAI Wallet publishes today.'
        : 'The same key id as the one SAI Wallet publishes.',
    )
    .waitFor();
  await expectAccessible(page, `/verify with a verified receipt at ${px}`);
  await expectNoHorizontalScroll(page, `/verify with a verified receipt at ${px}`);

  // One byte changed: in an event's data, in a proof hash, in the digest's signature.
  const data = copyOf(receipt);
  (data.events[0]!.data as { amount: string }).amount = '35.00';
  await expectRefused(page, 'data.json', data, 'event content', /its content does not match its hash/);
  const proofHash = copyOf(receipt);
  proofHash.events[1]!.proof[0] = changeHexDigit(proofHash.events[1]!.proof[0]!);
  await expectRefused(page, 'proof.json', proofHash, 'inclusion', /does not place it at position 4/);
  const signature = copyOf(receipt);
  signature.digest.signature = changeSignatureByte(signature.digest.signature);
  await expectRefused(
    page,
    'signature.json',
    signature,
    'digest signature',
    /the digest's signature does not match its contents and key/,
  );
  await expectAccessible(page, `/verify with a refused receipt at ${px}`);
  await expectNoHorizontalScroll(page, `/verify with a refused receipt at ${px}`);

  // A valid liability proof, then one byte changed in the balance, a path hash, the statement's signature.
  await pickFile(page, 'sai-liability-proof.json', proof);
  await verdictHeading(page, 'Verified').waitFor();
  await verdict.getByText('Liability proof · sai-liability-proof.json').waitFor();
  await verdict.getByText('SAI balance 12.34 is counted in the total of', { exact: false }).waitFor();
  await verdict.getByText(/Your balance in each asset listed is one of the leaves/).waitFor();
  await verdict.getByText(/the proof is about what is owed, not what is held/).waitFor();
  const balance = copyOf(proof);
  balance.entries[0]!.balance = '12.35';
  await expectRefused(page, 'balance.json', balance, 'root', /the path does not lead to the signed root/);
  const pathHash = copyOf(proof);
  pathHash.entries[0]!.path[0]!.hash = changeHexDigit(pathHash.entries[0]!.path[0]!.hash);
  await expectRefused(page, 'path.json', pathHash, 'root', /the path does not lead to the signed root/);
  const statement = copyOf(proof);
  statement.statement.signature = changeSignatureByte(statement.statement.signature);
  await expectRefused(
    page,
    'statement.json',
    statement,
    'statement signature',
    /the statement's signature does not match its contents and key/,
  );

  // Not a verifiable file at all.
  await expectRefused(page, 'notes.json', 'not json {', 'format', /this file is not JSON/);
  await expectRefused(page, 'other.json', { hello: 1 }, 'format', /neither a SAI Wallet receipt nor/);
  await expectAccessible(page, `/verify with a refused file at ${px}`);

  // Checking needed no server: the only call was the published key, fetched once to compare ids.
  expect(apiCalls).toEqual(['/api/ledger/public-key']);
  // Linked from the public pages' footer.
  await page.goto(kit.url('/about'));
  await page
    .getByRole('navigation', { name: 'Footer' })
    .getByRole('link', { name: 'Verify a receipt' })
    .click();
  await page.waitForURL(kit.url('/verify'));
  await page.getByRole('heading', { level: 1, name: 'Check a receipt or a liability proof' }).waitFor();
  expect(problems).toEqual([]);
  expectConsoleErrors(errors);
  await context.close();
}

/** A browser without Ed25519 in WebCrypto (older ones): the page says so instead of blaming the file. */
async function browserWithoutEd25519() {
  const { context, page, problems } = await kit.session(DESKTOP);
  const errors = watchConsole(page);
  await page.addInitScript(() => {
    const subtle = SubtleCrypto.prototype;
    const { importKey, generateKey } = subtle;
    const ed25519 = (algorithm: unknown) =>
      (typeof algorithm === 'string' ? algorithm : (algorithm as { name?: string })?.name) === 'Ed25519';
    const refused = () => Promise.reject(new DOMException('Unrecognized name.', 'NotSupportedError'));
    subtle.importKey = function (this: SubtleCrypto, ...args: Parameters<SubtleCrypto['importKey']>) {
      return ed25519(args[2]) ? refused() : importKey.apply(this, args);
    } as SubtleCrypto['importKey'];
    subtle.generateKey = function (this: SubtleCrypto, ...args: Parameters<SubtleCrypto['generateKey']>) {
      return ed25519(args[0]) ? refused() : generateKey.apply(this, args);
    } as SubtleCrypto['generateKey'];
  });
  const { receipt } = buildReceipt(signer, randomUUID());
  await page.goto(kit.url('/verify'));
  await pickFile(page, 'receipt.json', receipt);
  await page
    .getByRole('alert')
    .getByText(
      'This browser cannot check Ed25519 signatures, so it cannot check this file. Open this page in a current version of Chrome, Edge, Firefox or Safari.',
    )
    .waitFor();
  expect(await page.getByTestId('verdict').count()).toBe(0);
  await expectAccessible(page, '/verify in a browser without Ed25519');
  expect(problems).toEqual([]);
  expectConsoleErrors(errors);
  await context.close();
}

async function signUp(context: BrowserContext, firstName: string) {
  const account = newAccount(firstName);
  await kit.register(context, account);
  const me = (await (await context.request.get(kit.url('/api/auth/user'))).json()) as { id: string };
  return { ...account, id: me.id };
}

/**
 * A signed-in user on /verify: before the first statement the download says so plainly; then the proof is
 * saved as sai-liability-proof.json, checked on the page, and the published totals are listed.
 */
async function liabilityProofAsUser(viewport: Viewport) {
  const px = `${viewport.width}px`;
  const { context, page, problems } = await kit.session(viewport);
  const errors = watchConsole(page);
  const user = await signUp(context, 'Holder');
  const { size, root } = buildReceipt(signer, randomUUID());
  const proof = buildLiabilityProof(signer, { size, root }, `user:${user.id}`, 2_500n);
  await answer(page, PUBLIC_KEY, 200, signer.publicKey);
  await answer(page, LIABILITIES, 200, { statement: null, publicKey: signer.publicKey });
  await answer(
    page,
    LIABILITY_PROOF,
    404,
    problem(404, 'no-liability-proof', 'No liabilities statement has been published yet'),
  );

  await page.goto(kit.url('/verify'));
  const published = page.getByRole('region', { name: 'Published liabilities' });
  await published.getByText('No liabilities statement has been published yet.').waitFor();
  const mine = page.getByRole('region', { name: 'Your liability proof' });
  await mine.getByRole('button', { name: 'Download my liability proof' }).click();
  await mine
    .getByRole('alert')
    .getByText(
      'There is no liability proof yet: SAI Wallet has not published its first liabilities statement. Try again after the next one.',
    )
    .waitFor();
  await expectAccessible(page, `/verify signed in, before the first statement, at ${px}`);
  await expectNoHorizontalScroll(page, `/verify signed in at ${px}`);

  // The first statement is out.
  await answer(page, LIABILITIES, 200, { statement: proof.statement, publicKey: signer.publicKey });
  await answer(page, LIABILITY_PROOF, 200, proof);
  await page.reload();
  const totals = published.getByRole('region', { name: 'Published totals' });
  const sai = totals.getByRole('row', { name: /^SAI/ });
  await sai.getByRole('cell', { name: proof.statement.assets[0]!.total, exact: true }).waitFor();
  await sai.getByRole('cell', { name: '8', exact: true }).waitFor();
  await published.getByText(signer.keyId).waitFor();
  await published.getByText(`first ${size} events`, { exact: false }).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    mine.getByRole('button', { name: 'Download my liability proof' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('sai-liability-proof.json');
  expect(JSON.parse(await readFile((await download.path())!, 'utf8'))).toEqual(proof);
  await verdictHeading(page, 'Verified').waitFor();
  await page.getByTestId('verdict').getByText('SAI balance 25.00 is counted', { exact: false }).waitFor();
  await expectAccessible(page, `/verify signed in with a checked proof at ${px}`);
  await expectNoHorizontalScroll(page, `/verify signed in with a checked proof at ${px}`);
  expect(problems).toEqual([]);
  expectConsoleErrors(errors, [/status of 404 .* at .*\/api\/ledger\/liabilities\/proof$/]);
  await context.close();
}

/** The receipt screen saves the transaction's verifiable receipt, and links to /verify. */
async function receiptDownload(viewport: Viewport) {
  const px = `${viewport.width}px`;
  const { context, page, problems } = await kit.session(viewport);
  const errors = watchConsole(page);
  const user = await signUp(context, 'Saver');
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

describe('the verifiable ledger in the browser', () => {
  test('/verify checks a receipt and a liability proof and refuses one-byte changes', async () => {
    await checkFilesAsVisitor(DESKTOP);
  }, 120_000);

  test('/verify at 360 px, with a published key that differs', async () => {
    await checkFilesAsVisitor(PHONE);
  }, 120_000);

  test('/verify in a browser without Ed25519 says so rather than refusing the file', async () => {
    await browserWithoutEd25519();
  }, 120_000);

  test('a signed-in user downloads their liability proof and sees the published totals', async () => {
    await liabilityProofAsUser(DESKTOP);
  }, 120_000);

  test('the same at 360 px', async () => {
    await liabilityProofAsUser(PHONE);
  }, 120_000);

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
