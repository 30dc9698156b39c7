/**
 * Files for the verifiable ledger's browser tests: the committed test vectors (docs/verifiable/vectors,
 * made with a fixed test key by scripts/verifiableVectors.ts) and the one-byte changes a real file must
 * fail on.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './harness.ts';

export const VECTORS_DIR = path.join(repoRoot, 'docs', 'verifiable', 'vectors');

export interface Vector {
  file: string;
  kind: 'public-key' | 'digest' | 'receipt' | 'liability-proof';
  valid: boolean;
  failedCheck?: string;
  description: string;
}

export const vectorIndex = (): Vector[] =>
  JSON.parse(readFileSync(path.join(VECTORS_DIR, 'index.json'), 'utf8')) as Vector[];

/** A vector file's text, exactly as committed. */
export const vectorText = (file: string) => readFileSync(path.join(VECTORS_DIR, file), 'utf8');

/** The hex text with its first digit changed to another: one byte of the file. */
export function changeHexDigit(hex: string): string {
  return `${hex[0] === 'a' ? 'b' : 'a'}${hex.slice(1)}`;
}

/** The base64 signature with one of its 64 bytes changed. */
export function changeSignatureByte(signature: string): string {
  const bytes = Buffer.from(signature, 'base64');
  bytes[10] = bytes[10]! ^ 0x01;
  return bytes.toString('base64');
}

/** A decimal with its last digit changed (25.00 to 25.01): one byte. */
export function changeLastDigit(decimal: string): string {
  const last = Number(decimal.at(-1));
  return `${decimal.slice(0, -1)}${(last + 1) % 10}`;
}

/**
 * An event's data with one character of its first text value changed (an amount's digit, a sealed field's
 * ciphertext): one byte of what the event's hash covers. Returns the path of the value changed.
 */
export function changeDataByte(data: unknown): string {
  const visit = (value: unknown, at: string): string | null => {
    if (value === null || typeof value !== 'object') return null;
    for (const [key, inner] of Object.entries(value)) {
      if (typeof inner === 'string' && inner.length > 0) {
        const last = inner.at(-1)!;
        const changed = /\d/.test(last) ? String((Number(last) + 1) % 10) : last === 'a' ? 'b' : 'a';
        (value as Record<string, unknown>)[key] = `${inner.slice(0, -1)}${changed}`;
        return `${at}.${key}`;
      }
      const found = visit(inner, `${at}.${key}`);
      if (found) return found;
    }
    return null;
  };
  const changed = visit(data, 'data');
  if (!changed) throw new Error('the event data holds no text to change');
  return changed;
}

/** A deep copy to change. */
export function copyOf<T>(value: T): T {
  return structuredClone(value);
}
