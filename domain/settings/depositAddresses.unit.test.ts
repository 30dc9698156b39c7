import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { ValidationError } from '../shared/errors.ts';
import { parseUserId } from '../shared/ids.ts';
import {
  DEPOSIT_TARGETS,
  type DepositAddressCommand,
  type DepositAddressEvent,
  depositAddressDecider,
  pairKey,
} from './depositAddresses.ts';

const admin = parseUserId('admin001');
const now = new Date('2026-11-27T12:00:00.000Z');
const ETH = '0x52908400098527886E0F7030069857D2E4169EE7';
const OTHER_ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

function run(history: DepositAddressEvent[], command: DepositAddressCommand) {
  return depositAddressDecider.decide(command, fold(depositAddressDecider, history));
}
const seed = (variables: Record<string, string>): DepositAddressCommand => ({
  type: 'SeedDepositAddresses',
  data: { variables },
  now,
});

describe('deposit addresses', () => {
  it('an admin sets an address for a (currency, network): an event with who and when', () => {
    expect(
      run([], {
        type: 'SetDepositAddress',
        data: {
          currency: 'USDT',
          network: 'tron',
          address: ' TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t ',
          adminId: admin,
        },
        now,
      }),
    ).toEqual([
      {
        type: 'DepositAddressSet',
        data: {
          currency: 'USDT',
          network: 'tron',
          address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
          setBy: admin,
          setAt: now.toISOString(),
        },
      },
    ]);
  });

  it('refuses a bad address and a pair that takes no deposits', () => {
    const set = (currency: string, network: string, address: string) => () =>
      run([], { type: 'SetDepositAddress', data: { currency, network, address, adminId: admin }, now });
    expect(set('ETH', 'ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toThrow(ValidationError);
    expect(set('ETH', 'ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toThrow(/checksum/);
    expect(set('BTC', 'ethereum', ETH)).toThrow(/BTC is not deposited on Ethereum/);
    expect(set('ETH', 'moon', ETH)).toThrow(ValidationError);
  });

  it('seeds every pair of a configured family, once', () => {
    const seeded = run([], seed({ DEPOSIT_ADDRESS_ETH: ETH }));
    const evm = DEPOSIT_TARGETS.filter((t) => !['bitcoin', 'solana', 'xrpl', 'tron'].includes(t.network));
    expect(
      seeded.map((e) => e.type === 'DepositAddressSeeded' && pairKey(e.data.currency, e.data.network)),
    ).toEqual(evm.map((t) => pairKey(t.currency, t.network)));
    expect(seeded[0]?.data).toMatchObject({ address: ETH, variable: 'DEPOSIT_ADDRESS_ETH' });
    expect(seeded.map((e) => pairKey(e.data.currency, e.data.network))).toContain('BNB:bsc');
    // A restart with the same variables appends nothing.
    expect(run(seeded, seed({ DEPOSIT_ADDRESS_ETH: ETH }))).toEqual([]);
  });

  it('never seeds over an admin: a pair set or cleared keeps the admin’s choice', () => {
    const history: DepositAddressEvent[] = [
      ...run([], seed({ DEPOSIT_ADDRESS_ETH: ETH })),
      {
        type: 'DepositAddressSet',
        data: {
          currency: 'ETH',
          network: 'ethereum',
          address: OTHER_ETH,
          setBy: admin,
          setAt: now.toISOString(),
        },
      },
    ];
    const cleared = run(history, {
      type: 'ClearDepositAddress',
      data: { currency: 'ETH', network: 'base', adminId: admin },
      now,
    });
    expect(cleared).toEqual([
      {
        type: 'DepositAddressCleared',
        data: { currency: 'ETH', network: 'base', clearedBy: admin, clearedAt: now.toISOString() },
      },
    ]);
    const after = [...history, ...cleared];
    expect(run(after, seed({ DEPOSIT_ADDRESS_ETH: ETH }))).toEqual([]);
    const state = fold(depositAddressDecider, after);
    expect(state.addresses[pairKey('ETH', 'ethereum')]).toBe(OTHER_ETH);
    expect(state.addresses[pairKey('ETH', 'base')]).toBeNull();
    // Clearing again, or setting the same address again, records nothing.
    expect(
      run(after, {
        type: 'ClearDepositAddress',
        data: { currency: 'ETH', network: 'base', adminId: admin },
        now,
      }),
    ).toEqual([]);
    expect(
      run(after, {
        type: 'SetDepositAddress',
        data: { currency: 'ETH', network: 'ethereum', address: OTHER_ETH, adminId: admin },
        now,
      }),
    ).toEqual([]);
  });

  it('a variable that is not a valid address stops the seeding with its name', () => {
    expect(() => run([], seed({ DEPOSIT_ADDRESS_SOL: 'not-an-address' }))).toThrow(
      /DEPOSIT_ADDRESS_SOL: Not a valid Solana address/,
    );
  });
});
