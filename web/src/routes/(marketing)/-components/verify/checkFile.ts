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

/**
 * Checks a file's text with the domain's checker (domain/verifiable/verify.ts: WebCrypto, no server call)
 * and reads the key id it was signed with, once its public key has passed its own check.
 */
export async function checkFileText(fileName: string, text: string): Promise<CheckedFile> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { fileName, verdict: unreadable('this file is not JSON'), keyId: null };
  }
  const verdict = await verifyFile(value);
  const keyPassed = verdict.checks.some((check) => check.name === 'public key' && check.ok);
  const publicKey = isRecord(value) && isRecord(value.publicKey) ? value.publicKey : null;
  const keyId = keyPassed && typeof publicKey?.keyId === 'string' ? publicKey.keyId : null;
  return { fileName, verdict, keyId };
}
