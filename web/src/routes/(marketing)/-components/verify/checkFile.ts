import { type Verdict, verifyFile } from '../../../../../../domain/verifiable/verify.ts';
import type { CheckedFile } from './VerdictView.tsx';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unreadable(detail: string): Verdict {
  return {
    kind: 'unknown',
    ok: false,
    checks: [{ name: 'format', ok: false, detail }],
    failure: detail,
    proves: '',
  };
}

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

/**
 * Checks a file's text with the domain's checker (domain/verifiable/verify.ts: WebCrypto, no server call)
 * and reads the key id it was signed with, once its public key has passed its own check. Throws
 * BrowserCannotCheck when the browser lacks what the check needs, rather than blaming the file.
 */
export async function checkFileText(fileName: string, text: string): Promise<CheckedFile> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { fileName, verdict: unreadable('this file is not JSON'), keyId: null };
  }
  // WebCrypto exists only on secure pages (HTTPS or localhost).
  if (!globalThis.crypto?.subtle)
    throw new BrowserCannotCheck(
      'This page is not served over HTTPS, so the browser cannot check files on it.',
    );
  const verdict = await verifyFile(value);
  const importFailed = verdict.checks.some(
    (check) => check.name === 'public key' && !check.ok && /cannot be imported/.test(check.detail),
  );
  if (importFailed && !(await ed25519Supported())) throw new BrowserCannotCheck(NO_ED25519);
  const keyPassed = verdict.checks.some((check) => check.name === 'public key' && check.ok);
  const publicKey = isRecord(value) && isRecord(value.publicKey) ? value.publicKey : null;
  const keyId = keyPassed && typeof publicKey?.keyId === 'string' ? publicKey.keyId : null;
  return { fileName, verdict, keyId };
}
