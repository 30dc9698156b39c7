import { bytesOfHex } from './bytes.ts';

/**
 * The checker's bookkeeping (domain/verifiable/verify.ts): each check has a name and a plain sentence, and
 * the first that fails is the verdict's reason.
 */

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface Verdict {
  kind: 'public-key' | 'digest' | 'receipt' | 'liability-proof' | 'unknown';
  ok: boolean;
  checks: Check[];
  /** The first failed check's sentence, null when every check passed. */
  failure: string | null;
  /** What a passing verdict proves, in plain words. */
  proves: string;
}

/** A verdict's checks, in the order they ran; the first failed one is the verdict's reason. */
export class Checks {
  readonly list: Check[] = [];
  pass(name: string, detail: string) {
    this.list.push({ name, ok: true, detail });
  }
  fail(name: string, detail: string): false {
    this.list.push({ name, ok: false, detail });
    return false;
  }
  verdict(kind: Verdict['kind'], proves: string): Verdict {
    const failed = this.list.find((check) => !check.ok);
    return { kind, ok: !failed, checks: this.list, failure: failed?.detail ?? null, proves };
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function hash32(text: unknown): Uint8Array | null {
  const bytes = typeof text === 'string' ? bytesOfHex(text) : null;
  return bytes && bytes.length === 32 ? bytes : null;
}
