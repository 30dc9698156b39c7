import { assertNever, type Decider, eventGuard } from '../shared/decider.ts';
import { ValidationError } from '../shared/errors.ts';
import type { UserId } from '../shared/ids.ts';
import type { CryptoAsset } from '../shared/money.ts';

/**
 * Admin-editable market settings, one stream `settings-market`: the price (in USD) and 24-hour change of
 * each crypto currency, and the SAI token price in USDT. Every change is an event (docs/product-rules.md rule 12).
 */
export const MARKET_SETTINGS_STREAM = 'settings-market';

const PRICE = /^\d{1,12}(\.\d{1,8})?$/;
const CHANGE = /^-?\d{1,4}(\.\d{1,2})?$/;

export type MarketSettingsEvent =
  | {
      type: 'CryptoPriceSet';
      data: { currency: CryptoAsset; price: string; change24h: string; setBy: UserId; setAt: string };
    }
  | { type: 'TokenPriceSet'; data: { price: string; setBy: UserId; setAt: string } };

export type MarketSettingsCommand =
  | {
      type: 'SetCryptoPrice';
      data: { currency: CryptoAsset; price: string; change24h: string; adminId: UserId };
      now: Date;
    }
  | { type: 'SetTokenPrice'; data: { price: string; adminId: UserId }; now: Date };

function positive(price: string): string {
  if (!PRICE.test(price) || /^0+(\.0+)?$/.test(price)) {
    throw new ValidationError('Value must be a positive number', {
      code: 'price_not_positive',
    });
  }
  return price;
}

/** Every MarketSettingsEvent type: the one list the type guard below is built from. */
export const MARKET_SETTINGS_EVENT_TYPES = ['CryptoPriceSet', 'TokenPriceSet'] as const;
export const isMarketSettingsEvent = eventGuard<MarketSettingsEvent>()(MARKET_SETTINGS_EVENT_TYPES);

export const marketSettingsDecider: Decider<{ changes: number }, MarketSettingsCommand, MarketSettingsEvent> =
  {
    initialState: () => ({ changes: 0 }),
    isEvent: isMarketSettingsEvent,
    decide(command) {
      const setAt = command.now.toISOString();
      switch (command.type) {
        case 'SetCryptoPrice': {
          if (!CHANGE.test(command.data.change24h)) {
            throw new ValidationError('The 24h change must be a percentage like -2.35', {
              code: 'change_not_percentage',
            });
          }
          return [
            {
              type: 'CryptoPriceSet',
              data: {
                currency: command.data.currency,
                price: positive(command.data.price),
                change24h: command.data.change24h,
                setBy: command.data.adminId,
                setAt,
              },
            },
          ];
        }
        case 'SetTokenPrice':
          return [
            {
              type: 'TokenPriceSet',
              data: { price: positive(command.data.price), setBy: command.data.adminId, setAt },
            },
          ];
        default:
          return assertNever(command);
      }
    },
    evolve: (state, event) => (isMarketSettingsEvent(event) ? { changes: state.changes + 1 } : state),
  };
