import { describe, expect, it } from 'vitest';
import { setUpAdminClient, setUpTestApp, setUpUserClient, type TestClient } from '../../testing/testApp.ts';

/**
 * Issue 29: a query parameter's accepted range matches the SQL type it ends in. `1-1-32768` passed the
 * cursor's pattern (five digits) and reached Postgres as a smallint: a 500. Every paging parameter past its
 * type is now a 400 Problem with a message, and the largest values of each type still page.
 */
describe('paging parameters within their SQL types', () => {
  const t = setUpTestApp();
  const user = setUpUserClient(t);
  const admin = setUpAdminClient(t, 'paging-admin@example.com');

  const refused = async (client: TestClient, path: string, field: string) => {
    const before = await t.eventCount();
    const reply = await client.get(path);
    expect(reply.status, path).toBe(400);
    expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(reply.body.fieldErrors[field], path).toMatch(new RegExp(field === 'cursor' ? 'cursor' : field));
    expect(await t.eventCount()).toBe(before);
  };

  // Just past smallint (the leg), bigint (prepare) and xid8 (commit), and one digit past each part.
  const PAST = [
    '1-1-32768',
    '1-1-99999',
    '1-9223372036854775808-0',
    '18446744073709551616-1-0',
    '1-99999999999999999999-0',
    '999999999999999999999-1-0',
    '1-1-100000',
  ];

  it('refuses a cursor part past its column type with a 400 on every cursor-paged list', async () => {
    for (const cursor of PAST) {
      await refused(user, `/api/transactions?cursor=${cursor}`, 'cursor');
      await refused(admin, `/api/transactions/all?cursor=${cursor}`, 'cursor');
    }
  });

  it('pages from the largest cursor each type holds', async () => {
    const largest = '18446744073709551615-9223372036854775807-32767';
    const own = await user.get(`/api/transactions?cursor=${largest}`);
    expect(own.status).toBe(200);
    expect(own.body.transactions).toEqual(expect.any(Array));
    const all = await admin.get(`/api/transactions/all?cursor=${largest}`);
    expect(all.status).toBe(200);
  });

  it('refuses an offset or a stream revision past its range, and one written in another notation', async () => {
    for (const offset of ['1000001', '2147483648', '1e3', '0x10', '-1'])
      await refused(admin, `/api/users?offset=${offset}`, 'offset');
    for (const revision of ['9223372036854775808', '99999999999999999999', '1e3', '-1'])
      await refused(
        admin,
        `/api/admin/audit/streams/settings-market?fromRevision=${revision}`,
        'fromRevision',
      );
    const largest = await admin.get(
      '/api/admin/audit/streams/settings-market?fromRevision=9223372036854775807',
    );
    expect(largest.status).toBe(200);
  });

  it('refuses a balance position past its types rather than reading one', async () => {
    const reply = await admin.get(
      '/api/admin/ledger/balance?account=issuance:SAI&position=18446744073709551616-1',
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/Position/);
  });
});
