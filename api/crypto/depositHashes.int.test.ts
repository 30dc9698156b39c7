import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { StateCache } from '../../app/commands/handleCommand.ts';
import { declareDeposit } from '../../app/crypto/crypto.service.ts';
import { cryptoDepositStream } from '../../domain/crypto/cryptoDeposit.ts';
import { ConflictError } from '../../domain/shared/errors.ts';
import { setUpAdminClient, setUpTestApp, signedUpClient, type TestClient } from '../../testing/testApp.ts';
import { newEvmTxHash, newHexTxId, newSolanaSignature } from '../../testing/txHashes.ts';

const DECLARED_ON_ETHEREUM = 'This transaction hash has already been declared for a deposit on Ethereum';
const CREDITED_ON_ETHEREUM = 'This transaction has already been credited to a deposit on Ethereum';

/** One on-chain transaction, one deposit: (network, hash) pairs over HTTP, against real Postgres. */
const t = setUpTestApp();

const admin = setUpAdminClient(t, 'hash-admin@example.com');

const declare = (client: TestClient, body: Record<string, unknown>, key?: string) =>
  client.request('POST', '/api/crypto/deposits', body, key ? { 'Idempotency-Key': key } : {});

describe('deposit transaction hashes', () => {
  it('stores EVM hashes lower-case with 0x, and refuses a second declaration of one transaction, however spelled', async () => {
    const alice = await signedUpClient(t);
    const bob = await signedUpClient(t);
    const hex = newHexTxId();
    const first = await declare(alice.client, {
      currency: 'ETH',
      network: 'ethereum',
      txHash: hex.toUpperCase(),
    });
    expect(first.status, first.text).toBe(201);
    expect(first.body.txHash).toBe(`0x${hex}`);

    const before = await t.settledEventCount();
    const spellings = [`0x${hex}`, hex, `0X${hex.toUpperCase()}`, ` 0x${hex} `];
    for (const [who, client] of [
      ['same user', alice.client],
      ['other user', bob.client],
    ] as const) {
      for (const txHash of spellings) {
        // USDT on Ethereum names the same transaction: one (network, hash), whatever the currency.
        for (const currency of ['ETH', 'USDT']) {
          const again = await declare(client, { currency, network: 'ethereum', txHash });
          expect(again.status, `${who} ${currency} ${txHash}`).toBe(409);
          expect(again.body.message).toBe(DECLARED_ON_ETHEREUM);
          expect(again.body.fieldErrors.txHash).toBe(DECLARED_ON_ETHEREUM);
        }
      }
    }
    expect(await t.settledEventCount()).toBe(before);
    // Another network is another transaction.
    expect((await declare(bob.client, { currency: 'ETH', network: 'base', txHash: hex })).status).toBe(201);
    // A retry of the first declaration (same Idempotency-Key) is not a second declaration.
    const key = randomUUID();
    const hash = newEvmTxHash();
    const once = await declare(alice.client, { currency: 'ETH', network: 'arbitrum', txHash: hash }, key);
    const retried = await declare(alice.client, { currency: 'ETH', network: 'arbitrum', txHash: hash }, key);
    expect([once.status, retried.status]).toEqual([201, 201]);
    expect(retried.body.id).toBe(once.body.id);
  });
  it('checks and writes each network hash in the form its network uses', async () => {
    const user = await signedUpClient(t);
    const hex = newHexTxId();
    const signature = newSolanaSignature();
    const cases = [
      { currency: 'BTC', network: 'bitcoin', txHash: hex.toUpperCase(), stored: hex },
      { currency: 'USDT', network: 'tron', txHash: `0x${hex.toUpperCase()}`, stored: hex },
      { currency: 'XRP', network: 'xrpl', txHash: hex, stored: hex.toUpperCase() },
      { currency: 'SOL', network: 'solana', txHash: signature, stored: signature },
    ];
    for (const { stored, ...body } of cases) {
      const reply = await declare(user.client, body);
      expect(reply.status, `${body.network}: ${reply.text}`).toBe(201);
      expect(reply.body.txHash).toBe(stored);
    }
    // Base58 is case-sensitive: another spelling of a signature is another signature (or none at all).
    const swapped = signature.replace(/[a-z]/, (c) => c.toUpperCase());
    const other = await declare(user.client, { currency: 'SOL', network: 'solana', txHash: swapped });
    expect(other.status).not.toBe(409);
    expect(
      (await declare(user.client, { currency: 'SOL', network: 'solana', txHash: signature })).status,
    ).toBe(409);
    const before = await t.settledEventCount();
    const bad = [
      { currency: 'ETH', network: 'ethereum', txHash: '0xabc123' },
      { currency: 'BTC', network: 'bitcoin', txHash: `0x${hex}` },
      { currency: 'XRP', network: 'xrpl', txHash: `${hex}00` },
      { currency: 'SOL', network: 'solana', txHash: hex },
    ];
    for (const body of bad) {
      const reply = await declare(user.client, body);
      expect(reply.status, body.network).toBe(400);
      expect(reply.body.fieldErrors.txHash).toMatch(/transaction (hashes|ids|signatures) are/);
    }
    expect(await t.settledEventCount()).toBe(before);
  });
});

describe('deposit transaction hashes', () => {
  it('lets exactly one of ten concurrent declarations of a transaction win', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => signedUpClient(t)));
    const hex = newHexTxId();
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        declare(users[i % 5]!.client, {
          currency: 'USDC',
          network: 'ethereum',
          txHash: i % 2 ? hex.toUpperCase() : `0x${hex}`,
        }),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    await t.settle();
    const { rows } = await t.db.pool.query(`SELECT id FROM crypto_deposits WHERE lower(tx_hash) = $1`, [
      `0x${hex}`,
    ]);
    expect(rows).toHaveLength(1);
  });
  it('lets exactly one win across processes too: the claim is the append, not a lock in memory', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => signedUpClient(t)));
    const hash = newEvmTxHash();
    // Four "processes": one store, each its own state cache and per-stream queue.
    const processes = Array.from({ length: 4 }, () => ({ ...t.deps, cache: new StateCache() }));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        declareDeposit(
          processes[i % 4]!,
          {
            depositId: randomUUID(),
            userId: users[i % 4]!.user.id,
            asset: 'ETH',
            network: 'base',
            txHash: i % 3 ? hash : hash.slice(2).toUpperCase(),
          },
          { actorId: null, correlationId: randomUUID(), causationId: null },
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(ConflictError);
    const claims = await t.deps.store.readStream(`depositTx-base-${hash}`);
    expect(claims.map((e) => e.type)).toEqual(['DepositTxClaimed']);
  });
});

describe('deposit transaction hashes', () => {
  it('asks for the hash when a declaration without one is confirmed, and credits no transaction twice', async () => {
    const alice = await signedUpClient(t);
    const bob = await signedUpClient(t);
    const hashless = await declare(alice.client, { currency: 'ETH', network: 'ethereum' });
    expect(hashless.status).toBe(201);
    const before = await t.settledEventCount();
    const missing = await admin.patch(`/api/admin/crypto/deposits/${hashless.body.id}`, {
      action: 'confirm',
      amount: '1',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors.txHash).toBe('Enter the transaction hash of this deposit to confirm it');
    expect(await t.settledEventCount()).toBe(before);

    // Bob's declared transaction, credited; then the admin names it for Alice's deposit: refused.
    const hash = newEvmTxHash();
    const bobs = await declare(bob.client, { currency: 'ETH', network: 'ethereum', txHash: hash });
    const credited = await admin.patch(`/api/admin/crypto/deposits/${bobs.body.id}`, {
      action: 'confirm',
      amount: '2',
    });
    expect(credited.status, credited.text).toBe(200);
    const beforeTwice = await t.settledEventCount();
    for (const spelling of [hash, hash.slice(2).toUpperCase()]) {
      const twice = await admin.patch(`/api/admin/crypto/deposits/${hashless.body.id}`, {
        action: 'confirm',
        amount: '2',
        txHash: spelling,
      });
      expect(twice.status, spelling).toBe(409);
      expect(twice.body.message).toBe(CREDITED_ON_ETHEREUM);
    }
    expect(await t.settledEventCount()).toBe(beforeTwice);

    // A hash given for a declaration that has one must be that transaction.
    const other = await declare(bob.client, { currency: 'ETH', network: 'ethereum', txHash: newEvmTxHash() });
    const mismatch = await admin.patch(`/api/admin/crypto/deposits/${other.body.id}`, {
      action: 'confirm',
      amount: '1',
      txHash: newEvmTxHash(),
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fieldErrors.txHash).toBe('This deposit was declared with another transaction hash');

    // With a fresh hash the hashless declaration is confirmed, and the hash is stored with it.
    const fresh = newEvmTxHash();
    const ok = await admin.patch(`/api/admin/crypto/deposits/${hashless.body.id}`, {
      action: 'confirm',
      amount: '1.5',
      txHash: fresh.toUpperCase().replace('0X', ''),
    });
    expect(ok.status, ok.text).toBe(200);
    const again = await admin.patch(`/api/admin/crypto/deposits/${hashless.body.id}`, {
      action: 'confirm',
      amount: '1.5',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This deposit has already been confirmed');
    await t.settle();
    const mine = (await alice.client.get('/api/crypto/deposits')).body;
    expect(mine[0]).toMatchObject({ status: 'confirmed', txHash: fresh, amount: '1.50000000' });
    // ... and it is now taken: a declaration of it is refused.
    expect((await declare(bob.client, { currency: 'ETH', network: 'ethereum', txHash: fresh })).status).toBe(
      409,
    );
  });
});

describe('deposit transaction hashes', () => {
  it('frees the hash of a rejected declaration for a new one', async () => {
    const squatter = await signedUpClient(t);
    const owner = await signedUpClient(t);
    const hash = newEvmTxHash();
    const wrong = await declare(squatter.client, { currency: 'ETH', network: 'optimism', txHash: hash });
    expect((await declare(owner.client, { currency: 'ETH', network: 'optimism', txHash: hash })).status).toBe(
      409,
    );
    const rejected = await admin.patch(`/api/admin/crypto/deposits/${wrong.body.id}`, {
      action: 'reject',
      reason: 'Not your transaction',
    });
    expect(rejected.status).toBe(200);
    const right = await declare(owner.client, { currency: 'ETH', network: 'optimism', txHash: hash });
    expect(right.status, right.text).toBe(201);
    const confirmed = await admin.patch(`/api/admin/crypto/deposits/${right.body.id}`, {
      action: 'confirm',
      amount: '1',
    });
    expect(confirmed.status).toBe(200);
  });
  it('replays deposits written before the rule, and refuses to declare or credit their transactions again', async () => {
    const user = await signedUpClient(t);
    const hex = newHexTxId();
    const at = new Date().toISOString();
    const meta = { actorId: user.user.id, correlationId: randomUUID(), causationId: null };
    /** A deposit as the old code wrote it: the hash as typed, no claim stream, maybe confirmed. */
    const legacy = async (txHash: string, confirmed: boolean) => {
      const depositId = randomUUID();
      const data = {
        depositId,
        userId: user.user.id,
        asset: 'ETH',
        network: 'ethereum',
        txHash,
        declaredAt: at,
      };
      const events = [{ id: randomUUID(), type: 'CryptoDepositDeclared', data, metadata: meta }];
      if (confirmed) {
        const confirmation = { depositId, userId: user.user.id, asset: 'ETH', amount: '1.00000000' };
        events.push({
          id: randomUUID(),
          type: 'CryptoDepositConfirmed',
          data: { ...confirmation, confirmedBy: 'admin', at } as never,
          metadata: meta,
        });
      }
      await t.deps.store.append(cryptoDepositStream(depositId), events, { expectedRevision: 'no_stream' });
      return depositId;
    };
    await legacy(hex.toUpperCase(), true);
    const pendingTwin = await legacy(`0x${hex}`, false);
    await t.settle();

    const before = await t.settledEventCount();
    const declared = await declare(user.client, { currency: 'ETH', network: 'ethereum', txHash: hex });
    expect(declared.status).toBe(409);
    expect(declared.body.message).toBe(CREDITED_ON_ETHEREUM);
    const confirmTwin = await admin.patch(`/api/admin/crypto/deposits/${pendingTwin}`, {
      action: 'confirm',
      amount: '1',
    });
    expect(confirmTwin.status).toBe(409);
    expect(confirmTwin.body.message).toBe(CREDITED_ON_ETHEREUM);
    expect(await t.settledEventCount()).toBe(before);

    // Two old declarations of one transaction, neither confirmed: the first confirmation wins.
    const other = newHexTxId();
    const a = await legacy(other, false);
    const b = await legacy(`0X${other.toUpperCase()}`, false);
    await t.settle();
    const first = await admin.patch(`/api/admin/crypto/deposits/${a}`, { action: 'confirm', amount: '1' });
    expect(first.status, first.text).toBe(200);
    const second = await admin.patch(`/api/admin/crypto/deposits/${b}`, { action: 'confirm', amount: '1' });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(CREDITED_ON_ETHEREUM);
  });
});
