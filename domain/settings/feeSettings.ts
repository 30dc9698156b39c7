import { CARD_TIERS, type CardTier } from '../cards/card.ts';
import { assertNever, type Decider, eventGuard, unknownEvent } from '../shared/decider.ts';
import { ValidationError } from '../shared/errors.ts';
import type { UserId } from '../shared/ids.ts';

/**
 * The conversion fee's rates per tier (docs/product-rules.md rule 25), admin-editable, one stream of
 * their own: `settings-fees`. Every change is an event naming who made it. A rate is a percentage with at
 * most two decimals, from 0 to MAX_FEE_RATE; it is stored as written with exactly two decimals ("0.50").
 */
export const FEE_SETTINGS_STREAM = 'settings-fees';

export const DEFAULT_FEE_RATES: Readonly<Record<CardTier, string>> = {
  gold: '0.50',
  ruby: '0.35',
  black: '0.25',
};

/** The highest rate an admin may set, in percent: a typo such as 50 instead of 0.50 is refused. */
export const MAX_FEE_RATE = '10.00';
const RATE = /^(\d{1,2})(?:\.(\d{1,2}))?$/;

/** A rate as hundredths of a percent (basis points): "0.35" → 35. */
export function rateBasisPoints(rate: string): bigint {
  const match = RATE.exec(rate);
  if (!match) throw new RangeError(`${rate} is not a fee rate`);
  return BigInt(match[1]! + (match[2] ?? '').padEnd(2, '0'));
}

/** A checked rate with exactly two decimals, or a ValidationError (400) that says what a rate is. */
export function parseFeeRate(input: string): string {
  const text = input.trim();
  const match = RATE.exec(text);
  if (!match || rateBasisPoints(text) > rateBasisPoints(MAX_FEE_RATE)) {
    throw new ValidationError(`A fee rate is a percentage from 0 to ${MAX_FEE_RATE}, like 0.50`, {
      code: 'fee_rate_invalid',
      attribute: 'rate',
    });
  }
  const bp = rateBasisPoints(text);
  return `${bp / 100n}.${(bp % 100n).toString().padStart(2, '0')}`;
}

export type FeeSettingsEvent = {
  type: 'FeeRateSet';
  data: { tier: CardTier; rate: string; setBy: UserId; setAt: string };
};

export type FeeSettingsCommand = {
  type: 'SetFeeRate';
  data: { tier: CardTier; rate: string; adminId: UserId };
  now: Date;
};

export interface FeeRate {
  rate: string;
  /** Who set it and when; null while the default applies. */
  setBy: UserId | null;
  setAt: string | null;
}

export type FeeSettingsState = Readonly<Record<CardTier, FeeRate>>;

export const FEE_SETTINGS_EVENT_TYPES = ['FeeRateSet'] as const;
export const isFeeSettingsEvent = eventGuard<FeeSettingsEvent>()(FEE_SETTINGS_EVENT_TYPES);

export const feeSettingsDecider: Decider<FeeSettingsState, FeeSettingsCommand, FeeSettingsEvent> = {
  initialState: () =>
    Object.fromEntries(
      CARD_TIERS.map((tier) => [tier, { rate: DEFAULT_FEE_RATES[tier], setBy: null, setAt: null }]),
    ) as Record<CardTier, FeeRate>,
  isEvent: isFeeSettingsEvent,
  decide(command) {
    switch (command.type) {
      case 'SetFeeRate': {
        const { tier, adminId } = command.data;
        if (!(CARD_TIERS as readonly string[]).includes(tier))
          throw new ValidationError('Tier must be gold, ruby or black', { attribute: 'tier' });
        return [
          {
            type: 'FeeRateSet',
            data: {
              tier,
              rate: parseFeeRate(command.data.rate),
              setBy: adminId,
              setAt: command.now.toISOString(),
            },
          },
        ];
      }
      default:
        return assertNever(command.type);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'FeeRateSet':
        return {
          ...state,
          [event.data.tier]: { rate: event.data.rate, setBy: event.data.setBy, setAt: event.data.setAt },
        };
      default:
        return unknownEvent(event.type, state);
    }
  },
};
