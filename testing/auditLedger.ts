/** What the audit tests share: a small ledger (an admin, alice and bob, a deposit and some transfers). */
import { afterAll, beforeAll, expect } from 'vitest';
import { transfer } from './ledgerApp.ts';
import { adminClient, createTestApp, signedUpClient, type TestApp, type TestClient } from './testApp.ts';

export interface AuditLedger {
  t: TestApp;
  admin: TestClient;
  alice: Awaited<ReturnType<typeof signedUpClient>>;
  bob: Awaited<ReturnType<typeof signedUpClient>>;
}

/**
 * A test app whose ledger holds a deposit to alice and transfers both ways, with descriptions a
 * spreadsheet could misread; settled.
 */
export async function auditLedger(): Promise<AuditLedger> {
  const t = await createTestApp();
  const admin = await adminClient(t, 'audit-admin@example.com');
  const alice = await signedUpClient(t);
  const bob = await signedUpClient(t);
  await admin.post('/api/transactions', {
    type: 'admin_deposit',
    receiver_id: alice.user.id,
    amount: '100.00',
    description: 'Welcome, "friend"',
  });
  for (const [amount, description] of [
    ['12.50', '=HYPERLINK("http://evil.example")'],
    ['3.25', 'Dinner, drinks and a "taxi"'],
    ['1.00', '+1 idea'],
    ['0.75', '@handle -minus'],
  ] as const) {
    const r = await transfer(alice.client, bob.user.id, amount, description);
    expect(r.status).toBe(201);
  }
  await transfer(bob.client, alice.user.id, '2.00', 'back');
  await t.settle();
  return { t, admin, alice, bob };
}

/** Registers, in the calling describe, the audit ledger: made before its tests (handed to `use`), stopped after them. */
export function withAuditLedger(use: (ledger: AuditLedger) => void) {
  let ledger: AuditLedger | undefined;
  beforeAll(async () => {
    ledger = await auditLedger();
    use(ledger);
  });
  afterAll(async () => {
    await ledger?.t.stop();
  });
}
