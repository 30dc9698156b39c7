import { ASSETS, type Asset, formatUnits, parseAmount } from '../shared/money.ts';

/**
 * Four-eyes thresholds (docs/security.md, "Admin re-authentication and four-eyes"): an admin money
 * action whose amount is **above** its asset's threshold is not applied on one admin's word; it waits
 * for a second admin's approval. Each default is about USD 10,000 at the product's default prices
 * (SAI: 2.5 USDT each, so 10,000 SAI is 25,000 USDT: a mint is the campaign's everyday tool, and a
 * distribution's size is capped by the campaign target anyway), and an operator sets their own with
 * `FOUR_EYES_THRESHOLDS`. Amounts are decimal strings in the asset's unit, as an admin types them.
 */
export const FOUR_EYES_THRESHOLDS: Readonly<Record<Asset, string>> = {
  SAI: '10000',
  USDT: '10000',
  USDC: '10000',
  BTC: '0.1',
  ETH: '3',
  SOL: '50',
  XRP: '5000',
};

/** The thresholds in minor units, per asset. */
export type Thresholds = Readonly<Record<Asset, bigint>>;

/**
 * The defaults with an override's entries: `SAI=5000,BTC=0.05` (the asset, `=`, a positive decimal in
 * its unit). An unknown asset, a malformed entry or an amount the asset cannot hold is an error naming
 * it, so a typo never leaves a threshold at its default silently.
 */
export function parseThresholds(override: string): Thresholds {
  const text: Record<Asset, string> = { ...FOUR_EYES_THRESHOLDS };
  for (const entry of override.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const [asset, amount, ...rest] = entry.split('=').map((part) => part.trim());
    if (!asset || amount === undefined || rest.length > 0 || !(ASSETS as readonly string[]).includes(asset)) {
      throw new Error(
        `FOUR_EYES_THRESHOLDS: "${entry}" is not ASSET=amount with one of ${ASSETS.join(', ')}`,
      );
    }
    text[asset as Asset] = amount;
  }
  const units = {} as Record<Asset, bigint>;
  for (const asset of ASSETS) {
    const parsed = parseAmount(text[asset], asset);
    if (!parsed.ok) throw new Error(`FOUR_EYES_THRESHOLDS: ${asset}=${text[asset]}: ${parsed.reason}`);
    units[asset] = parsed.units;
  }
  return units;
}

/** Whether an amount of `asset` (minor units) needs a second admin: strictly above the threshold. */
export function needsSecondAdmin(thresholds: Thresholds, asset: Asset, units: bigint): boolean {
  return units > thresholds[asset];
}

/** The threshold as a decimal string (for the answer and the screens). */
export function thresholdText(thresholds: Thresholds, asset: Asset): string {
  return formatUnits(thresholds[asset], asset);
}
