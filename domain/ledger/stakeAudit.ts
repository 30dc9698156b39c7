import { stakeForTier } from '../cards/card.ts';
import { type Data, type Remembered, type Seen, text, units } from './auditLegs.ts';

interface StakeLeg extends Seen {
  userId: string;
  tier: string;
  staked: bigint;
}

/**
 * The money audit's part for card stakes (docs/ledger.md invariant 13, docs/product-rules.md rule 30):
 * - a CardStakePlaced or CardStakeReleased is on its owner's account stream, of SAI, for a positive amount;
 *   its `staked` is the owner's stake before it plus (or minus) its amount, the tier it names is the one
 *   that stake backs, and a release never takes back more than is staked;
 * - a card's CardStaked follows the stake event of its transaction (same user, tier and stake), once: a
 *   card that claims a tier without the hold behind it is named ("a stake without its hold").
 * The holds' balances themselves (never below zero, conserved) are the postings' and checked with them.
 */
export class StakeAudit {
  /** User id → SAI minor units staked, from the stake events. */
  private readonly stakes = new Map<string, bigint>();
  /** Stake events whose card record is awaited, by transaction id. */
  private readonly awaiting = new Map<string, StakeLeg>();

  constructor(private readonly recorded: Remembered) {}

  /** The problems of one event (those that are not about stakes have none). */
  observe(event: { streamName: string; type: string }, d: Data, seen: Seen): string[] {
    if (event.type === 'CardStakePlaced' || event.type === 'CardStakeReleased')
      return this.stake(event, d, seen);
    if (event.type === 'CardStaked') return this.card(event, d);
    return [];
  }

  private stake(event: { streamName: string; type: string }, d: Data, seen: Seen): string[] {
    const problems: string[] = [];
    const id = text(d.transactionId);
    const userId = text(d.userId);
    if (event.streamName !== `account-${userId}`)
      problems.push(`it belongs to stream account-${userId}, not ${event.streamName}`);
    if (d.asset !== 'SAI') problems.push(`a card stake of ${text(d.asset)}: stakes are in SAI`);
    const amount = units(d.amount, 'SAI') ?? -1n;
    if (amount <= 0n) problems.push(`a card stake of ${text(d.amount)}: not a positive SAI amount`);
    const before = this.stakes.get(userId) ?? 0n;
    const placed = event.type === 'CardStakePlaced';
    if (!placed && amount > before)
      problems.push(`it releases ${text(d.amount)} SAI of a stake of ${before} minor units`);
    const after = placed ? before + amount : before - amount;
    if (stakedUnits(d.staked) !== after)
      problems.push(
        `it says ${text(d.staked)} SAI is staked; its stake events add up to ${after} minor units`,
      );
    const tier = text(d.tier);
    if (!isTier(tier) || stakeForTier(tier) !== after)
      problems.push(`a stake of ${after} minor units does not back the tier ${tier}`);
    if (this.awaiting.has(id) || this.recorded.has(id)) problems.push(`card stake ${id} was booked before`);
    this.stakes.set(userId, after);
    this.awaiting.set(id, { ...seen, userId, tier, staked: after });
    return problems;
  }

  private card(event: { streamName: string }, d: Data): string[] {
    const id = text(d.transactionId);
    const stake = this.awaiting.get(id);
    if (!event.streamName.startsWith('card-'))
      return [`a CardStaked on ${event.streamName}, not a card's stream`];
    if (!stake)
      return [
        this.recorded.has(id)
          ? `card stake ${id} is recorded on a card a second time`
          : `a card stake ${id} without its hold (no CardStakePlaced or CardStakeReleased before it)`,
      ];
    this.awaiting.delete(id);
    this.recorded.add(id);
    const wrong: string[] = [];
    if (d.userId !== stake.userId) wrong.push(`userId ${text(d.userId)} ≠ ${stake.userId}`);
    if (d.tier !== stake.tier) wrong.push(`tier ${text(d.tier)} ≠ ${stake.tier}`);
    if (stakedUnits(d.staked) !== stake.staked)
      wrong.push(`staked ${text(d.staked)} ≠ ${stake.staked} minor units`);
    return wrong.length > 0
      ? [`the card's stake differs from its hold ${stake.where}: ${wrong.join(', ')}`]
      : [];
  }

  /** Stake events whose card record never came. */
  pending(): [string, Seen][] {
    return [...this.awaiting];
  }
}

const isTier = (tier: string): tier is 'gold' | 'ruby' | 'black' =>
  tier === 'gold' || tier === 'ruby' || tier === 'black';

/** A stake's `staked` in minor units: "0.00" (all released) is 0; unreadable is -1. */
function stakedUnits(value: unknown): bigint {
  if (typeof value === 'string' && /^0+\.0+$/.test(value)) return 0n;
  return units(value, 'SAI') ?? -1n;
}
