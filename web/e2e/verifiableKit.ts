/**
 * What the verifiable ledger's browser tests share: a server that publishes digests only when a receipt
 * asks for one, money moved over the real API, the real documents it serves, files to pick, console errors.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, expect } from 'vitest';
import type {
  LedgerDigest,
  LedgerPublicKey,
  LedgerReceipt,
  LiabilitiesStatement,
} from '../../domain/verifiable/formats.ts';
import type { LedgerStatus } from '../src/queries/ledgerProofs.queries.ts';
import { type browserKit, newAccount } from './browserKit.ts';

type Kit = ReturnType<typeof browserKit>;

/**
 * The server's ledger settings for these tests: no scheduled digest (a receipt request publishes one) and
 * no scheduled liabilities statement (an admin asks for one: makeStatement), so what exists is what the
 * test made; digests written to a
 * temporary folder, not the working tree, removed after the file's tests. The signing key is the test
 * run's (testing/privacyKeys.ts).
 */
export function ledgerEnv(): Record<string, string> {
  const digestDir = mkdtempSync(path.join(tmpdir(), 'sai-e2e-digests-'));
  afterAll(() => rmSync(digestDir, { recursive: true, force: true }));
  return { DIGEST_INTERVAL: '0', LIABILITIES_INTERVAL: '0', DIGEST_DIR: digestDir };
}

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

export async function pickFile(page: Page, name: string, content: unknown) {
  const text = typeof content === 'string' ? content : JSON.stringify(content, null, 2);
  await page
    .getByLabel('Choose a file')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

/** Chooses several files at once with the button (a digest with its public key). */
export async function pickFiles(page: Page, files: { name: string; text: string }[]) {
  await page
    .getByLabel('Choose a file')
    .setInputFiles(
      files.map(({ name, text }) => ({ name, mimeType: 'application/json', buffer: Buffer.from(text) })),
    );
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

export async function signUp(kit: Kit, context: BrowserContext, firstName: string) {
  const account = newAccount(firstName);
  await kit.register(context, account);
  const me = (await (await context.request.get(kit.url('/api/auth/user'))).json()) as { id: string };
  return { ...account, id: me.id };
}

/** A GET of the real API in a session (its cookies), expecting success. */
export async function getJson<T>(kit: Kit, context: BrowserContext, apiPath: string): Promise<T> {
  const response = await context.request.get(kit.url(apiPath));
  expect(response.status(), `${apiPath}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** An admin's deposit of SAI to a user; its transaction id. */
export async function deposit(kit: Kit, admin: BrowserContext, userId: string, amount: string) {
  const response = await kit.post(admin, '/api/transactions', {
    type: 'admin_deposit',
    receiver_id: userId,
    amount,
    description: 'Welcome bonus',
  });
  return ((await response.json()) as { id: string }).id;
}

/** A user's SAI transfer to another; its transaction id. */
export async function transfer(kit: Kit, sender: BrowserContext, receiverId: string, amount: string) {
  const response = await kit.post(sender, '/api/transactions', {
    type: 'transfer',
    receiver_id: receiverId,
    amount,
    description: 'Lunch',
  });
  return ((await response.json()) as { id: string }).id;
}

/** The transaction's receipt from the API: asking for it publishes a digest that covers it. */
export function receiptOf(kit: Kit, context: BrowserContext, transactionId: string) {
  return getJson<LedgerReceipt>(kit, context, `/api/transactions/${transactionId}/receipt`);
}

/** A liabilities statement made now, as an admin asks for one (statements are otherwise on a schedule). */
export async function makeStatement(kit: Kit, admin: BrowserContext): Promise<LiabilitiesStatement> {
  const response = await kit.post(admin, '/api/admin/ledger/liabilities', {});
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { statement: LiabilitiesStatement }).statement;
}

/** Waits until GET /api/ledger/liabilities shows a statement of at least `treeSize` events. */
export async function untilStatement(kit: Kit, context: BrowserContext, treeSize: bigint) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { statement } = await getJson<{ statement: LiabilitiesStatement | null }>(
      kit,
      context,
      '/api/ledger/liabilities',
    );
    if (statement && BigInt(statement.treeSize) >= treeSize) return statement;
    if (Date.now() > deadline) throw new Error(`no liabilities statement of ${treeSize} events in time`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function publishedKey(kit: Kit, context: BrowserContext) {
  return getJson<LedgerPublicKey>(kit, context, '/api/ledger/public-key');
}

export function ledgerStatus(kit: Kit, admin: BrowserContext) {
  return getJson<LedgerStatus>(kit, admin, '/api/admin/ledger/status');
}

export function digestPage(kit: Kit, admin: BrowserContext, query = 'limit=20') {
  return getJson<{ items: LedgerDigest[]; nextCursor: string | null }>(
    kit,
    admin,
    `/api/admin/ledger/digests?${query}`,
  );
}

/**
 * A mismatch made the way an insider with database access would: the tree follower's balance of a user is
 * lowered by what they hold (to hide it from the published liabilities), and the user's next transfer,
 * which the follower adds to that balance, takes it below zero, which continuous verification records
 * (projections/ledgerTree/verification.ts). The follower reads that table again at each batch, whereas
 * an event changed in es_events after the follower took it is caught by `ledger:verify` and by receipts,
 * not by the follower. The balance is put back afterwards, so later statements add up again. Returns the
 * mismatch's sentence, as the status route names it.
 */
export async function insiderMismatch(
  kit: Kit,
  pool: pg.Pool,
  admin: BrowserContext,
  holder: { context: BrowserContext; id: string },
  receiverId: string,
) {
  const before = await ledgerStatus(kit, admin);
  const account = `user:${holder.id}`;
  const { rows } = await pool.query<{ units: string }>(
    `UPDATE ledger_tree_balances b SET units = 0
       FROM (SELECT account, asset, units FROM ledger_tree_balances
              WHERE account = $1 AND asset = 'SAI' FOR UPDATE) old
      WHERE b.account = old.account AND b.asset = old.asset
      RETURNING old.units::text AS units`,
    [account],
  );
  const held = rows[0]!.units;
  try {
    await transfer(kit, holder.context, receiverId, '1.00');
    const deadline = Date.now() + 20_000;
    for (;;) {
      const status = await ledgerStatus(kit, admin);
      if (status.mismatches > before.mismatches) {
        expect(status.lastMismatch).toMatch(
          new RegExp(
            `^balance of ${account} in SAI is -100 minor units after public position \\d+ \\(a liability account below zero\\)$`,
          ),
        );
        return status;
      }
      if (Date.now() > deadline) throw new Error('the follower recorded no mismatch in time');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await pool.query(
      `UPDATE ledger_tree_balances SET units = units + $2::numeric WHERE account = $1 AND asset = 'SAI'`,
      [account, held],
    );
  }
}
