import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { LedgerReceipt, LiabilityProof } from '../../domain/verifiable/formats.ts';
import { DESKTOP, journeyTests, PHONE } from './browserKit.ts';
import { allowPageProblems } from './harness.ts';
import { expectAccessible, expectNoHorizontalScroll } from './screenKit.ts';
import { setUpAdminApp } from './sessionsKit.ts';
import {
  changeDataByte,
  changeHexDigit,
  changeLastDigit,
  changeSignatureByte,
  copyOf,
  vectorText,
} from './verifiableFiles.ts';
import {
  deposit,
  dropFile,
  expectConsoleErrors,
  expectRefused,
  getJson,
  insiderMismatch,
  ledgerEnv,
  makeStatement,
  pickFile,
  publishedKey,
  receiptOf,
  signUp,
  transfer,
  untilStatement,
  verdictHeading,
  watchConsole,
} from './verifiableKit.ts';

/**
 * /verify in the browser (docs/architecture/verifiable-ledger.md), against the real API: a real transfer's
 * receipt, downloaded from its receipt screen, passes in the page (WebCrypto, against the key document the server publishes) and is
 * refused after one byte changes, naming the failed check; a signed-in user downloads their real liability
 * proof once a statement exists, and it passes and fails likewise; an insider's change to the tree
 * follower's tables raises the admin alert. At 1280 px and 360 px, axe-clean, with no console error beyond
 * the ones a test provokes. verifiableScreens.e2e.test.ts covers the receipt screen's failure and the
 * admin screens; verifiableVectors.e2e.test.ts the committed test vectors.
 *
 * The server publishes no digest nor statement on a schedule here (ledgerEnv): the first receipt asked for
 * publishes the first digest, an admin's request the first liabilities statement, so the first test sees
 * the state before them.
 */

const { kit, db, ADMIN, sharedAdmin: admin } = setUpAdminApp('verifiable_e2e', ledgerEnv());

type Viewport = typeof DESKTOP;

/** A user with money, signed in through the API in a session of their own. */
async function fundedUser(firstName: string, amount: string) {
  const { context } = await kit.session();
  const user = await signUp(kit, context, firstName);
  const depositId = await deposit(kit, await admin(), user.id, amount);
  return { ...user, context, depositId };
}

/** The holder whose liability proof the tests download: 25 SAI, counted in a published statement. */
let holder: Awaited<ReturnType<typeof fundedUser>> | undefined;

/**
 * A signed-in user on /verify: before the first statement the download says so plainly (the desktop test,
 * first in the file); then their real proof is saved as sai-liability-proof.json, checked on the page, the
 * published totals are listed, and the proof is refused after one byte changes.
 */
async function liabilityProofAsUser(viewport: Viewport) {
  const px = `${viewport.width}px`;
  const { context, page, problems } = await kit.session(viewport);
  const errors = watchConsole(page);
  const first = holder === undefined;
  // Before the first statement there is no proof to give: the page asks once and is told 404.
  if (first) allowPageProblems(page, /^failed: 404 GET \/api\/ledger\/liabilities\/proof$/);
  if (!holder) {
    holder = await fundedUser('Holder', '25');
    const none = await getJson<{ statement: unknown }>(kit, context, '/api/ledger/liabilities');
    expect(none.statement, 'this test runs first in the file, before any digest').toBeNull();
  }
  await kit.signIn(context, holder.email, holder.password);
  const published = page.getByRole('region', { name: 'Published liabilities' });
  const mine = page.getByRole('region', { name: 'Your liability proof' });

  if (first) {
    await page.goto(kit.url('/verify'));
    await published.getByText('No liabilities statement has been published yet.').waitFor();
    await mine.getByRole('button', { name: 'Download my liability proof' }).click();
    await mine
      .getByRole('alert')
      .getByText(
        'There is no liability proof yet: SAI Wallet has not published its first liabilities statement. Try again after the next one.',
      )
      .waitFor();
    await expectAccessible(page, `/verify signed in, before the first statement, at ${px}`);
    await expectNoHorizontalScroll(page, `/verify signed in at ${px}`);
    // A receipt asks for the first digest, and no liabilities statement follows it (they are made on a
    // schedule, never on a user's request): the proof is still not there. Then an admin makes one.
    const receipt = await receiptOf(kit, holder.context, holder.depositId);
    const still = await getJson<{ statement: unknown }>(kit, context, '/api/ledger/liabilities');
    expect(still.statement).toBeNull();
    await makeStatement(kit, await admin());
    await untilStatement(kit, context, BigInt(receipt.digest.treeSize));
  }

  const { statement, publicKey } = await getJson<{
    statement: LiabilityProof['statement'];
    publicKey: { keyId: string };
  }>(kit, context, '/api/ledger/liabilities');
  expect((await publishedKey(kit, context)).keyId).toBe(publicKey.keyId);
  await page.goto(kit.url('/verify'));
  const totals = published.getByRole('region', { name: 'Published totals' });
  const sai = totals.getByRole('row', { name: /^SAI/ });
  const saiTotal = statement.assets.find((asset) => asset.asset === 'SAI')!;
  // Amounts as people write them (grouped, with the asset), no count of tree leaves, no minor units.
  const grouped = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(Number(saiTotal.total));
  await sai.getByRole('cell', { name: `${grouped} SAI`, exact: true }).waitFor();
  expect(await totals.getByRole('columnheader').allTextContents()).toEqual(['Asset', 'Total owed']);
  expect(await published.getByText(/minor units|leaves/i).count()).toBe(0);
  await published.getByText(publicKey.keyId).waitFor();
  await published
    .getByText(`first ${Number(statement.treeSize).toLocaleString('en-US')} events`, { exact: false })
    .waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    mine.getByRole('button', { name: 'Download my liability proof' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('sai-liability-proof.json');
  const proof = JSON.parse(await readFile((await download.path())!, 'utf8')) as LiabilityProof;
  expect(proof.statement).toEqual(statement);
  expect(proof.entries.map((entry) => [entry.account, entry.asset, entry.balance])).toEqual([
    [`user:${holder.id}`, 'SAI', '25.00'],
  ]);
  const verdict = page.getByTestId('verdict');
  await verdictHeading(page, 'Verified').waitFor();
  await verdict.getByText('Liability proof · sai-liability-proof.json').waitFor();
  await verdict.getByText('SAI balance 25.00 is counted', { exact: false }).waitFor();
  await verdict
    .getByText(/Your balance in each asset listed is summed in full, in the leaves shown/)
    .waitFor();
  await verdict.getByText(/the proof is about what is owed, not what is held/).waitFor();
  await expectAccessible(page, `/verify signed in with a checked proof at ${px}`);
  await expectNoHorizontalScroll(page, `/verify signed in with a checked proof at ${px}`);

  // One byte changed: in the balance, in a part's amount, in a path hash, in the statement's signature.
  const balance = copyOf(proof);
  balance.entries[0]!.balance = changeLastDigit(balance.entries[0]!.balance);
  await expectRefused(page, 'balance.json', balance, 'parts', /its leaves add up to 25.00, not/);
  const part = copyOf(proof);
  part.entries[0]!.parts[0]!.amount = changeLastDigit(part.entries[0]!.parts[0]!.amount);
  await expectRefused(page, 'part.json', part, 'root', /the path does not lead to the signed root/);
  const pathHash = copyOf(proof);
  const path = pathHash.entries[0]!.parts[1]!.path;
  path[0]!.hash = changeHexDigit(path[0]!.hash);
  await expectRefused(page, 'path.json', pathHash, 'root', /the path does not lead to the signed root/);
  const signature = copyOf(proof);
  signature.statement.signature = changeSignatureByte(signature.statement.signature);
  await expectRefused(
    page,
    'statement.json',
    signature,
    'statement signature',
    /the statement's signature does not match its contents and key/,
  );
  await expectAccessible(page, `/verify with a refused liability proof at ${px}`);
  expect(problems).toEqual([]);
  expectConsoleErrors(errors, first ? [/status of 404 .* at .*\/api\/ledger\/liabilities\/proof$/] : []);
  await context.close();
}

/** The sender saves the transfer's verifiable receipt from its receipt screen: the file's name and content. */
async function downloadReceipt(sender: BrowserContext, transferId: string) {
  const senderPage = await sender.newPage();
  await senderPage.goto(kit.url(`/transactions/${transferId}`));
  const [saved] = await Promise.all([
    senderPage.waitForEvent('download'),
    senderPage.getByRole('button', { name: 'Download verifiable receipt' }).click(),
  ]);
  const fileName = saved.suggestedFilename();
  expect(fileName).toBe(`sai-receipt-${transferId}.json`);
  const receipt = JSON.parse(await readFile((await saved.path())!, 'utf8')) as LedgerReceipt;
  await sender.close();
  expect(receipt.transactionId).toBe(transferId);
  return { fileName, receipt };
}

/** The receipt chosen on /verify passes: each check, what it shows and does not prove, the key ids. */
async function expectReceiptVerified(
  page: Page,
  viewport: Viewport,
  file: { fileName: string; receipt: LedgerReceipt },
  expected: { transferId: string; keyId: string; senderId: string; receiverId: string },
) {
  const px = `${viewport.width}px`;
  const { fileName, receipt } = file;
  const { transferId, keyId, senderId, receiverId } = expected;
  const size = receipt.digest.treeSize;
  // Dropped on the page on a desktop, chosen with the button on a phone.
  if (viewport === DESKTOP) await dropFile(page, fileName, receipt);
  else await pickFile(page, fileName, receipt);
  const verdict = page.getByTestId('verdict');
  await verdictHeading(page, 'Verified').waitFor();
  await verdict.getByText(`Transaction receipt · ${fileName}`).waitFor();
  // Screen readers hear the verdict in one line.
  await page
    .getByRole('status')
    .filter({ hasText: `${fileName}: verified` })
    .waitFor({ state: 'attached' });
  const checks = verdict.getByRole('list', { name: 'Checks' }).getByRole('listitem');
  // The file's key, the trusted key and its history, the signer, the signature, the events as a set
  // (each once, one transaction), then each event's inclusion.
  await expect.poll(() => checks.count()).toBe(7 + receipt.events.length);
  await checks
    .filter({ hasText: `Ed25519 key ${keyId}` })
    .first()
    .waitFor();
  await checks.filter({ hasText: `key ${keyId} is a trusted key` }).waitFor();
  await checks.filter({ hasText: `every event belongs to transaction ${transferId}` }).waitFor();
  for (const event of receipt.events)
    await checks.filter({ hasText: `is at position ${event.position} of ${size}` }).waitFor();
  await verdict.getByText(/Each event of this transaction, exactly as shown, is at its position/).waitFor();
  // What the file shows in words: what moved, when, between which accounts; the rest sealed.
  const facts = verdict.getByTestId('receipt-facts');
  await facts.getByRole('heading', { name: 'What this file shows' }).waitFor();
  await facts.getByText(transferId).waitFor();
  await facts
    .getByText(`Transfer sent — 12.50 SAI from account ${senderId} to account ${receiverId}`, {
      exact: false,
    })
    .waitFor();
  await facts.getByText('Transfer received', { exact: false }).waitFor();
  await facts.getByText(/Names, e-mail addresses and notes are sealed in the file/).waitFor();
  await verdict.getByRole('heading', { name: 'What it does not prove' }).waitFor();
  await verdict.getByRole('link', { name: '/api/ledger/public-key' }).waitFor();
  const keys = page.getByTestId('key-ids');
  await keys.getByText('Key id in this file').waitFor();
  expect(await keys.getByText(keyId, { exact: true }).count()).toBe(2);
  await keys.getByText('The same key id as the one SAI Wallet publishes.').waitFor();
  await expectAccessible(page, `/verify with a verified receipt at ${px}`);
  await expectNoHorizontalScroll(page, `/verify with a verified receipt at ${px}`);
}

/**
 * One byte changed (in an event's data, in a proof hash, in the digest's signature) is refused by the
 * named check, and so is a file that is not a verifiable file at all.
 */
async function expectChangedReceiptsRefused(page: Page, viewport: Viewport, receipt: LedgerReceipt) {
  const px = `${viewport.width}px`;
  const data = copyOf(receipt);
  changeDataByte(data.events[0]!.data);
  await expectRefused(page, 'data.json', data, 'event content', /its content does not match its hash/);
  const proofHash = copyOf(receipt);
  const last = proofHash.events.at(-1)!;
  last.proof[0] = changeHexDigit(last.proof[0]!);
  await expectRefused(
    page,
    'proof.json',
    proofHash,
    'inclusion',
    new RegExp(`does not place it at position ${last.position}`),
  );
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

  // Not a verifiable file at all.
  await expectRefused(page, 'notes.json', 'not json {', 'format', /this file is not JSON/);
  await expectRefused(page, 'other.json', { hello: 1 }, 'format', /neither a SAI Wallet receipt nor/);
  await expectAccessible(page, `/verify with a refused file at ${px}`);
}

/**
 * A real transfer's receipt, downloaded by its sender from the receipt screen, checked by anyone signed
 * out: it passes, and each one-byte change is refused by the named check.
 */
async function checkReceiptAsVisitor(viewport: Viewport) {
  const px = `${viewport.width}px`;
  const sender = await fundedUser('Sender', '30');
  const receiver = await fundedUser('Receiver', '1');
  const transferId = await transfer(kit, sender.context, receiver.id, '12.50');
  const file = await downloadReceipt(sender.context, transferId);

  const { context, page, problems } = await kit.session(viewport);
  const errors = watchConsole(page);
  const published = await publishedKey(kit, context);
  // The receipt carries the current key; the key document served beside it adds the key history.
  const { keys: history, ...currentKey } = published;
  expect(file.receipt.publicKey).toEqual(currentKey);
  expect(history?.map((key) => key.keyId)).toEqual([published.keyId]);
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

  await expectReceiptVerified(page, viewport, file, {
    transferId,
    keyId: published.keyId,
    senderId: sender.id,
    receiverId: receiver.id,
  });
  await expectChangedReceiptsRefused(page, viewport, file.receipt);

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

/**
 * A browser without Ed25519 in WebCrypto (older ones): the page says so instead of blaming the file. The
 * only stand-in of these tests, since no current Chromium lacks Ed25519: WebCrypto's Ed25519 is made to
 * refuse as such a browser's does. The file is the committed test vector's receipt.
 */
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
  await page.goto(kit.url('/verify'));
  await pickFile(page, 'receipt.json', vectorText('receipt.json'));
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

/**
 * An insider lowers a user's balance in the tree follower's table: the follower records the mismatch at
 * the user's next transfer, and the admin screens say so. This server freezes the accounts involved (the
 * default): the alert names them, the victim's money no longer moves, everyone else's does;
 * verifiableScreens.e2e.test.ts runs one that freezes everything.
 */
async function mismatchNotFrozen() {
  const insiderVictim = await fundedUser('Victim', '5');
  const friend = await fundedUser('Friend', '1');
  const status = await insiderMismatch(kit, db().pool, await admin(), insiderVictim, friend.id);
  expect(status.frozen).toBe(false);
  const { context, page, problems } = await kit.session(DESKTOP);
  const errors = watchConsole(page);
  await kit.signIn(context, ADMIN.email, ADMIN.password);
  await page.goto(kit.url('/admin'));
  // The overdraft is named at the event that made it and again as the balance it left: two findings.
  const found = status.mismatches === 1 ? '1 mismatch' : `${status.mismatches} mismatches`;
  const alert = page.getByRole('alert').filter({ hasText: `The ledger check found ${found}` });
  await alert.getByText(status.lastMismatch!).waitFor();
  await alert.locator(`time[datetime="${status.lastMismatchAt}"]`).waitFor();
  expect(status.frozenAccounts).toContain(`user:${insiderVictim.id}`);
  await alert.getByText('Money movements of the accounts involved are frozen:', { exact: false }).waitFor();
  await expectAccessible(page, '/admin with the ledger alert, accounts frozen');
  // The victim's money stops; two bystanders' still moves.
  const refused = await friend.context.request.post(kit.url('/api/transactions'), {
    data: { type: 'transfer', receiver_id: insiderVictim.id, amount: '0.50' },
    headers: { Origin: new URL(kit.url('/')).origin },
  });
  expect(refused.status()).toBe(503);
  expect(((await refused.json()) as { type: string }).type).toBe('ledger-frozen');
  const bystander = await fundedUser('Bystander', '1');
  const other = await fundedUser('Other', '1');
  await transfer(kit, bystander.context, other.id, '0.50');
  expect(problems).toEqual([]);
  expectConsoleErrors(errors);
  await context.close();
}

describe('/verify in the browser, against the real API', () => {
  journeyTests(liabilityProofAsUser, [
    ['a signed-in user downloads their liability proof and sees the published totals', DESKTOP],
    ['the same at 360 px', PHONE],
  ]);
  journeyTests(checkReceiptAsVisitor, [
    ['/verify checks a real receipt and refuses one-byte changes', DESKTOP],
    ['/verify at 360 px', PHONE],
  ]);

  test('/verify in a browser without Ed25519 says so rather than refusing the file', async () => {
    await browserWithoutEd25519();
  }, 240_000);

  test('an insider’s change raises the admin alert and freezes the accounts involved', async () => {
    await mismatchNotFrozen();
  }, 240_000);
});
