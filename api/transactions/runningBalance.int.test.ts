import { describe, expect, it } from 'vitest';
import type { CryptoAsset } from '../../domain/shared/money.ts';
import { fromScaledUnits, scaledUnits } from '../../domain/shared/money.ts';
import { parseCsv } from '../../testing/csv.ts';
import { setUpAdminClient, setUpTestApp, signedUpClient, type TestClient } from '../../testing/testApp.ts';
import { newEvmTxHash, newHexTxId, newSolanaSignature } from '../../testing/txHashes.ts';

interface Row {
  id: string;
  type: string;
  state: string;
  signedAmount: string | null;
  balanceAfter: string | null;
}

/** Each asset on one network: where a deposit is declared and a withdrawal sent, with a valid address. */
const WALKS: {
  asset: CryptoAsset;
  network: string;
  address: string;
  txHash: () => string;
  minimum: string;
  /** The walk's amounts are multiples of it (BTC's stay under the four-eyes threshold). */
  step?: string;
}[] = [
  {
    asset: 'BTC',
    network: 'bitcoin',
    address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    txHash: newHexTxId,
    minimum: '0.05',
    step: '0.0001',
  },
  {
    asset: 'ETH',
    network: 'ethereum',
    address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    txHash: newEvmTxHash,
    minimum: '1',
  },
  {
    asset: 'USDT',
    network: 'ethereum',
    address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    txHash: newEvmTxHash,
    minimum: '100',
  },
  {
    asset: 'USDC',
    network: 'ethereum',
    address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    txHash: newEvmTxHash,
    minimum: '100',
  },
  {
    asset: 'SOL',
    network: 'solana',
    address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    txHash: newSolanaSignature,
    minimum: '10',
  },
  {
    asset: 'XRP',
    network: 'xrpl',
    address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
    txHash: () => newHexTxId().toUpperCase(),
    minimum: '100',
  },
];

const units = (decimal: string) => scaledUnits(decimal.replace(/^\+/, ''), 8);

/**
 * 48.2: the history's running balances, each receipt's before and after, and the statement agree with the
 * wallet after every step of every lifecycle (held, sent, failed, a rejected deposit, transfers both
 * ways), for every crypto asset.
 */
const t = setUpTestApp({
  DEPOSIT_ADDRESS_ETH: '0x52908400098527886E0F7030069857D2E4169EE7',
  DEPOSIT_ADDRESS_BTC: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  DEPOSIT_ADDRESS_SOL: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  DEPOSIT_ADDRESS_XRP: 'rrrrrrrrrrrrrrrrrrrrrhoLvTp',
});

const admin = setUpAdminClient(t, 'running-admin@example.com');

const ok = async <T>(reply: Promise<{ status: number; text: string; body: T }>, status = 200) => {
  const answer = await reply;
  expect(answer.status, answer.text).toBe(status);
  return answer.body;
};

const rowsOf = async (client: TestClient, asset: string) => {
  const rows: Row[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page++) {
    const query: string = `/api/transactions?asset=${asset}&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
    const body: { transactions: Row[]; nextCursor: string | null } = await ok(
      client.get<{ transactions: Row[]; nextCursor: string | null }>(query),
    );
    rows.push(...body.transactions);
    cursor = body.nextCursor;
    if (!cursor) break;
  }
  return rows;
};

/** Everything a user reads about one asset's balance tells the same story as the wallet. */
const agrees = async (client: TestClient, asset: CryptoAsset, step: string) => {
  await t.settle();
  const balances = await ok(client.get<{ currency: string; balance: string }[]>('/api/crypto/balances'));
  const wallet = units(balances.find((b) => b.currency === asset)!.balance);
  const moved = (await rowsOf(client, asset)).filter((r) => r.balanceAfter !== null).reverse();
  // Oldest first, each row's balance is the one before plus its amount; the newest is the wallet's.
  let running = 0n;
  for (const row of moved) {
    running += units(row.signedAmount!);
    expect(units(row.balanceAfter!), `${step}: ${row.type} ${row.state} ${row.signedAmount}`).toBe(running);
  }
  expect(fromScaledUnits(running, 8), `${step}: the last row's balance is the wallet's`).toBe(
    fromScaledUnits(wallet, 8),
  );
  // Each movement's receipt: before its first row and after its last, as the rows say.
  for (const id of new Set(moved.map((r) => r.id))) {
    const mine = moved.filter((r) => r.id === id);
    const receipt = await ok(
      client.get<{ balanceBefore: string; balanceAfter: string }>(`/api/transactions/${id}`),
    );
    const first = mine[0]!;
    expect(units(receipt.balanceBefore), `${step}: receipt ${id} before`).toBe(
      units(first.balanceAfter!) - units(first.signedAmount!),
    );
    expect(units(receipt.balanceAfter), `${step}: receipt ${id} after`).toBe(
      units(mine.at(-1)!.balanceAfter!),
    );
  }
  // The statement: the same lines, closing at the wallet's balance.
  const csv = await client.get(
    `/api/transactions/statement.csv?from=2020-01-01&to=2999-01-01&asset=${asset}`,
  );
  expect(csv.status, csv.text).toBe(200);
  const lines = parseCsv(csv.text);
  expect(lines.at(-1)![1]).toBe('closing_balance');
  expect(units(lines.at(-1)![5]!), `${step}: the statement closes at the wallet's`).toBe(wallet);
  expect(lines.slice(2, -1).map((cells) => cells[6])).toEqual(moved.map((r) => r.id));
};

describe('running balances add up to the wallet', () => {
  for (const walk of WALKS) {
    it(`${walk.asset}: deposited, held, failed, sent, rejected, transferred both ways`, async () => {
      const user = await signedUpClient(t);
      const friend = await signedUpClient(t);
      const { asset } = walk;
      const steps = (n: number) => fromScaledUnits(units(walk.step ?? '0.01') * BigInt(n), 8);
      const declare = async () =>
        (
          await ok(
            user.client.post<{ id: string }>('/api/crypto/deposits', {
              currency: asset,
              network: walk.network,
              txHash: walk.txHash(),
            }),
            201,
          )
        ).id;
      const deposit = await declare();
      await ok(
        admin.patch(`/api/admin/crypto/deposits/${deposit}`, { action: 'confirm', amount: walk.minimum }),
      );
      await agrees(user.client, asset, 'deposited');

      const withdraw = async (amount: string) =>
        (
          await ok(
            user.client.post<{ id: string }>('/api/crypto/withdraw', {
              currency: asset,
              amount,
              address: walk.address,
              chain: walk.network,
              password: user.registration.password,
            }),
            201,
          )
        ).id;
      const failing = await withdraw(steps(15));
      await agrees(user.client, asset, 'held');
      // Another movement between the hold and its return, so the return cannot hide inside one row.
      await ok(
        user.client.post('/api/crypto/transfer', {
          password: user.registration.password,
          recipientEmail: friend.user.email,
          currency: asset,
          amount: steps(5),
        }),
        201,
      );
      await agrees(user.client, asset, 'sent to a friend while held');
      await t.settle();
      await ok(
        admin.patch(`/api/admin/crypto/withdrawals/${failing}`, { action: 'fail', reason: 'bad address' }),
      );
      await agrees(user.client, asset, 'failed');

      const sending = await withdraw(steps(10));
      await agrees(user.client, asset, 'held again');
      await t.settle();
      await ok(
        admin.patch(`/api/admin/crypto/withdrawals/${sending}`, {
          action: 'complete',
          txHash: walk.txHash(),
        }),
      );
      await agrees(user.client, asset, 'sent');

      const refused = await declare();
      await ok(
        admin.patch(`/api/admin/crypto/deposits/${refused}`, { action: 'reject', reason: 'not seen' }),
      );
      await agrees(user.client, asset, 'deposit rejected');

      await t.settle();
      await ok(
        friend.client.post('/api/crypto/transfer', {
          password: friend.registration.password,
          recipientEmail: user.user.email,
          currency: asset,
          amount: steps(1),
        }),
        201,
      );
      await agrees(user.client, asset, 'received from a friend');
      await agrees(friend.client, asset, "the friend's side");
      const balances = await ok(
        user.client.get<{ currency: string; balance: string }[]>('/api/crypto/balances'),
      );
      // The deposit − 5 steps to the friend − 10 sent out + 1 back (15 held and returned).
      expect(units(balances.find((b) => b.currency === asset)!.balance)).toBe(
        units(walk.minimum) - units(steps(14)),
      );
    });
  }
});
