/**
 * Byte helpers for the verifiable ledger's formats (docs/architecture/verifiable-ledger.md): hex and base64
 * text, fixed-width big-endian integers, concatenation. Pure, for Node and the browser alike.
 */

export function hexOf(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += byte.toString(16).padStart(2, '0');
  return text;
}

/** Lower- or upper-case hex of an even length; null for anything else. */
export function bytesOfHex(text: string): Uint8Array | null {
  if (text.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(text)) return null;
  const bytes = new Uint8Array(text.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** An unsigned integer as `width` big-endian bytes; throws when it is negative or does not fit. */
export function uintBytes(value: bigint, width: number): Uint8Array {
  if (value < 0n || value >= 1n << BigInt(width * 8))
    throw new RangeError(`${value} does not fit in ${width} bytes`);
  const out = new Uint8Array(width);
  let rest = value;
  for (let i = width - 1; i >= 0; i--) {
    out[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return out;
}

/** A length-prefixed (one byte) ASCII/UTF-8 field, for the signed messages' variable-length parts. */
export function shortField(text: string): Uint8Array {
  const bytes = utf8(text);
  if (bytes.length > 255) throw new RangeError('field longer than 255 bytes');
  return concatBytes(new Uint8Array([bytes.length]), bytes);
}

export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Standard base64 (padding optional); null for anything else. */
export function bytesOfBase64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  try {
    const binary = atob(text);
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** A non-negative decimal integer string (no sign, no leading zeros) as a bigint; null otherwise. */
export function parseCount(text: unknown): bigint | null {
  if (typeof text !== 'string' || !/^(0|[1-9]\d{0,30})$/.test(text)) return null;
  return BigInt(text);
}
