/**
 * What the tests of receipts and of liability proofs share (api/ledger/ledgerProofs*.int.test.ts): the
 * parties whose money they prove, the key a reader trusts and a transaction's receipt.
 */
import { expect } from 'vitest';
import type { LedgerReceipt } from '../domain/verifiable/formats.ts';
import { signedInAdmin, signedUpClient, type TestApp, type TestClient } from './testApp.ts';

interface Party {
  client: TestClient;
  id: string;
}

/** An admin; Alice given 120 SAI, and Bob sent 20.50 of it by her (`transferId`). */
export async function seedProofParties(t: TestApp) {
  const admin = (await signedInAdmin(t)).client;
  const a = await signedUpClient(t);
  const b = await signedUpClient(t);
  const alice: Party = { client: a.client, id: a.user.id };
  const bob: Party = { client: b.client, id: b.user.id };
  const deposit = await admin.post('/api/transactions', {
    type: 'admin_deposit',
    amount: '120.00',
    receiver_id: alice.id,
  });
  expect(deposit.status).toBe(201);
  await t.settle();
  const transfer = await transferSai(alice, bob, '20.50');
  expect(transfer.status).toBe(201);
  await t.settle();
  return { admin, alice, bob, depositId: deposit.body.id as string, transferId: transfer.body.id as string };
}

export const transferSai = (from: Party, to: Party, amount: string) =>
  from.client.post('/api/transactions', { type: 'transfer', amount, receiver_id: to.id });

/** The key document the service publishes: what a reader trusts (the /verify page fetches it so). */
export const trustedKey = async (t: TestApp) =>
  (await t.client().get('/api/ledger/public-key')).body as unknown;

export const receiptOf = async (client: TestClient, id: string) =>
  await client.get<LedgerReceipt>(`/api/transactions/${id}/receipt`);
