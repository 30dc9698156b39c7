/** What the ledger's HTTP tests share: funding a user (SAI, ETH) through the admin, and a user's balance. */
import { expect } from 'vitest';
import { signedInAdmin, signedUpClient, type TestApp, type TestClient } from './testApp.ts';
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

/** A signed-in admin, and a newly signed-up person that admin funded with `amount` SAI. */
export async function fundedPerson(t: TestApp, amount: string) {
  const admin = await signedInAdmin(t);
  const person = await signedUpClient(t);
  await fund(admin.client, person.user.id, amount);
  return { admin, person };
}

/**
 * Credits `amount` ETH to a user the way users get it: a deposit declared on Ethereum with its hash, then
 * confirmed by the admin.
 */
export async function fundEth(admin: TestClient, user: TestClient, amount: string) {
  const declared = await declareEthDeposit(user);
  expect(declared.status, declared.text).toBe(201);
  const confirmed = await admin.patch(`/api/admin/crypto/deposits/${declared.body.id}`, {
    action: 'confirm',
    amount,
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  return declared.body;
}

/** A SAI transfer from the signed-in `sender`: the reply, for the test to check. */
export function transfer(sender: TestClient, receiverId: string, amount: string, description?: string) {
  return sender.post('/api/transactions', { type: 'transfer', receiver_id: receiverId, amount, description });
}

/** An ETH deposit declared (a new hash), not confirmed: the reply, for the test to check. */
export function declareEthDeposit(user: TestClient, network = 'ethereum') {
  return user.post('/api/crypto/deposits', { currency: 'ETH', network, txHash: newEvmTxHash() });
}

/** A withdrawal of `amount` ETH on Ethereum, the user's password its proof: the reply, for the test to check. */
export function withdrawEth(
  user: { client: TestClient; registration: { password: string } },
  amount: string,
  {
    address = '0x1234567890abcdef1234567890abcdef12345678',
    notes,
  }: { address?: string; notes?: string } = {},
) {
  return user.client.post('/api/crypto/withdraw', {
    currency: 'ETH',
    amount,
    address,
    chain: 'ethereum',
    notes,
    password: user.registration.password,
  });
}

/**
 * Every way others send money to `receiver`: a transfer, crypto transfers of SAI and ETH (from `sender`,
 * who holds 10 SAI and 0.5 ETH), an admin's distribution. Their replies, in that order.
 */
export async function creditsTo(
  sender: TestClient,
  admin: TestClient,
  receiver: { id: string; email: string },
  description?: string,
) {
  const crypto = (currency: string, amount: string) =>
    sender.post('/api/crypto/transfer', { recipientEmail: receiver.email, currency, amount });
  return [
    await transfer(sender, receiver.id, '10.00', description),
    await crypto('SAI', '10'),
    await crypto('ETH', '0.5'),
    await admin.post('/api/transactions', {
      type: 'admin_deposit',
      amount: '50.00',
      receiver_id: receiver.id,
    }),
  ];
}

export async function balance(client: TestClient): Promise<string> {
  const me = await client.get('/api/auth/user');
  return me.body.balance;
}
