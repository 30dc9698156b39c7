import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58, base58xrp, bech32, bech32m, createBase58check } from '@scure/base';
import { chainFamily, NETWORKS, type NetworkId } from './networks.ts';

/**
 * A receiving address checked against its network's format, checksum included, so that an admin's typo
 * never becomes the address users send money to. The encodings come from @scure/base and the hashes from
 * @noble/hashes (audited, dependency-free, by one author); only the per-network rules are written here:
 * - EVM (Ethereum, Arbitrum, Optimism, Base, BNB Chain, Avalanche C-Chain): `0x` + 40 hex digits. All
 *   lower- or all upper-case carries no checksum and is accepted; mixed case is an EIP-55 checksum and
 *   must match (keccak-256 of the lower-case hex).
 * - Bitcoin mainnet: base58check P2PKH (`1…`, version 0) or P2SH (`3…`, version 5), or segwit `bc1…`:
 *   witness version 0 in bech32 (BIP-173, a 20- or 32-byte program), versions 1-16 in bech32m (BIP-350,
 *   2-40 bytes; taproot is version 1). Testnet addresses are refused.
 * - Tron: base58check of 21 bytes starting 0x41 (`T…`).
 * - Solana: base58 of a 32-byte public key.
 * - XRP Ledger: a classic address (`r…`), base58 in the XRP alphabet of version 0 + a 20-byte account id
 *   + a 4-byte double-sha256 checksum. X-addresses (destination tag inside) are not accepted.
 * The address is kept as written (trimmed; bech32 in lower case): it is what users copy.
 */
export type AddressParse = { ok: true; address: string } | { ok: false; reason: string };

const base58check = createBase58check(sha256);
const EVM = /^0x[0-9a-fA-F]{40}$/;

export function parseAddress(network: NetworkId, raw: string): AddressParse {
  const text = raw.trim();
  const label = NETWORKS[network];
  const refuse = (why: string): AddressParse => ({
    ok: false,
    reason: `Not a valid ${label} address: ${why}`,
  });
  if (text === '') return { ok: false, reason: `Enter the ${label} address` };
  switch (chainFamily(network)) {
    case 'evm':
      if (!EVM.test(text)) return refuse('expected 0x followed by 40 hexadecimal digits');
      if (!evmChecksumOk(text)) return refuse('the mixed-case checksum (EIP-55) does not match');
      return { ok: true, address: text };
    case 'bitcoin':
      return bitcoin(text, refuse);
    case 'tron': {
      const bytes = tryDecode(() => base58check.decode(text));
      if (!text.startsWith('T') || bytes?.length !== 21 || bytes[0] !== 0x41)
        return refuse('expected a T… base58check address with a valid checksum');
      return { ok: true, address: text };
    }
    case 'solana': {
      const bytes = tryDecode(() => base58.decode(text));
      if (bytes?.length !== 32) return refuse('expected a base58 public key of 32 bytes');
      return { ok: true, address: text };
    }
    case 'xrpl':
      if (!text.startsWith('r') || !xrpChecksumOk(text))
        return refuse('expected a classic r… address with a valid checksum');
      return { ok: true, address: text };
  }
}

function tryDecode(decode: () => Uint8Array): Uint8Array | undefined {
  try {
    return decode();
  } catch {
    return undefined;
  }
}

/** EIP-55: a letter is upper-case where the matching nibble of keccak-256(lower-case hex) is 8 or more. */
function evmChecksumOk(address: string): boolean {
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = keccak_256(new TextEncoder().encode(hex.toLowerCase()));
  for (let i = 0; i < 40; i++) {
    const char = hex[i]!;
    if (!/[a-f]/i.test(char)) continue;
    const nibble = i % 2 === 0 ? hash[i >> 1]! >> 4 : hash[i >> 1]! & 0x0f;
    if (nibble >= 8 !== (char === char.toUpperCase())) return false;
  }
  return true;
}

function bitcoin(text: string, refuse: (why: string) => AddressParse): AddressParse {
  if (/^bc1/i.test(text)) {
    const lower = text.toLowerCase();
    if (text !== lower && text !== text.toUpperCase()) return refuse('bech32 mixes upper and lower case');
    const segwit = decodeSegwit(lower as `${string}1${string}`);
    if (!segwit) return refuse('the bech32 checksum or the witness program is wrong');
    return { ok: true, address: lower };
  }
  if (/^(tb1|[mn2])/i.test(text)) return refuse('this is a testnet address');
  const bytes = tryDecode(() => base58check.decode(text));
  if (bytes?.length !== 21 || (bytes[0] !== 0x00 && bytes[0] !== 0x05))
    return refuse('expected a 1…, 3… or bc1… address with a valid checksum');
  return { ok: true, address: text };
}

/** BIP-173/350: version 0 in bech32 with 20 or 32 bytes; versions 1-16 in bech32m with 2-40 bytes. */
function decodeSegwit(address: `${string}1${string}`): boolean {
  for (const [coder, variant] of [
    [bech32, 'bech32'],
    [bech32m, 'bech32m'],
  ] as const) {
    const decoded = tryDecodeWords(() => coder.decode(address));
    if (decoded?.prefix !== 'bc' || decoded.words.length === 0) continue;
    const [version, ...rest] = decoded.words as [number, ...number[]];
    const program = tryDecode(() => coder.fromWords(rest));
    if (!program || version > 16) return false;
    if (version === 0) return variant === 'bech32' && (program.length === 20 || program.length === 32);
    return variant === 'bech32m' && program.length >= 2 && program.length <= 40;
  }
  return false;
}

function tryDecodeWords(decode: () => { prefix: string; words: number[] }) {
  try {
    return decode();
  } catch {
    return undefined;
  }
}

/** XRP: the last 4 bytes are the first 4 of sha256(sha256(version + account id)). */
function xrpChecksumOk(address: string): boolean {
  const bytes = tryDecode(() => base58xrp.decode(address));
  if (bytes?.length !== 25 || bytes[0] !== 0x00) return false;
  const payload = bytes.subarray(0, 21);
  const check = sha256(sha256(payload));
  return bytes.subarray(21).every((byte, i) => byte === check[i]);
}
