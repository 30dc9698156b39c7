import { describe, expect, it } from 'vitest';
import { StakeAudit } from './stakeAudit.ts';

const user = 'alice001';
const seen = { where: 'here', recordedAt: new Date('2026-12-01T10:00:00Z') };
const stake = (
  type: 'CardStakePlaced' | 'CardStakeReleased',
  id: string,
  amount: string,
  tier: string,
  staked: string,
) => ({
  event: { streamName: `account-${user}`, type },
  data: { transactionId: id, userId: user, asset: 'SAI', amount, tier, staked },
});
const card = (id: string, tier: string, staked: string) => ({
  event: { streamName: 'card-c1', type: 'CardStaked' },
  data: { cardId: 'c1', userId: user, transactionId: id, tier, staked },
});

function audit(...steps: { event: { streamName: string; type: string }; data: Record<string, unknown> }[]) {
  const remembered = new Set<string>();
  const stakes = new StakeAudit(remembered);
  return {
    problems: steps.map((step) => stakes.observe(step.event, step.data, seen)),
    pending: stakes.pending(),
  };
}

describe('the audit of card stakes (docs/ledger.md invariant 13)', () => {
  it('passes a stake placed, raised, lowered and released, each recorded on the card', () => {
    const { problems, pending } = audit(
      stake('CardStakePlaced', 's1', '250.00', 'ruby', '250.00'),
      card('s1', 'ruby', '250.00'),
      stake('CardStakePlaced', 's2', '250.00', 'black', '500.00'),
      card('s2', 'black', '500.00'),
      stake('CardStakeReleased', 's3', '500.00', 'gold', '0.00'),
      card('s3', 'gold', '0.00'),
    );
    expect(problems.flat()).toEqual([]);
    expect(pending).toEqual([]);
  });

  it('names a card tier without its hold, and a second record of one stake', () => {
    const { problems } = audit(
      card('s9', 'black', '500.00'),
      stake('CardStakePlaced', 's1', '250.00', 'ruby', '250.00'),
      card('s1', 'ruby', '250.00'),
      card('s1', 'ruby', '250.00'),
    );
    expect(problems[0]).toEqual([
      'a card stake s9 without its hold (no CardStakePlaced or CardStakeReleased before it)',
    ]);
    expect(problems[3]).toEqual(['card stake s1 is recorded on a card a second time']);
  });

  it('names a release beyond the stake, a stake that is not a tier’s amount, and a card that differs', () => {
    const { problems, pending } = audit(
      stake('CardStakePlaced', 's1', '300.00', 'ruby', '300.00'),
      card('s1', 'black', '300.00'),
      stake('CardStakeReleased', 's2', '400.00', 'gold', '0.00'),
    );
    expect(problems[0]).toEqual(['a stake of 30000 minor units does not back the tier ruby']);
    expect(problems[1]).toEqual(["the card's stake differs from its hold here: tier black ≠ ruby"]);
    expect(problems[2]).toContain('it releases 400.00 SAI of a stake of 30000 minor units');
    expect(pending.map(([id]) => id)).toEqual(['s2']);
  });

  it('names a stake booked on another stream, in another asset, or whose total is not its events’ sum', () => {
    const { problems } = audit({
      event: { streamName: 'account-bob00002', type: 'CardStakePlaced' },
      data: {
        transactionId: 's1',
        userId: user,
        asset: 'ETH',
        amount: '500.00',
        tier: 'black',
        staked: '250.00',
      },
    });
    expect(problems[0]).toEqual([
      `it belongs to stream account-${user}, not account-bob00002`,
      'a card stake of ETH: stakes are in SAI',
      'it says 250.00 SAI is staked; its stake events add up to 50000 minor units',
    ]);
  });
});
