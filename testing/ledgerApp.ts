/** What the ledger's HTTP tests share: funding a user (SAI, ETH) through the admin, and a user's balance. */
import { expect } from 'vitest';
import type { TestClient } from './testApp.ts';
import { newEvmTxHash } from './txHashes.ts';

export async function fund(admin: TestClient, userId: string, amount: string | number) {
  const reply = await admin.post('/api/transactions', {
    type: 'admin_deposit',
    receiver_id: userId,
    amount,
    description: 'Funding',
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
}

/**
 * Credits `amount` ETH to a user the way users get it: a deposit declared on Ethereum with its hash, then
 * confirmed by the admin.
 */
export async function fundEth(admin: TestClient, user: TestClient, amount: string) {
  const declared = await user.post('/api/crypto/deposits', {
    currency: 'ETH',
    network: 'ethereum',
    txHash: newEvmTxHash(),
  });
  expect(declared.status, declared.text).toBe(201);
  const confirmed = await admin.patch(`/api/admin/crypto/deposits/${declared.body.id}`, {
    action: 'confirm',
    amount,
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  return declared.body;
}

export async function balance(client: TestClient): Promise<string> {
  const me = await client.get('/api/auth/user');
  return me.body.balance;
}
