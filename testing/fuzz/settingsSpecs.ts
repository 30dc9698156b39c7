import { CARD_TIERS } from '../../domain/cards/card.ts';
import { CRYPTO_ASSETS } from '../../domain/shared/money.ts';
import { amountLike, change24h, feeRate, field, price } from './inputs.ts';
import { oneOfParam, type Spec } from './spec.ts';

/** The admin's price and fee settings (api/settings): rates and prices parsed exactly, as amounts are. */
export const SETTINGS_SPECS: Spec[] = [
  {
    route: 'PUT /api/admin/settings/prices/:currency',
    params: {
      currency: oneOfParam(CRYPTO_ASSETS, 'BTC'),
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
      tier: oneOfParam(CARD_TIERS, 'gold'),
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
