import { describeReceipt } from '@domain/verifiable/describeReceipt.ts';
import { DIGEST_FORMAT, PUBLIC_KEY_FORMAT } from '@domain/verifiable/formats.ts';
import {
  readVerifiableText,
  type Verdict,
  verifyDigest,
  verifyFile,
  verifyPublicKey,
} from '@domain/verifiable/verify.ts';
import type { PickedFile } from './FileDrop.tsx';
import type { CheckedFile } from './VerdictView.tsx';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unreadable(detail: string, name = 'format', kind: Verdict['kind'] = 'unknown'): Verdict {
  return { kind, ok: false, checks: [{ name, ok: false, detail }], failure: detail, proves: '' };
}

const kindOf = (value: unknown): Verdict['kind'] =>
  formatOf(value) === 'sai-ledger-receipt'
    ? 'receipt'
    : formatOf(value) === 'sai-liability-proof'
      ? 'liability-proof'
      : 'unknown';

/** Thrown when the browser itself cannot check a file: the file is not to blame. */
export class BrowserCannotCheck extends Error {
  override readonly name = 'BrowserCannotCheck';
}

const NO_ED25519 =
  'This browser cannot check Ed25519 signatures, so it cannot check this file. Open this page in a current version of Chrome, Edge, Firefox or Safari.';

/** Whether WebCrypto here knows Ed25519 (older browsers do not): asked only once a key failed to import. */
async function ed25519Supported(): Promise<boolean> {
  try {
    await globalThis.crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify']);
    return true;
  } catch {
    return false;
  }
}

const formatOf = (value: unknown) => (isRecord(value) ? value.format : undefined);

/**
 * Checks picked files with the domain's checker (domain/verifiable/verify.ts: WebCrypto) and reads the key
 * id they were checked with, once that public key has passed its own check. One file: a receipt or a
 * liability proof, checked against the key document SAI Wallet publishes (`publishedKey`, the page's one
 * server call: the file's own key is never trusted, so a file signed with anyone else's key is "Not from
 * SAI Wallet"); a public key on its own; a ledger digest (which carries no key) against the published key.
 * Two files: a digest and the public key to check it with. Each file is at most MAX_FILE_BYTES and JSON.
 * Throws BrowserCannotCheck when the browser lacks what the check needs, rather than blaming the file.
 */
export async function checkFiles(
  files: readonly PickedFile[],
  publishedKey: () => Promise<unknown>,
): Promise<CheckedFile> {
  const fileName = files.map((file) => file.name).join(' with ');
  const values: unknown[] = [];
  for (const file of files) {
    const read = readVerifiableText(file.text);
    if ('refused' in read) {
      const verdict =
        files.length === 1
          ? read.refused
          : unreadable(`${file.name}: ${read.refused.failure}`, read.refused.checks[0]!.name);
      return { fileName, verdict, keyId: null };
    }
    values.push(read.value);
  }
  // WebCrypto exists only on secure pages (HTTPS or localhost).
  if (!globalThis.crypto?.subtle)
    throw new BrowserCannotCheck(
      'This page is not served over HTTPS, so the browser cannot check files on it.',
    );
  let verdict: Verdict;
  let publicKey: unknown;
  const digest = values.find((value) => formatOf(value) === DIGEST_FORMAT);
  const key = values.find((value) => formatOf(value) === PUBLIC_KEY_FORMAT);
  if (values.length === 2 && digest !== undefined && key !== undefined) {
    publicKey = key;
    verdict = await verifyDigest(digest, key);
  } else if (values.length > 1) {
    return {
      fileName,
      verdict: unreadable('choose one file at a time, or a ledger digest together with its public key'),
      keyId: null,
    };
  } else if (digest !== undefined) {
    publicKey = await publishedKey().catch(() => null);
    if (publicKey === null)
      return {
        fileName,
        verdict: unreadable(
          'the key SAI Wallet publishes could not be loaded: choose the digest together with a public key file',
        ),
        keyId: null,
      };
    verdict = await verifyDigest(digest, publicKey);
  } else if (key !== undefined) {
    publicKey = key;
    verdict = await verifyPublicKey(key);
  } else {
    const value = values[0];
    publicKey = isRecord(value) ? value.publicKey : null;
    // A file of no known format needs no key to be refused.
    const trusted = kindOf(value) === 'unknown' ? undefined : await publishedKey().catch(() => null);
    if (trusted === null)
      return {
        fileName,
        verdict: unreadable(
          'the key SAI Wallet publishes could not be loaded, so the file cannot be checked against it: try again',
          'trusted key',
          kindOf(value),
        ),
        keyId: null,
      };
    verdict = await verifyFile(value, trusted);
  }
  const importFailed = verdict.checks.some(
    (check) => check.name === 'public key' && !check.ok && /cannot be imported/.test(check.detail),
  );
  if (importFailed && !(await ed25519Supported())) throw new BrowserCannotCheck(NO_ED25519);
  const keyPassed = verdict.checks.some((check) => check.name === 'public key' && check.ok);
  const keyId =
    keyPassed && isRecord(publicKey) && typeof publicKey.keyId === 'string' ? publicKey.keyId : null;
  // What a receipt shows in the open, once every check passed: only then are these the ledger's facts.
  const facts = verdict.ok && verdict.kind === 'receipt' ? describeReceipt(values[0]) : null;
  return { fileName, verdict, keyId, facts };
}
