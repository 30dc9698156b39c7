import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeReceipt } from './describeReceipt.ts';

const vector = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../docs/verifiable/vectors/${name}.json`, import.meta.url), 'utf8'));

/** The published vector's events as the ledger writes them today: with their asset. */
function receipt() {
  const file = vector('receipt');
  for (const event of file.events) event.data.asset = 'SAI';
  file.events[0].data.transferredAt = '2026-11-27T11:59:00.000Z';
  return file;
}

describe('what a receipt file shows in the open', () => {
  it('names each event, when it was decided, and what it moved between which accounts', () => {
    const facts = describeReceipt(receipt());
    expect(facts).not.toBeNull();
    expect(facts!.transactionId).toBe('00000000-0000-4000-8000-000000000065');
    expect(facts!.events.map((e) => [e.type, e.stream])).toEqual([
      ['TokensTransferred', 'account-user0001'],
      ['TransferReceived', 'account-user0002'],
    ]);
    const moved = facts!.events.flatMap((e) => e.movements);
    expect(moved).toContainEqual({
      asset: 'SAI',
      amount: '3.25',
      from: 'user:user0001',
      to: 'user:user0002',
    });
    expect(facts!.events.map((e) => e.at)).toEqual(['2026-11-27T11:59:00.000Z', null]);
    expect(facts!.treeSize).toBe(vector('receipt').digest.treeSize);
    expect(facts!.signedAt).toBe(vector('receipt').digest.time);
  });

  it('answers null for what is not shaped as a receipt', () => {
    expect(describeReceipt(null)).toBeNull();
    expect(describeReceipt({ events: 'x' })).toBeNull();
    expect(describeReceipt(vector('digest'))).toBeNull();
    const tooPrecise = receipt();
    tooPrecise.events[0].data.amount = '3.255';
    expect(describeReceipt(tooPrecise)).toBeNull();
    const unknownAsset = receipt();
    unknownAsset.events[0].data.asset = 'DOGE';
    expect(describeReceipt(unknownAsset)).toBeNull();
  });
});
