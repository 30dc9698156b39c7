import { parseAddress } from '../../domain/crypto/addresses.ts';
import { NETWORKS } from '../../domain/crypto/networks.ts';
import { DEPOSIT_CURRENCIES } from '../../domain/settings/depositAddresses.ts';
import { field, invalidParam } from './inputs.ts';
import { oneOfParam, type ParamSpec, type Spec } from './spec.ts';

/** A (currency, network) of the deposit catalogue: the path of the deposit-address settings. */
const depositPair: Record<string, ParamSpec> = {
  currency: oneOfParam(DEPOSIT_CURRENCIES, 'BTC'),
  network: { valid: () => 'bitcoin', invalid: invalidParam((s) => Object.hasOwn(NETWORKS, s)) },
};

/** The admin's deposit-address settings (a valid address is one its network's format accepts). */
export const DEPOSIT_ADDRESS_SPECS: Spec[] = [
  {
    route: 'PUT /api/admin/settings/deposit-addresses/:currency/:network',
    params: depositPair,
    body: {
      base: () => ({ address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy' }),
      required: ['address'],
      fields: { address: field((v) => typeof v === 'string' && parseAddress('bitcoin', v).ok) },
    },
  },
  { route: 'DELETE /api/admin/settings/deposit-addresses/:currency/:network', params: depositPair },
];
