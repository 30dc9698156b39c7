import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handleCommand } from '../../app/commands/handleCommand.ts';
import { CREDIT_GRACE_MS } from '../../app/workflows/followUps.ts';
import { accountDecider, accountStream } from '../../domain/accounts/account.ts';
import { balance, fund } from '../../testing/ledgerApp.ts';
import { setUpAdminClient, setUpTestApp, signedUpClient, type TestApp } from '../../testing/testApp.ts';

/** The credit a transfer leaves to the follow-up worker when its request dies, and no other. */
describe('token ledger over HTTP', () => {
  const t = setUpTestApp();
  const admin = setUpAdminClient(t);

  it('finishes a transfer whose credit was interrupted (follow-up worker)', async () => {
    const alice = await signedUpClient(t);
    const bob = await signedUpClient(t);
    const carol = await signedUpClient(t);
    await fund(admin, alice.user.id, '10.00');
    // A crash after the debit: append only the sender's side, as a dying request would leave it.
    const transactionId = randomUUID();
    const debit = await handleCommand(
      t.deps,
      accountStream(alice.user.id),
      accountDecider,
      {
        type: 'TransferTokens',
        data: {
          transactionId,
          fromUserId: alice.user.id,
          toUserId: bob.user.id,
          receiverExists: true,
          receiverSuspended: false,
          fromLabel: 'alice',
          toLabel: 'bob',
          asset: 'SAI',
          units: 600n,
          description: 'interrupted',
          stepUp: 'system',
        },
        now: new Date(),
      },
      { actorId: alice.user.id, correlationId: randomUUID(), causationId: null },
    );
    // The follow-up worker has seen the debit and gives the request its grace before crediting.
    expect(await t.deps.runner.waitFor(debit.position!, ['ledgerFollowUps'], 5_000)).toBe(true);
    const due = await t.db.pool.query('SELECT 1 FROM ledger_follow_ups_due WHERE transaction_id = $1', [
      transactionId,
    ]);
    expect(due.rowCount).toBe(1);
    // Bob can spend it once the follow-up applied the credit to his stream.
    const deadline = Date.now() + 10_000;
    let reply = await bob.client.post('/api/transactions', {
      type: 'transfer',
      amount: '6.00',
      receiver_id: carol.user.id,
    });
    while (reply.status === 422 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      reply = await bob.client.post('/api/transactions', {
        type: 'transfer',
        amount: '6.00',
        receiver_id: carol.user.id,
      });
    }
    expect(reply.status).toBe(201);
    await t.settle();
    expect(await balance(carol.client)).toBe('6.00');
    // Credited by the worker (caused by the debit), once, no sooner than the grace after the debit.
    const { rows } = await t.db.pool.query<{ caused_by: string; after_ms: number }>(
      `SELECT c.metadata->>'causationId' AS caused_by,
              (extract(epoch FROM c.created_at - d.created_at) * 1000)::float8 AS after_ms
         FROM es_events c JOIN es_events d ON d.event_type = 'TokensTransferred' AND d.data->>'transactionId' = $1
        WHERE c.event_type = 'TransferReceived' AND c.data->>'transactionId' = $1`,
      [transactionId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.caused_by).toBe(await debitEventId(t, transactionId));
    expect(rows[0]!.after_ms).toBeGreaterThanOrEqual(CREDIT_GRACE_MS);
    await expect
      .poll(
        async () =>
          (
            await t.db.pool.query('SELECT 1 FROM ledger_follow_ups_due WHERE transaction_id = $1', [
              transactionId,
            ])
          ).rowCount,
      )
      .toBe(0);
  });

  it('leaves the credits to their requests: the follow-up worker writes none of them', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => signedUpClient(t)));
    await Promise.all(users.map((u) => fund(admin, u.user.id, '10.00')));
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        users[i % 6]!.client.post('/api/transactions', {
          type: 'transfer',
          amount: '0.10',
          receiver_id: users[(i + 1 + (i % 5)) % 6]!.user.id,
        }),
      ),
    );
    for (const reply of replies) expect(reply.status, reply.text).toBe(201);
    const ids = replies.map((reply) => reply.body.id as string);
    await t.settle();
    expect(
      await t.deps.runner.waitFor((await t.deps.store.headPosition())!, ['ledgerFollowUps'], 5_000),
    ).toBe(true);
    // Every credit was written by its request (actor: the sender), none by the worker (actor: none).
    const { rows } = await t.db.pool.query<{ actor: string | null; sender: string }>(
      `SELECT metadata->>'actorId' AS actor, data->>'fromUserId' AS sender FROM es_events
        WHERE event_type = 'TransferReceived' AND data->>'transactionId' = ANY($1::text[])`,
      [ids],
    );
    expect(rows).toHaveLength(30);
    for (const row of rows) expect(row.actor).toBe(row.sender);
    const due = await t.db.pool.query(
      'SELECT 1 FROM ledger_follow_ups_due WHERE transaction_id = ANY($1::text[])',
      [ids],
    );
    expect(due.rowCount).toBe(0);
  });
});

async function debitEventId(t: TestApp, transactionId: string): Promise<string> {
  const { rows } = await t.db.pool.query<{ id: string }>(
    `SELECT event_id::text AS id FROM es_events WHERE event_type = 'TokensTransferred' AND data->>'transactionId' = $1`,
    [transactionId],
  );
  return rows[0]!.id;
}
