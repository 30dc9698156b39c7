import { parseAddress } from '../crypto/addresses.ts';
import { addressFamily, DEPOSIT_NETWORKS, NETWORKS, type NetworkId } from '../crypto/networks.ts';
import type { PaymentMethod } from '../payments/payment.ts';
import { assertNever, type Decider, eventGuard, unknownEvent } from '../shared/decider.ts';
import { DomainError, ValidationError } from '../shared/errors.ts';
import type { UserId } from '../shared/ids.ts';
import { CRYPTO_ASSETS, type CryptoAsset } from '../shared/money.ts';

/**
 * Our deposit addresses, one stream `settings-deposit-addresses` (docs/product-rules.md rule 21): an
 * address per (currency, network) that users send to, set or cleared by an admin (an audited event each),
 * or seeded once from the `DEPOSIT_ADDRESS_*` variables for a pair that no event has touched yet. A pair
 * without an address takes no deposit and no payment proof.
 */
export const DEPOSIT_ADDRESSES_STREAM = 'settings-deposit-addresses';

/** The crypto currencies, plus BNB, which a payment proof may name (paid on BNB Chain). */
export type DepositCurrency = CryptoAsset | 'BNB';
export const DEPOSIT_CURRENCIES: readonly DepositCurrency[] = [...CRYPTO_ASSETS, 'BNB'];

/** Where each payment method of a token purchase is paid: ETH and the stablecoins on Ethereum mainnet. */
export const PAYMENT_TARGETS: Record<PaymentMethod, { currency: DepositCurrency; network: NetworkId }> = {
  ETH: { currency: 'ETH', network: 'ethereum' },
  USDT: { currency: 'USDT', network: 'ethereum' },
  USDC: { currency: 'USDC', network: 'ethereum' },
  BTC: { currency: 'BTC', network: 'bitcoin' },
  BNB: { currency: 'BNB', network: 'bsc' },
};

export interface DepositTarget {
  currency: DepositCurrency;
  network: NetworkId;
  /** Smallest deposit we credit, as a decimal string; null = none. */
  minimum: string | null;
}

/** Every (currency, network) that can have an address: the deposit networks, then the payment-only ones. */
export const DEPOSIT_TARGETS: readonly DepositTarget[] = [
  ...CRYPTO_ASSETS.flatMap((currency) =>
    DEPOSIT_NETWORKS[currency].map(({ network, minimum }) => ({ currency, network, minimum })),
  ),
  { currency: 'BNB', network: 'bsc', minimum: null },
];

export function depositTarget(currency: string, network: string): DepositTarget | undefined {
  return DEPOSIT_TARGETS.find((target) => target.currency === currency && target.network === network);
}

export const pairKey = (currency: string, network: string) => `${currency}:${network}`;

/** The variable that seeds a network's addresses: one per network family (ETH serves the EVM networks). */
export function seedVariable(network: NetworkId): `DEPOSIT_ADDRESS_${ReturnType<typeof addressFamily>}` {
  return `DEPOSIT_ADDRESS_${addressFamily(network)}`;
}

export type DepositAddressEvent =
  | {
      type: 'DepositAddressSet';
      data: { currency: DepositCurrency; network: NetworkId; address: string; setBy: UserId; setAt: string };
    }
  | {
      type: 'DepositAddressCleared';
      data: { currency: DepositCurrency; network: NetworkId; clearedBy: UserId; clearedAt: string };
    }
  | {
      type: 'DepositAddressSeeded';
      data: {
        currency: DepositCurrency;
        network: NetworkId;
        address: string;
        /** The configuration variable it came from, e.g. DEPOSIT_ADDRESS_ETH. */
        variable: string;
        seededAt: string;
      };
    };

export type DepositAddressCommand =
  | {
      type: 'SetDepositAddress';
      data: { currency: string; network: string; address: string; adminId: UserId };
      now: Date;
    }
  | { type: 'ClearDepositAddress'; data: { currency: string; network: string; adminId: UserId }; now: Date }
  | {
      type: 'SeedDepositAddresses';
      /** Per network family, the configured address (families not configured are absent). */
      data: { variables: Partial<Record<string, string>> };
      now: Date;
    };

/** Per pair key, the address (null once cleared); a pair absent has never been touched by an event. */
export interface DepositAddressState {
  addresses: Record<string, string | null>;
}

export const DEPOSIT_ADDRESS_EVENT_TYPES = [
  'DepositAddressSet',
  'DepositAddressCleared',
  'DepositAddressSeeded',
] as const;
export const isDepositAddressEvent = eventGuard<DepositAddressEvent>()(DEPOSIT_ADDRESS_EVENT_TYPES);

/** A deposit or payment for a pair with no address: refused, nothing is written (422). */
export class DepositUnavailableError extends DomainError {
  readonly status = 422;
}

export function unavailableMessage(currency: string, network: NetworkId): string {
  return `Deposits in ${currency} on ${NETWORKS[network]} are not available yet: no deposit address is set`;
}

function target(currency: string, network: string): DepositTarget {
  const found = depositTarget(currency, network);
  if (!found) {
    const where = NETWORKS[network as NetworkId] ?? network;
    throw new ValidationError(`${currency} is not deposited on ${where}`, { code: 'network_unsupported' });
  }
  return found;
}

export const depositAddressDecider: Decider<DepositAddressState, DepositAddressCommand, DepositAddressEvent> =
  {
    initialState: () => ({ addresses: {} }),
    isEvent: isDepositAddressEvent,
    decide(command, state) {
      switch (command.type) {
        case 'SetDepositAddress': {
          const { currency, network } = target(command.data.currency, command.data.network);
          const parsed = parseAddress(network, command.data.address);
          if (!parsed.ok) throw new ValidationError(parsed.reason, { code: 'address_invalid' });
          // The same address again changes nothing and records nothing.
          if (state.addresses[pairKey(currency, network)] === parsed.address) return [];
          return [
            {
              type: 'DepositAddressSet',
              data: {
                currency,
                network,
                address: parsed.address,
                setBy: command.data.adminId,
                setAt: command.now.toISOString(),
              },
            },
          ];
        }
        case 'ClearDepositAddress': {
          const { currency, network } = target(command.data.currency, command.data.network);
          // Clearing a pair never touched is recorded too: the variables then no longer seed it.
          if (state.addresses[pairKey(currency, network)] === null) return [];
          return [
            {
              type: 'DepositAddressCleared',
              data: {
                currency,
                network,
                clearedBy: command.data.adminId,
                clearedAt: command.now.toISOString(),
              },
            },
          ];
        }
        case 'SeedDepositAddresses':
          return seed(command.data.variables, state, command.now);
        default:
          return assertNever(command);
      }
    },
    evolve(state, event) {
      switch (event.type) {
        case 'DepositAddressSet':
        case 'DepositAddressSeeded':
          return {
            addresses: {
              ...state.addresses,
              [pairKey(event.data.currency, event.data.network)]: event.data.address,
            },
          };
        case 'DepositAddressCleared':
          return {
            addresses: { ...state.addresses, [pairKey(event.data.currency, event.data.network)]: null },
          };
        default:
          return unknownEvent(event, state);
      }
    },
  };

/**
 * An event per pair that no event has touched and whose family's variable is set. A variable that is not
 * a valid address for one of its networks stops the start with that network's message.
 */
function seed(
  variables: Partial<Record<string, string>>,
  state: DepositAddressState,
  now: Date,
): DepositAddressEvent[] {
  const events: DepositAddressEvent[] = [];
  for (const { currency, network } of DEPOSIT_TARGETS) {
    const variable = seedVariable(network);
    const value = variables[variable];
    if (value === undefined || pairKey(currency, network) in state.addresses) continue;
    const parsed = parseAddress(network, value);
    if (!parsed.ok) {
      throw new ValidationError(`${variable}: ${parsed.reason}`, { code: 'address_invalid' });
    }
    events.push({
      type: 'DepositAddressSeeded',
      data: { currency, network, address: parsed.address, variable, seededAt: now.toISOString() },
    });
  }
  return events;
}
