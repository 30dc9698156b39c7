import { base58 } from '@scure/base';
import { chainFamily, NETWORKS, type NetworkId } from './networks.ts';

/**
 * A transaction hash in the one form its network writes it, so that two spellings of one on-chain
 * transaction are one key (a deposit can be declared and credited once per network and hash):
 * - EVM chains (Ethereum, Arbitrum, Optimism, Base, BNB Chain, Avalanche C-Chain): `0x` + 64 hex digits,
 *   lower-case. Typed without `0x` or in upper case, it is rewritten.
 * - Bitcoin: 64 hex digits, lower-case (how block explorers and bitcoind print a txid); no `0x`.
 * - Tron: 64 hex digits, lower-case, without `0x` (as Tronscan shows it); a leading `0x` is dropped.
 * - XRP Ledger: 64 hex digits, upper-case (as rippled returns it).
 * - Solana: a base58 signature of 64 bytes; base58 is case-sensitive, so it is kept exactly as written.
 */
export type TxHashParse = { ok: true; hash: string } | { ok: false; reason: string };

const HEX64 = /^[0-9a-fA-F]{64}$/;
const PREFIXED_HEX64 = /^0[xX][0-9a-fA-F]{64}$/;

export function parseTxHash(network: NetworkId, raw: string): TxHashParse {
  const text = raw.trim();
  const label = NETWORKS[network];
  switch (chainFamily(network)) {
    case 'evm':
      if (HEX64.test(text)) return { ok: true, hash: `0x${text.toLowerCase()}` };
      if (PREFIXED_HEX64.test(text)) return { ok: true, hash: `0x${text.slice(2).toLowerCase()}` };
      return {
        ok: false,
        reason: `${label} transaction hashes are 0x followed by 64 hexadecimal characters`,
      };
    case 'tron':
      if (HEX64.test(text)) return { ok: true, hash: text.toLowerCase() };
      if (PREFIXED_HEX64.test(text)) return { ok: true, hash: text.slice(2).toLowerCase() };
      return { ok: false, reason: `${label} transaction hashes are 64 hexadecimal characters` };
    case 'bitcoin':
      if (HEX64.test(text)) return { ok: true, hash: text.toLowerCase() };
      return { ok: false, reason: `${label} transaction ids are 64 hexadecimal characters` };
    case 'xrpl':
      if (HEX64.test(text)) return { ok: true, hash: text.toUpperCase() };
      return { ok: false, reason: `${label} transaction hashes are 64 hexadecimal characters` };
    case 'solana': {
      // A signature is 64 bytes; its base58 text is 64 to 88 characters. Decoding is the real check.
      if (text.length >= 64 && text.length <= 88 && decodeBase58(text)?.length === 64)
        return { ok: true, hash: text };
      return { ok: false, reason: `${label} transaction signatures are base58 texts of 64 bytes` };
    }
  }
}

/** The canonical form of a hash already stored (possibly before this rule), or null if it is not valid. */
export function canonicalTxHash(network: string, raw: string | null | undefined): string | null {
  if (!raw || !(network in NETWORKS)) return null;
  const parsed = parseTxHash(network as NetworkId, raw);
  return parsed.ok ? parsed.hash : null;
}

/** The bytes of a base58 text, or null when it is not one. */
function decodeBase58(text: string): Uint8Array | null {
  try {
    return base58.decode(text);
  } catch {
    return null;
  }
}
