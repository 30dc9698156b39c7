import { describe, expect, it } from 'vitest';
import { allProjections } from '../../projections/index.ts';
import { ledgerProjection } from '../../projections/ledger/ledger.projection.ts';
import { applyEvent, handledTypes, oneHandlerFor, type Projection } from '../../projections/projection.ts';
import { balance, fund } from '../../testing/ledgerApp.ts';
import { adminClient, setUpTestApp, signedUpClient } from '../../testing/testApp.ts';

/** Every projection, with the ledger's made slow on purpose: `delayMs` before each event, event by event. */
function withSlowLedger(delayMs: number): Projection[] {
  const slowLedger: Projection = {
    ...ledgerProjection,
    // Event by event, so every event pays the delay.
    applyBatch: undefined,
    handlers: oneHandlerFor(handledTypes(ledgerProjection), async (event, tx) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await applyEvent(ledgerProjection, event, tx);
    }),
  };
  return allProjections.map((p) => (p.name === 'ledger' ? slowLedger : p));
}

describe('read-your-writes', () => {
  // Without the wait, the balance read right after a command would still be the old one.
  const t = setUpTestApp({}, { projections: withSlowLedger(300) });

  it('shows the sender their own new balance on the very next read', async () => {
    const admin = await adminClient(t);
    const alice = await signedUpClient(t);
    const bob = await signedUpClient(t);
    await fund(admin, alice.user.id, '10.00');
    expect(await balance(admin)).toBe('0.00');
    // Alice's session did not write the funding, so she may wait; her own transfer must show at once.
    await new Promise((resolve) => setTimeout(resolve, 700));
    const sent = await alice.client.post('/api/transactions', {
      type: 'transfer',
      amount: '4.00',
      receiver_id: bob.user.id,
    });
    expect(sent.status).toBe(201);
    expect(sent.headers.get('x-log-position')).toMatch(/^\d+-\d+$/);
    expect(await balance(alice.client)).toBe('6.00');
  });
});

describe('read-your-writes past its bound', () => {
  // Slower than the 1 s bound: the read after a write cannot be up to date in time.
  const t = setUpTestApp({}, { projections: withSlowLedger(1_200) });

  it('tells the client the answer is behind its own write, and stops saying so once caught up', async () => {
    const admin = await adminClient(t);
    const alice = await signedUpClient(t);
    await t.settle();
    const funded = await admin.post('/api/transactions', {
      type: 'admin_deposit',
      amount: '3.00',
      receiver_id: alice.user.id,
    });
    expect(funded.status).toBe(201);
    // The first answer as it is (admin.get would ask again, as the web client does).
    const behind = await admin.request('GET', '/api/transactions/all');
    expect(behind.headers.get('x-read-your-writes')).toBe('behind');
    await t.settle();
    const current = await admin.get('/api/transactions/all');
    expect(current.headers.get('x-read-your-writes')).toBeNull();
    expect(current.body.transactions[0].amount).toBe('3.00');
  }, 60_000);
});
