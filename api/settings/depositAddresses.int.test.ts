import { describe, expect, it } from 'vitest';
import { seedDepositAddresses } from '../../app/settings/depositAddresses.service.ts';
import { DEPOSIT_ADDRESSES_STREAM } from '../../domain/settings/depositAddresses.ts';
import { NO_DEPOSIT_ADDRESSES, TEST_DEPOSIT_ADDRESSES } from '../../testing/depositAddresses.ts';
import {
  setUpAdminClient,
  setUpTestApp,
  setUpUserClient,
  type TestApp,
  type TestClient,
} from '../../testing/testApp.ts';

const ETH = '0x52908400098527886E0F7030069857D2E4169EE7';
const OTHER_ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const ADMIN_PATH = '/api/admin/settings/deposit-addresses';

interface Entry {
  currency: string;
  network: string;
  networkName: string;
  minimum: string | null;
  address: string | null;
  source?: string | null;
  updatedBy?: string | null;
}

const put = (client: TestClient, pair: string, body: unknown) =>
  client.request('PUT', `${ADMIN_PATH}/${pair}`, body);
const clear = (client: TestClient, pair: string) => client.request('DELETE', `${ADMIN_PATH}/${pair}`);

async function addressOf(client: TestClient, currency: string, network: string) {
  const list = (await client.get('/api/crypto/deposit-addresses')).body as Entry[];
  return list.find((e) => e.currency === currency && e.network === network)?.address;
}

async function streamTypes(t: TestApp) {
  return (await t.deps.store.readStream(DEPOSIT_ADDRESSES_STREAM)).map((e) => e.type);
}

describe('deposit addresses, none configured', () => {
  const t = setUpTestApp({ ...NO_DEPOSIT_ADDRESSES });
  const admin = setUpAdminClient(t);
  const user = setUpUserClient(t);

  it('lists every (currency, network) with its network and minimum, none with an address', async () => {
    expect((await t.client().get('/api/crypto/deposit-addresses')).status).toBe(401);
    const list = (await user.get('/api/crypto/deposit-addresses')).body as Entry[];
    expect(list.every((e) => e.address === null)).toBe(true);
    expect(list).toContainEqual({
      currency: 'USDT',
      network: 'tron',
      networkName: 'Tron TRC-20',
      minimum: '20',
      address: null,
    });
    expect(await streamTypes(t)).toEqual([]);
  });

  it('refuses a deposit declaration and a payment proof without an address, appending nothing', async () => {
    const before = await t.settledEventCount();
    const declared = await user.post('/api/crypto/deposits', { currency: 'ETH', network: 'ethereum' });
    expect(declared.status, declared.text).toBe(422);
    expect(declared.body.detail).toBe(
      'Deposits in ETH on Ethereum are not available yet: no deposit address is set',
    );
    expect(declared.body.fieldErrors).toEqual({ network: declared.body.detail });
    const paid = await user.post('/api/payments/verify', { paymentMethod: 'USDT', amount: '100' });
    expect(paid.status, paid.text).toBe(422);
    expect(paid.body.detail).toBe(
      'Deposits in USDT on Ethereum are not available yet: no deposit address is set',
    );
    expect(paid.body.fieldErrors).toEqual({ paymentMethod: paid.body.detail });
    expect(await t.settledEventCount()).toBe(before);
  });

  it('only an admin sets an address; a bad one is a 400 that appends nothing', async () => {
    expect((await put(user, 'ETH/ethereum', { address: ETH })).status).toBe(403);
    expect((await clear(user, 'ETH/ethereum')).status).toBe(403);
    expect((await user.get(ADMIN_PATH)).status).toBe(403);
    const before = await t.settledEventCount();
    const checksum = await put(admin, 'ETH/ethereum', {
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD',
    });
    expect(checksum.status).toBe(400);
    expect(checksum.body.detail).toBe(
      'Not a valid Ethereum address: the mixed-case checksum (EIP-55) does not match',
    );
    expect(checksum.body.fieldErrors).toEqual({ address: checksum.body.detail });
    const tron = await put(admin, 'USDT/tron', { address: ETH });
    expect(tron.status).toBe(400);
    expect(tron.body.detail).toMatch(/^Not a valid Tron TRC-20 address/);
    expect((await put(admin, 'BTC/ethereum', { address: ETH })).body.detail).toBe(
      'BTC is not deposited on Ethereum',
    );
    expect((await put(admin, 'DOGE/ethereum', { address: ETH })).status).toBe(400);
    expect((await put(admin, 'ETH/ethereum', {})).status).toBe(400);
    expect(await t.settledEventCount()).toBe(before);
  });

  it('an address an admin sets is an audited event, and deposits and payments are taken', async () => {
    const set = await put(admin, 'ETH/ethereum', { address: ETH });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ currency: 'ETH', network: 'ethereum', address: ETH, source: 'admin' });
    const [event] = await t.deps.store.readStream(DEPOSIT_ADDRESSES_STREAM);
    expect(event).toMatchObject({
      type: 'DepositAddressSet',
      data: { currency: 'ETH', network: 'ethereum', address: ETH, setBy: set.body.updatedBy },
    });
    expect(set.body.updatedBy).toEqual(expect.any(String));
    expect(await addressOf(user, 'ETH', 'ethereum')).toBe(ETH);
    // Another pair of the same family is still unset.
    expect(await addressOf(user, 'ETH', 'base')).toBeNull();
    expect((await user.post('/api/crypto/deposits', { currency: 'ETH', network: 'base' })).status).toBe(422);
    expect((await user.post('/api/crypto/deposits', { currency: 'ETH', network: 'ethereum' })).status).toBe(
      201,
    );
    expect((await user.post('/api/payments/verify', { paymentMethod: 'ETH', amount: '100' })).status).toBe(
      201,
    );

    const cleared = await clear(admin, 'ETH/ethereum');
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.address).toBeNull();
    expect(await streamTypes(t)).toEqual(['DepositAddressSet', 'DepositAddressCleared']);
    expect(await addressOf(user, 'ETH', 'ethereum')).toBeNull();
    expect((await user.post('/api/crypto/deposits', { currency: 'ETH', network: 'ethereum' })).status).toBe(
      422,
    );
  });
});

describe('deposit addresses seeded from DEPOSIT_ADDRESS_*', () => {
  const t = setUpTestApp({ ...NO_DEPOSIT_ADDRESSES, DEPOSIT_ADDRESS_ETH: ETH });
  const admin = setUpAdminClient(t);

  it('seeds every pair of the family once; a restart appends nothing and never overrides an admin', async () => {
    await t.settle();
    const list = (await admin.get(ADMIN_PATH)).body as Entry[];
    const seeded = list.filter((e) => e.address !== null);
    expect(seeded.map((e) => `${e.currency}:${e.network}`).sort()).toEqual(
      [
        'BNB:bsc',
        'ETH:arbitrum',
        'ETH:base',
        'ETH:ethereum',
        'ETH:optimism',
        'USDC:arbitrum',
        'USDC:base',
        'USDC:ethereum',
        'USDT:bsc',
        'USDT:ethereum',
      ].sort(),
    );
    expect(
      seeded.every((e) => e.address === ETH && e.source === 'DEPOSIT_ADDRESS_ETH' && e.updatedBy === null),
    ).toBe(true);
    const seededEvents = (await streamTypes(t)).length;
    expect(seededEvents).toBe(seeded.length);

    // A restart with the same variables.
    expect(await seedDepositAddresses(t.deps, { DEPOSIT_ADDRESS_ETH: ETH })).toBe(0);
    expect((await streamTypes(t)).length).toBe(seededEvents);

    // The admin changes one pair and clears another; a restart with another ETH seed changes neither.
    expect((await put(admin, 'USDT/ethereum', { address: OTHER_ETH })).status).toBe(200);
    expect((await clear(admin, 'ETH/base')).status).toBe(200);
    const restarted = await seedDepositAddresses(t.deps, {
      DEPOSIT_ADDRESS_ETH: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      DEPOSIT_ADDRESS_TRX: TEST_DEPOSIT_ADDRESSES.DEPOSIT_ADDRESS_TRX,
    });
    // Only the family newly configured (Tron: USDT) is seeded.
    expect(restarted).toBe(1);
    await t.settle();
    const after = (await admin.get(ADMIN_PATH)).body as Entry[];
    const of = (currency: string, network: string) =>
      after.find((e) => e.currency === currency && e.network === network);
    expect(of('USDT', 'ethereum')).toMatchObject({ address: OTHER_ETH, source: 'admin' });
    expect(of('ETH', 'base')?.address).toBeNull();
    expect(of('ETH', 'ethereum')?.address).toBe(ETH);
    expect(of('USDT', 'tron')).toMatchObject({
      address: TEST_DEPOSIT_ADDRESSES.DEPOSIT_ADDRESS_TRX,
      source: 'DEPOSIT_ADDRESS_TRX',
    });
    // The older per-family answer shows each family's main pair.
    expect((await t.client().get('/api/config/public')).body.depositAddress).toEqual({
      ETH,
      TRX: TEST_DEPOSIT_ADDRESSES.DEPOSIT_ADDRESS_TRX,
    });
  });
});
