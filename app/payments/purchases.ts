import { accountDecider, accountStream, stakedOf } from '../../domain/accounts/account.ts';
import type { PaymentMethod } from '../../domain/payments/payment.ts';
import { type PurchaseQuote, quotePurchase } from '../../domain/payments/purchaseQuote.ts';
import { DEFAULT_PRICES, DEFAULT_TOKEN_PRICE_USDT } from '../../domain/settings/defaults.ts';
import {
  FEE_SETTINGS_STREAM,
  type FeeSettingsCommand,
  type FeeSettingsState,
  feeSettingsDecider,
} from '../../domain/settings/feeSettings.ts';
import type { UserId } from '../../domain/shared/ids.ts';
import { CRYPTO_ASSETS } from '../../domain/shared/money.ts';
import type { EventMetadata } from '../../infra/eventStore/eventStore.ts';
import type { PipelineContext } from '../commands/context.ts';
import { handleCommand, loadState } from '../commands/handleCommand.ts';

/**
 * The market prices a quote is computed with: SAI in USDT and each crypto currency in USD. The HTTP edge
 * reads them from the settings read model; the simulation, which has none, uses the defaults.
 */
export interface MarketPrices {
  token: string;
  currencies: Readonly<Record<string, string>>;
}

export const DEFAULT_MARKET_PRICES: MarketPrices = {
  token: DEFAULT_TOKEN_PRICE_USDT,
  currencies: Object.fromEntries(CRYPTO_ASSETS.map((asset) => [asset, DEFAULT_PRICES[asset].price])),
};

/** The conversion fee rates now, from their own stream (the write side: never behind an admin's change). */
export async function feeRates(ctx: PipelineContext): Promise<FeeSettingsState> {
  return (await loadState(ctx, FEE_SETTINGS_STREAM, feeSettingsDecider)).state;
}

export async function changeFeeSettings(
  ctx: PipelineContext,
  command: FeeSettingsCommand,
  metadata: EventMetadata,
) {
  return await handleCommand(ctx, FEE_SETTINGS_STREAM, feeSettingsDecider, command, metadata);
}

/**
 * What buying `units` SAI in `currency` costs this user now (docs/product-rules.md rule 25): the tier their
 * card stake backs (rule 30), and the current rate of that tier. The quote endpoint answers with it and the
 * submission records it, so both give the same numbers for the same state.
 */
export async function quoteForUser(
  ctx: PipelineContext,
  input: { userId: UserId; units: bigint; currency: PaymentMethod; prices: MarketPrices },
): Promise<PurchaseQuote> {
  const [account, rates] = await Promise.all([
    loadState(ctx, accountStream(input.userId), accountDecider),
    feeRates(ctx),
  ]);
  return quotePurchase({
    units: input.units,
    currency: input.currency,
    stakedUnits: stakedOf(account.state),
    rates,
    prices: input.prices,
  });
}
