import type { CryptoAsset } from '../shared/money.ts';

/** Product constants that are configuration, in one place (docs/product-rules.md rules 9-12). */
export const DEFAULT_TOKEN_PRICE_USDT = '2.50';

/**
 * Prices shown until an admin sets them (docs/product-rules.md rule 12: with no network, the price source is the
 * admin-editable settings). The API reports these with `updatedAt: null` so nobody mistakes them for
 * market data.
 */
export const DEFAULT_PRICES: Record<CryptoAsset, { price: string; change24h: string }> = {
  BTC: { price: '65000.00', change24h: '0.00' },
  ETH: { price: '3500.00', change24h: '0.00' },
  USDT: { price: '1.00', change24h: '0.00' },
  USDC: { price: '1.00', change24h: '0.00' },
  SOL: { price: '150.00', change24h: '0.00' },
  XRP: { price: '0.50', change24h: '0.00' },
};

/**
 * The car giveaway (docs/product-rules.md rule 10): one consistent set of dates, in one place, read by every page.
 * Progress is the SAI in circulation against the target, computed from the ledger.
 */
export const CAMPAIGN = {
  target: '25000.00',
  startsAt: '2026-06-01T00:00:00.000Z',
  endsAt: '2027-05-15T23:59:59.000Z',
  drawAt: '2027-05-31T12:00:00.000Z',
  prizeValueUsd: 58_500,
  replyWithinDays: 7,
  minimumAge: 18,
} as const;
