import type { CryptoAsset } from '../shared/money.ts';

/**
 * Networks per currency (docs/product-rules.md spec 9), one constants module for API and web. A network id is what the
 * API takes as `chain`/`network`; the label is what people see.
 */
export const NETWORKS = {
  bitcoin: 'Bitcoin',
  ethereum: 'Ethereum',
  arbitrum: 'Arbitrum',
  optimism: 'Optimism',
  base: 'Base',
  bsc: 'BNB Chain BEP-20',
  tron: 'Tron TRC-20',
  solana: 'Solana',
  xrpl: 'XRP Ledger',
  avalanche: 'Avalanche',
} as const;
export type NetworkId = keyof typeof NETWORKS;

/** A network's label as people see it ("Ethereum"); an id the table does not know (a stored string), as it is. */
export function networkLabel(network: string): string {
  return Object.hasOwn(NETWORKS, network) ? NETWORKS[network as NetworkId] : network;
}

export interface DepositNetwork {
  network: NetworkId;
  /** Smallest deposit we credit, as a decimal string; null = no minimum. */
  minimum: string | null;
}

export const DEPOSIT_NETWORKS: Record<CryptoAsset, readonly DepositNetwork[]> = {
  BTC: [{ network: 'bitcoin', minimum: '0.001' }],
  ETH: [
    { network: 'ethereum', minimum: null },
    { network: 'arbitrum', minimum: null },
    { network: 'optimism', minimum: null },
    { network: 'base', minimum: null },
  ],
  SOL: [{ network: 'solana', minimum: '1' }],
  XRP: [{ network: 'xrpl', minimum: '20' }],
  USDT: [
    { network: 'ethereum', minimum: '50' },
    { network: 'tron', minimum: '20' },
    { network: 'bsc', minimum: '20' },
    { network: 'solana', minimum: '20' },
  ],
  USDC: [
    { network: 'ethereum', minimum: '50' },
    { network: 'arbitrum', minimum: '20' },
    { network: 'base', minimum: '20' },
    { network: 'solana', minimum: '20' },
  ],
};

export const WITHDRAWAL_NETWORKS: Record<CryptoAsset, readonly NetworkId[]> = {
  BTC: ['bitcoin'],
  ETH: ['ethereum', 'arbitrum', 'optimism', 'base'],
  SOL: ['solana'],
  XRP: ['xrpl'],
  USDT: ['ethereum', 'tron', 'solana', 'bsc'],
  USDC: ['ethereum', 'solana', 'avalanche', 'base', 'arbitrum'],
};

/** Confirmations we wait for before a deposit counts: 6 for ETH, 12 for all others. */
export function confirmationsFor(asset: CryptoAsset): number {
  return asset === 'ETH' ? 6 : 12;
}

/** Display decimals (docs/product-rules.md spec 9): BTC 8, ETH and SOL 6, others 2. The ledger keeps 8 for all crypto. */
export const DISPLAY_DECIMALS: Record<CryptoAsset | 'SAI', number> = {
  SAI: 2,
  BTC: 8,
  ETH: 6,
  SOL: 6,
  USDT: 2,
  USDC: 2,
  XRP: 2,
};

/**
 * The format family a network's addresses and transaction hashes follow: every EVM chain shares one
 * (Ethereum, its rollups, BNB Chain, Avalanche C-Chain); the others are their own.
 */
export type ChainFamily = 'evm' | 'bitcoin' | 'tron' | 'xrpl' | 'solana';

export function chainFamily(network: NetworkId): ChainFamily {
  switch (network) {
    case 'bitcoin':
    case 'tron':
    case 'xrpl':
    case 'solana':
      return network;
    default:
      return 'evm';
  }
}

const ADDRESS_VARIABLE: Record<ChainFamily, 'ETH' | 'BTC' | 'SOL' | 'XRP' | 'TRX'> = {
  evm: 'ETH',
  bitcoin: 'BTC',
  solana: 'SOL',
  xrpl: 'XRP',
  tron: 'TRX',
};

/** Which configured deposit address serves a network (docs/product-rules.md rule 21). */
export function addressFamily(network: NetworkId): 'ETH' | 'BTC' | 'SOL' | 'XRP' | 'TRX' {
  return ADDRESS_VARIABLE[chainFamily(network)];
}
