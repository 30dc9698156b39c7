import { randomBytes } from 'node:crypto';
import { base58 } from '@scure/base';

/** A fresh EVM transaction hash in its canonical form (0x + 64 lower-case hex): one deposit each. */
export function newEvmTxHash(): string {
  return `0x${randomBytes(32).toString('hex')}`;
}

/** A fresh 64-hex transaction id without a prefix, as Bitcoin and Tron write theirs (XRP: upper-case it). */
export function newHexTxId(): string {
  return randomBytes(32).toString('hex');
}

/** A fresh Solana transaction signature: 64 random bytes in base58. */
export function newSolanaSignature(): string {
  return base58.encode(randomBytes(64));
}
