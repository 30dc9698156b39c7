import { describe, expect } from 'vitest';
import { type Verdict, verifyDigest, verifyFile, verifyPublicKey } from '../../domain/verifiable/verify.ts';
import { TEST_VECTOR_KEY_PEM } from '../../scripts/verifiableVectors.ts';
import { DESKTOP, journeyTests, PHONE, setUpBrowserApp } from './browserKit.ts';
import { expectAccessible, expectNoHorizontalScroll } from './screenKit.ts';
import { type Vector, vectorIndex, vectorText } from './verifiableFiles.ts';
import {
  expectConsoleErrors,
  ledgerEnv,
  pickFiles,
  publishedKey,
  verdictHeading,
  watchConsole,
} from './verifiableKit.ts';

/**
 * The committed test vectors (docs/verifiable/vectors) through
 * /verify, so the browser passes the same vectors as the command line's checker (docs/verifiable/
 * vectors.unit.test.ts): each valid file is verified and each altered one is refused by the check its
 * index names, with the same checks and sentences the checker gives in Node. A receipt, a liability proof
 * or a public key is chosen on its own; a digest together with the public key it is checked with. The
 * page holds a receipt or a proof to the key the server publishes, so this server signs with the vectors'
 * fixed test key: the vectors are that server's files, and receipt-foreign-key.json (signed with another
 * key) is the one the page calls "Not from SAI Wallet".
 */

const { kit } = setUpBrowserApp('verifiable_vectors_e2e', {
  ...ledgerEnv(),
  LEDGER_SIGNING_KEY: TEST_VECTOR_KEY_PEM,
});
const TEST_KEY_ID = (JSON.parse(vectorText('public-key.json')) as { keyId: string }).keyId;

const PUBLIC_KEY_FILE = 'public-key.json';

/** The files a vector is chosen with on the page. */
function filesOf(vector: Vector) {
  const files = [{ name: vector.file, text: vectorText(vector.file) }];
  if (vector.kind === 'digest') files.push({ name: PUBLIC_KEY_FILE, text: vectorText(PUBLIC_KEY_FILE) });
  return files;
}

/**
 * The verdict of the checker the command line runs, in Node: a digest with the key file chosen with it, a
 * receipt or a proof against the key document the server publishes (`published`), as the page does.
 */
function nodeVerdict(vector: Vector, published: unknown): Promise<Verdict> {
  const content = JSON.parse(vectorText(vector.file)) as unknown;
  if (vector.kind === 'public-key') return verifyPublicKey(content);
  if (vector.kind === 'digest') return verifyDigest(content, JSON.parse(vectorText(PUBLIC_KEY_FILE)));
  return verifyFile(content, published);
}

async function everyVector(viewport: typeof DESKTOP) {
  const px = `${viewport.width}px`;
  const { context, page, problems } = await kit.session(viewport);
  const errors = watchConsole(page);
  await page.goto(kit.url('/verify'));
  const verdict = page.getByTestId('verdict');
  const published = await publishedKey(kit, context);
  expect(published.keyId, "the server publishes the vectors' key").toBe(TEST_KEY_ID);
  const vectors = vectorIndex();
  expect(vectors.map((vector) => vector.kind).sort()).toEqual(
    expect.arrayContaining(['public-key', 'digest', 'receipt', 'liability-proof']),
  );
  for (const vector of vectors) {
    const expected = await nodeVerdict(vector, published);
    const failed = expected.checks.find((check) => !check.ok);
    // The vectors' index and the checker agree (as the unit test of the same vectors asserts).
    expect(expected.ok, vector.file).toBe(vector.valid);
    if (!vector.valid) expect(failed?.name, vector.file).toBe(vector.failedCheck);

    const files = filesOf(vector);
    const shownName = files.map((file) => file.name).join(' with ');
    await pickFiles(page, files);
    const foreign = vector.failedCheck === 'signer';
    const heading = vector.valid
      ? 'Verified'
      : foreign
        ? 'Not from SAI Wallet'
        : `Not verified: ${vector.failedCheck}`;
    await verdictHeading(page, heading).waitFor();
    await page
      .getByRole('status')
      .filter({
        hasText: vector.valid
          ? `${shownName}: verified`
          : foreign
            ? `${shownName}: not from SAI Wallet`
            : `${shownName}: not verified`,
      })
      .waitFor({ state: 'attached' });
    await verdict.getByText(shownName, { exact: false }).first().waitFor();
    // The same checks, in the same order, with the same sentences as in Node.
    const items = verdict.getByRole('list', { name: 'Checks' }).getByRole('listitem');
    await expect.poll(() => items.count(), { message: vector.file }).toBe(expected.checks.length);
    const shown = await items.allTextContents();
    expected.checks.forEach((check, i) => {
      expect(shown[i], `${vector.file}, check ${i + 1}`).toBe(
        `${check.name}: ${check.ok ? 'passed' : 'failed'}${check.detail}`,
      );
    });
    if (expected.failure) await verdict.getByText(expected.failure, { exact: true }).first().waitFor();
    if (vector.valid) {
      // The file's key (a digest's: the key file chosen with it) against the one the server publishes.
      const key = JSON.parse(vectorText(vector.kind === 'digest' ? PUBLIC_KEY_FILE : vector.file)) as {
        keyId: string;
        publicKey?: { keyId: string };
      };
      const same = (key.publicKey ?? key).keyId === TEST_KEY_ID;
      await page
        .getByTestId('key-ids')
        .getByText(
          same
            ? 'The same key id as the one SAI Wallet publishes.'
            : 'A different key id from the one SAI Wallet publishes today.',
        )
        .waitFor();
    }
    if (
      vector.file === 'digest.json' ||
      vector.file === 'receipt-event-changed.json' ||
      vector.file === 'receipt-foreign-key.json'
    ) {
      await expectAccessible(page, `/verify with ${vector.file} at ${px}`);
      await expectNoHorizontalScroll(page, `/verify with ${vector.file} at ${px}`);
    }
  }
  expect(problems).toEqual([]);
  expectConsoleErrors(errors);
  await context.close();
}

describe('the test vectors on /verify', () => {
  journeyTests(everyVector, [
    ['each vector passes or fails on /verify as the command line’s checker says', DESKTOP],
    ['the same at 360 px', PHONE],
  ]);
});
