import type { UserId } from '../shared/ids.ts';
import { type Asset, parseAmount } from '../shared/money.ts';

/**
 * When a transfer out of an account needs a fresh proof of its holder (docs/security.md, "Step-up for
 * transfers"). Modelled on the strong-customer-authentication exemptions of PSD2's technical standard
 * (trusted beneficiaries; low-value payments with a cumulative cap since the last authentication):
 *
 * - to a **trusted recipient** (one this account has already paid with a proof) no proof is asked;
 * - to anyone else, a **small** transfer (at most `each`) goes without a proof while the account's
 *   unconfirmed transfers of that asset since its last confirmed one stay at most `total`;
 * - every other transfer needs the password (or the authenticator code, with 2FA on).
 *
 * Decided by the account's decider on the state the log gives it, so two racing transfers cannot both
 * use the same allowance (the second is decided on the first's event, or fails its expected version).
 */
export type StepUp =
  /** The caller checked a fresh proof for this very command. */
  | 'proven'
  /** No proof was given: the rule above decides. */
  | 'unproven'
  /**
   * Written by a tool, not asked by a person (the seeder's demo data, the simulation): no rule applies and
   * the allowance is not used. No HTTP route passes it.
   */
  | 'system';

/** What the account's state keeps for the rule. Immutable, as all decider state. */
export interface StepUpState {
  /** Recipients paid with a proof, most recent last; at most TRUSTED_LIMIT. */
  readonly trusted: readonly UserId[];
  /** Unconfirmed minor units sent to untrusted recipients since the last confirmed transfer, per asset. */
  readonly unconfirmed: Readonly<Partial<Record<Asset, bigint>>>;
}

export const NO_STEP_UP: StepUpState = { trusted: [], unconfirmed: {} };

/**
 * How many trusted recipients an account remembers: beyond it the one paid with a proof longest ago is
 * forgotten (and asks for a proof again). Bounds the state cache's memory per account.
 */
export const TRUSTED_LIMIT = 500;

/**
 * The low-value allowance per asset, as decimal strings: about 30 and 100 US dollars at the prices of
 * December 2026 (PSD2's figures are 30 and 100 euros). Changed by a release, never at run time, so every
 * instance decides alike.
 */
const ALLOWANCE: Record<Asset, { each: string; total: string }> = {
  SAI: { each: '30', total: '100' },
  USDT: { each: '30', total: '100' },
  USDC: { each: '30', total: '100' },
  BTC: { each: '0.0003', total: '0.001' },
  ETH: { each: '0.01', total: '0.03' },
  SOL: { each: '0.2', total: '0.6' },
  XRP: { each: '15', total: '50' },
};

function units(text: string, asset: Asset): bigint {
  const parsed = parseAmount(text, asset);
  if (!parsed.ok) throw new Error(`stepUp: bad allowance ${text} ${asset}`);
  return parsed.units;
}

export const STEP_UP_ALLOWANCE: Record<Asset, { each: bigint; total: bigint }> = Object.fromEntries(
  Object.entries(ALLOWANCE).map(([asset, a]) => [
    asset,
    { each: units(a.each, asset as Asset), total: units(a.total, asset as Asset) },
  ]),
) as Record<Asset, { each: bigint; total: bigint }>;

export function isTrusted(state: StepUpState, recipient: UserId): boolean {
  return state.trusted.includes(recipient);
}

/** Whether a transfer of `amount` minor units of `asset` to `recipient` needs a proof it was not given. */
export function needsProof(
  state: StepUpState,
  stepUp: StepUp,
  recipient: UserId,
  asset: Asset,
  amount: bigint,
): boolean {
  if (stepUp !== 'unproven' || isTrusted(state, recipient)) return false;
  const allowance = STEP_UP_ALLOWANCE[asset];
  return amount > allowance.each || (state.unconfirmed[asset] ?? 0n) + amount > allowance.total;
}

/**
 * The rule's state after a transfer the log recorded. `stepUp` is what the event says (absent on events
 * written before the rule: they count as unconfirmed, so an account's first transfer to someone new after
 * the upgrade may ask for a proof).
 */
export function afterTransfer(
  state: StepUpState,
  stepUp: StepUp | undefined,
  recipient: UserId,
  asset: Asset,
  amount: bigint,
): StepUpState {
  if (stepUp === 'system') return state;
  if (stepUp === 'proven') {
    const others = state.trusted.filter((id) => id !== recipient);
    const kept = others.length >= TRUSTED_LIMIT ? others.slice(others.length - TRUSTED_LIMIT + 1) : others;
    return { trusted: [...kept, recipient], unconfirmed: {} };
  }
  if (isTrusted(state, recipient)) return state;
  return {
    trusted: state.trusted,
    unconfirmed: { ...state.unconfirmed, [asset]: (state.unconfirmed[asset] ?? 0n) + amount },
  };
}
