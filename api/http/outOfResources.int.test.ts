import { afterEach, describe, expect, it } from 'vitest';
import { setUpAdminClient, setUpTestApp, signedUpClient } from '../../testing/testApp.ts';

/**
 * Postgres out of space (or memory) answers 503 Problem Details with Retry-After through the API's one error
 * boundary (problem.ts), never a 500: here the real server raises disk_full (53100) on the log's insert, as
 * it does when a data file cannot be extended, and a command that appends meets it.
 */
describe('the database out of resources', () => {
  const t = setUpTestApp();
  const admin = setUpAdminClient(t);
  afterEach(async () => {
    await t.db.pool.query('DROP TRIGGER IF EXISTS disk_full ON es_events');
    await t.db.pool.query('DROP FUNCTION IF EXISTS test_disk_full()');
  });

  it('answers 503 with Retry-After when an append meets disk_full, and works again once space is back', async () => {
    const alice = await signedUpClient(t);
    await t.db.pool.query(`CREATE FUNCTION test_disk_full() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$`);
    await t.db.pool.query(
      'CREATE TRIGGER disk_full BEFORE INSERT ON es_events FOR EACH ROW EXECUTE FUNCTION test_disk_full()',
    );
    const deposit = { type: 'admin_deposit', amount: '1.00', receiver_id: alice.user.id };
    const full = await admin.post('/api/transactions', deposit);
    expect(full.status).toBe(503);
    expect(full.headers.get('retry-after')).toBe('30');
    expect(full.headers.get('content-type')).toContain('application/problem+json');
    expect(full.body).toMatchObject({ status: 503, code: 'database_out_of_resources' });
    expect(t.logs.some((line) => line.includes('the database is out of resources'))).toBe(true);
    expect(t.logs.some((line) => line.includes('unhandled error'))).toBe(false);
    await t.db.pool.query('DROP TRIGGER disk_full ON es_events');
    expect((await admin.post('/api/transactions', deposit)).status).toBe(201);
  });
});
