import { CARD_TIERS } from '../../domain/cards/card.ts';
import { CRYPTO_ASSETS } from '../../domain/shared/money.ts';
import { amountLike, change24h, feeRate, field, invalidParam, price } from './inputs.ts';
import type { Spec } from './spec.ts';

/** The admin's price and fee settings (api/settings): rates and prices parsed exactly, as amounts are. */
export const SETTINGS_SPECS: Spec[] = [
  {
    route: 'PUT /api/admin/settings/prices/:currency',
    params: {
      currency: {
        valid: () => 'BTC',
        invalid: invalidParam((s) => (CRYPTO_ASSETS as readonly string[]).includes(s)),
      },
    },
    body: {
      base: () => ({ price: '70000', change24h: '1.5' }),
      required: ['price'],
      fields: {
        price: field(price, { extra: amountLike }),
        change24h: field(change24h, { extra: amountLike }),
      },
    },
  },
  {
    route: 'PUT /api/admin/settings/fees/:tier',
    params: {
      tier: {
        valid: () => 'gold',
        invalid: invalidParam((s) => (CARD_TIERS as readonly string[]).includes(s)),
      },
    },
    body: {
      base: () => ({ rate: '0.50' }),
      required: ['rate'],
      fields: { rate: field(feeRate, { extra: amountLike }) },
    },
  },
  {
    route: 'PUT /api/admin/settings/token-price',
    body: {
      base: () => ({ price: '2.50' }),
      required: ['price'],
      fields: { price: field(price, { extra: amountLike }) },
    },
  },
];
