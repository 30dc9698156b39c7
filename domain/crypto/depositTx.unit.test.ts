import { describe, expect, it } from 'vitest';
import { ConflictError, ValidationError } from '../shared/errors.ts';
import { at, now, spec, user } from '../shared/testing.ts';
import { cryptoDepositDecider } from './cryptoDeposit.ts';
import { ABANDONED_CLAIM_MS, type DepositTxEvent, depositTxDecider, depositTxStream } from './depositTx.ts';
import { parseTxHash } from './txHash.ts';

const HEX = 'ab'.repeat(32);
const HASH = `0x${HEX}`;
const claimed = (depositId: string, claimedAt = at): DepositTxEvent => ({
  type: 'DepositTxClaimed',
  data: { network: 'ethereum', txHash: HASH, depositId, userId: user, claimedAt },
});
const claim = (
  depositId: string,
  seenHolder: { depositId: string; status: 'none' | 'pending' | 'confirmed' | 'rejected' } | null,
  when = now,
) => ({
  type: 'ClaimDepositTx' as const,
  data: { network: 'ethereum' as const, txHash: HASH, depositId, userId: user, seenHolder },
  now: when,
});

describe('transaction hashes in their network form', () => {
  it('writes each network its own way and refuses what is not of its form', () => {
    expect(parseTxHash('ethereum', HEX.toUpperCase())).toEqual({ ok: true, hash: HASH });
    expect(parseTxHash('bsc', `0X${HEX}`)).toEqual({ ok: true, hash: HASH });
    expect(parseTxHash('bitcoin', HEX.toUpperCase())).toEqual({ ok: true, hash: HEX });
    expect(parseTxHash('tron', `0x${HEX}`)).toEqual({ ok: true, hash: HEX });
    expect(parseTxHash('xrpl', HEX)).toEqual({ ok: true, hash: HEX.toUpperCase() });
    const signature =
      '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
    expect(parseTxHash('solana', signature)).toEqual({ ok: true, hash: signature });
    for (const [network, raw] of [
      ['ethereum', '0xabc123'],
      ['bitcoin', HASH],
      ['xrpl', `${HEX}0`],
      ['solana', HEX],
      ['solana', `${signature.slice(0, -1)}0`],
    ] as const) {
      expect(parseTxHash(network, raw).ok, `${network} ${raw}`).toBe(false);
    }
    expect(depositTxStream('ethereum', HASH)).toBe(`depositTx-ethereum-${HASH}`);
  });
  it('declares with the canonical hash and refuses another form', () => {
    const declare = (txHash: string) => ({
      type: 'DeclareCryptoDeposit' as const,
      data: { depositId: 'd1', userId: user, asset: 'ETH' as const, network: 'ethereum' as const, txHash },
      now,
    });
    spec(cryptoDepositDecider)
      .given([])
      .when(declare(HEX.toUpperCase()))
      .thenEmits([
        {
          type: 'CryptoDepositDeclared',
          data: {
            depositId: 'd1',
            userId: user,
            asset: 'ETH',
            network: 'ethereum',
            txHash: HASH,
            declaredAt: at,
          },
        },
      ]);
    spec(cryptoDepositDecider).given([]).when(declare('abc123')).thenThrows(ValidationError);
  });
});

describe('deposit transaction claims', () => {
  it('lets the first deposit claim a transaction; its own claim again is a no-op', () => {
    spec(depositTxDecider)
      .given([])
      .when(claim('d1', null))
      .thenEmits([claimed('d1')]);
    spec(depositTxDecider)
      .given([claimed('d1')])
      .when(claim('d1', null))
      .thenEmits([]);
  });
  it('refuses another deposit while the holder is pending, confirmed, or only just claimed', () => {
    for (const status of ['pending', 'confirmed', 'none'] as const) {
      spec(depositTxDecider)
        .given([claimed('d1')])
        .when(claim('d2', { depositId: 'd1', status }))
        .thenThrows(ConflictError);
    }
    // What the caller saw about another holder says nothing about this one.
    spec(depositTxDecider)
      .given([claimed('d1')])
      .when(claim('d2', { depositId: 'd0', status: 'rejected' }))
      .thenThrows(ConflictError);
  });
  it('takes over from a rejected holder, or from an abandoned one once old enough', () => {
    spec(depositTxDecider)
      .given([claimed('d1')])
      .when(claim('d2', { depositId: 'd1', status: 'rejected' }))
      .thenEmits([
        {
          type: 'DepositTxReleased',
          data: { network: 'ethereum', txHash: HASH, depositId: 'd1', reason: 'rejected', releasedAt: at },
        },
        claimed('d2'),
      ]);
    const old = new Date(now.getTime() - ABANDONED_CLAIM_MS).toISOString();
    spec(depositTxDecider)
      .given([claimed('d1', old)])
      .when(claim('d2', { depositId: 'd1', status: 'none' }))
      .thenEmits([
        {
          type: 'DepositTxReleased',
          data: { network: 'ethereum', txHash: HASH, depositId: 'd1', reason: 'abandoned', releasedAt: at },
        },
        claimed('d2'),
      ]);
  });
});
