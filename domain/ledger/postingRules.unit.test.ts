import { describe, expect, it } from 'vitest';
import { POSTING_EVENT_TYPES, postingRulesOf, type Text, templateParts } from './postingRules.ts';
import { postingsOf } from './postings.ts';
import { POSTING_SAMPLES } from './testing.ts';

const samples = Object.values(POSTING_SAMPLES).flat();

// The rules as the hand-written postingsOf booked them before the table, written out per sample.
const EXPECTED = [
  [
    'mint-1',
    'deposit',
    'SAI',
    1050n,
    'issuance:SAI',
    'user:alice001',
    "Payment approved: O'Brien's {deposit}",
    'completed',
  ],
  ['mint-2', 'admin_deposit', 'SAI', 1n, 'issuance:SAI', 'user:bob00002', '', 'completed'],
  ['mint-3', 'deposit', 'SAI', 25_000n, 'issuance:SAI', 'user:alice001', 'Deposit approved', 'completed'],
  ['tr-1', 'transfer', 'SAI', 325n, 'user:alice001', 'user:bob00002', 'a “quoted” note', 'completed'],
  [
    'dep-1',
    'crypto_deposit',
    'ETH',
    150_000_000n,
    'custody:ETH',
    'user:alice001',
    'ETH deposit confirmed',
    'completed',
  ],
  [
    'wd-1',
    'withdrawal',
    'ETH',
    25_000_000n,
    'user:alice001',
    'holds:ETH',
    'Withdrawal to 0x1234567890abcdef1234567890abcdef12345678',
    'pending',
  ],
  [
    'wd-1',
    'withdrawal',
    'ETH',
    25_000_000n,
    'holds:ETH',
    'outbound:ETH',
    `Withdrawal sent (0x${'ab'.repeat(32)})`,
    'completed',
  ],
  [
    'wd-2',
    'withdrawal',
    'USDT',
    700_000_000n,
    'holds:USDT',
    'user:bob00002',
    "Withdrawal failed: Address can't receive",
    'failed',
  ],
  ['stake-1', 'other', 'SAI', 50_000n, 'user:alice001', 'holds:SAI', 'Card stake (black)', 'completed'],
  [
    'stake-2',
    'other',
    'SAI',
    25_000n,
    'holds:SAI',
    'user:alice001',
    'Card stake released (ruby)',
    'completed',
  ],
  [
    'dormant-1',
    'dormant',
    'ETH',
    1n,
    'user:alice001',
    'dormant:ETH',
    'Balance moved to dormant',
    'completed',
  ],
] as const;

describe('the posting rules', () => {
  it('book for a sample of every event type exactly what the hand-written rules booked', () => {
    expect(samples.map((event) => event.type)).toEqual([
      'TokensMinted',
      'TokensMinted',
      'TokensMinted',
      'TokensTransferred',
      'CryptoDepositCredited',
      'WithdrawalHoldPlaced',
      'WithdrawalCompleted',
      'WithdrawalFailed',
      'CardStakePlaced',
      'CardStakeReleased',
      'BalanceMovedToDormant',
    ]);
    // The first posting of each: what the rules booked before purchases had a fee.
    expect(samples.map((event) => postingsOf(event)[0])).toEqual(
      EXPECTED.map(([transactionId, kind, asset, units, from, to, description, status]) => ({
        transactionId,
        kind,
        asset,
        units,
        from,
        to,
        description,
        status,
      })),
    );
    expect(samples.map((event) => postingsOf(event).length)).toEqual([1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it("book a purchase's fee as a second posting of its transaction, issued to fees:SAI, on top of the amount", () => {
    const purchase = POSTING_SAMPLES.TokensMinted[2]!;
    expect(postingsOf(purchase)[1]).toEqual({
      transactionId: 'mint-3',
      kind: 'deposit',
      asset: 'SAI',
      units: 125n,
      from: 'issuance:SAI',
      to: 'fees:SAI',
      description: 'Conversion fee (0.50%)',
      status: 'completed',
    });
    // Without the field (older events, or no fee) there is no second posting.
    const { fee: _, feeRate: __, ...older } = purchase.data as Record<string, unknown>;
    expect(postingsOf({ type: 'TokensMinted', data: older })).toHaveLength(1);
  });

  it('book nothing for the other events, the receiving side of a transfer and a released hold included', () => {
    for (const type of [
      'TransferReceived',
      'WithdrawalHoldReleased',
      'WithdrawalRequested',
      'CardRequested',
      'toString',
    ])
      expect(
        postingsOf({ type, data: { transactionId: 't', userId: 'u', asset: 'SAI', amount: '1.00' } }),
      ).toEqual([]);
  });

  it('name only text fields the events of their type carry', () => {
    const fieldsOf = (text: Text): string[] =>
      typeof text === 'string'
        ? templateParts(text).flatMap((part) => ('field' in part ? [part.field] : []))
        : [text.when.field, ...fieldsOf(text.use), ...fieldsOf(text.otherwise)];
    for (const type of POSTING_EVENT_TYPES) {
      for (const rule of postingRulesOf(type)) {
        const named = [
          rule.amount,
          ...[rule.transactionId, rule.kind, rule.asset, rule.from, rule.to, rule.description].flatMap(
            fieldsOf,
          ),
        ];
        for (const sample of POSTING_SAMPLES[type]) {
          const data = sample.data as Record<string, unknown>;
          if (rule.onlyWith !== undefined && data[rule.onlyWith] === undefined) continue;
          for (const name of named) expect(typeof data[name], `${type}.${name}`).toBe('string');
        }
      }
    }
  });

  it('read a template as literal text and placeholders, and refuse a stray brace', () => {
    expect(templateParts('Withdrawal sent ({txHash})')).toEqual([
      { text: 'Withdrawal sent (' },
      { field: 'txHash' },
      { text: ')' },
    ]);
    expect(templateParts('{asset}')).toEqual([{ field: 'asset' }]);
    expect(templateParts('transfer')).toEqual([{ text: 'transfer' }]);
    expect(() => templateParts('user:{user id}')).toThrow(/brace/);
  });

  it('parse each template once, and hand out parts no caller can change', () => {
    const first = templateParts('user:{fromUserId}');
    expect(templateParts('user:{fromUserId}')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => templateParts('user:{user id}')).toThrow(/brace/);
    expect(() => templateParts('user:{user id}')).toThrow(/brace/);
  });
});
