import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appStore } from '../../testing/appStore.ts';
import { appendForged, editEvent, type LoggedRow } from '../../testing/logTamper.ts';
import { adminClient, createTestApp, signedUpClient, type TestApp } from '../../testing/testApp.ts';
import { setUpCopies, type TestDatabase } from '../../testing/testDb.ts';
import { verifyLedger } from './verifyLedger.ts';

/**
 * Card stakes an insider made up (docs/ledger.md invariant 13, domain/ledger/stakeAudit.ts): events each
 * well formed and chained, that say a card has a tier no money backs, or that more came back than was held.
 * Each case works on a copy of a database holding a real log made through the API.
 */
describe('ledger:verify against card stakes an insider made up', () => {
  let t: TestApp;
  let userId: string;
  let cardId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await adminClient(t, 'stake-audit@example.com');
    const holder = await signedUpClient(t);
    userId = holder.user.id;
    const given = await admin.post('/api/transactions', {
      type: 'admin_deposit',
      receiver_id: userId,
      amount: '600',
    });
    expect(given.status, given.text).toBe(201);
    await t.settle();
    cardId = (await holder.client.post('/api/cards', {})).body.id;
    for (const tier of ['black', 'ruby']) {
      const staked = await holder.client.post(`/api/cards/${cardId}/stake`, { tier });
      expect(staked.status, staked.text).toBe(200);
    }
    await t.settle();
    await t.stopServices();
  }, 120_000);

  afterAll(async () => {
    await t?.stop();
  });

  const copy = setUpCopies(() => t.db, 'stake');
  const verify = (db: TestDatabase) => verifyLedger(appStore(db.pool, db.url), db.pool);
  const named = (problems: string[], eventId: string) =>
    problems.filter((p) => p.includes(`event ${eventId}`)).join('\n');

  it('the honest log passes: a stake placed, part of it released, the card following each', async () => {
    const db = await copy();
    const report = await verify(db);
    expect(report.problems).toEqual([]);
    expect(report.warnings).toEqual([]);
  }, 60_000);

  it("a CardStaked on the card's stream with no hold behind it: named as a stake without its hold", async () => {
    const db = await copy();
    const forged = await appendForged(db, `card-${cardId}`, 'CardStaked', {
      cardId,
      userId,
      transactionId: randomUUID(),
      tier: 'black',
      staked: '500.00',
      at: new Date().toISOString(),
    });
    const report = await verify(db);
    expect(named(report.problems, forged)).toContain('without its hold');
  }, 60_000);

  it('a stake edited down to half, its hash chain rewritten: the stake and the card it backs disagree', async () => {
    const db = await copy();
    const placed = (
      await db.pool.query<LoggedRow>(
        `SELECT event_id::text, stream_name, data FROM es_events WHERE event_type = 'CardStakePlaced' LIMIT 1`,
      )
    ).rows[0]!;
    await editEvent(db, placed, { amount: '250.00' });
    const report = await verify(db);
    expect(named(report.problems, placed.event_id)).toContain('its stake events add up to 25000 minor units');
  }, 60_000);

  it('a release of more than is staked, forged on the account: named, and holds:SAI goes below zero', async () => {
    const db = await copy();
    const forged = await appendForged(db, `account-${userId}`, 'CardStakeReleased', {
      transactionId: randomUUID(),
      userId,
      asset: 'SAI',
      amount: '300.00',
      tier: 'gold',
      staked: '0.00',
      releasedAt: new Date().toISOString(),
    });
    const report = await verify(db);
    const found = named(report.problems, forged);
    expect(found).toContain('it releases 300.00 SAI of a stake of 25000 minor units');
    expect(found).toContain('holds:SAI in SAI goes below zero');
  }, 60_000);
});
