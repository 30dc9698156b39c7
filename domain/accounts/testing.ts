import { parseUserId } from '../shared/ids.ts';
import type { AccountCommand } from './accountCommands.ts';
import type { AccountEvent } from './accountEvents.ts';

/** The fixtures the account's tests share: alice sends and is minted to, by admin001. */
const alice = parseUserId('alice001');

type Minted = Extract<AccountEvent, { type: 'TokensMinted' }>['data'];
type Transfer = Extract<AccountCommand, { type: 'TransferTokens' }>['data'];
type Mint = Extract<AccountCommand, { type: 'MintTokens' }>['data'];

/** A distribution's mint of `amount` SAI to alice, in the order of the fields the decider writes. */
export const mintedTo = ({
  transactionId,
  amount,
  ...data
}: Pick<Minted, 'transactionId' | 'amount' | 'mintedAt'> & Partial<Minted>): AccountEvent => ({
  type: 'TokensMinted',
  data: {
    transactionId,
    userId: alice,
    asset: 'SAI',
    amount,
    source: 'distribution',
    paymentId: null,
    description: '',
    mintedBy: parseUserId('admin001'),
    ...data,
  },
});

/** A transfer of SAI from alice to bob that needs no step-up (a system's): `data` for what a test is about. */
export const transferCommand = (
  { transactionId, units, ...data }: Pick<Transfer, 'transactionId' | 'units'> & Partial<Transfer>,
  now: Date,
) => ({
  type: 'TransferTokens' as const,
  data: {
    transactionId,
    fromUserId: alice,
    toUserId: parseUserId('bob00001'),
    receiverExists: true,
    receiverSuspended: false,
    fromLabel: 'alice',
    toLabel: 'bob',
    asset: 'SAI' as Transfer['asset'],
    units,
    description: '',
    stepUp: 'system' as Transfer['stepUp'],
    ...data,
  },
  now,
});

/** A distribution of SAI `units` to `userId` by `mintedBy` (what a test or a benchmark funds accounts with). */
export const distributionCommand = (
  {
    transactionId,
    userId,
    units,
    description,
    mintedBy,
  }: Pick<Mint, 'transactionId' | 'userId' | 'units' | 'description' | 'mintedBy'>,
  now: Date,
) => ({
  type: 'MintTokens' as const,
  data: {
    transactionId,
    userId,
    asset: 'SAI' as Mint['asset'],
    units,
    source: 'distribution' as Mint['source'],
    paymentId: null,
    description,
    mintedBy,
    receiverSuspended: false,
  },
  now,
});
