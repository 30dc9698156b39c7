import { describe, expect, it } from 'vitest';
import { applyAndRecord } from '../../app/approvals/apply.ts';
import { grantApproval, loadApproval } from '../../app/approvals/approvals.service.ts';
import { verifyLedger } from '../../app/audit/verifyLedger.ts';
import { requestMetadata } from '../../app/context.ts';
import { eventText } from '../../testing/accountApp.ts';
import { declareEthDeposit, fundEth } from '../../testing/ledgerApp.ts';
import { appendForged } from '../../testing/logTamper.ts';
import {
  type Reply,
  setUpTestApp,
  signedInAdmin,
  signedUpClient,
  type TestClient,
} from '../../testing/testApp.ts';

const PASSWORD = 'admin-password-1';

/**
 * Four-eyes (docs/security.md, "Admin re-authentication and four-eyes"): above its asset's threshold an
 * admin money action is recorded as a request (202), applied from that record once another admin
 * approves with their own proof, and only once, whoever approves and however often.
 */
// Small thresholds, so the test's amounts stay small: SAI above 100, ETH above 1.
const t = setUpTestApp({ FOUR_EYES_THRESHOLDS: 'SAI=100,ETH=1' });

async function admins() {
  const a = await signedInAdmin(t);
  const b = await signedInAdmin(t);
  return { a: a.client, aId: a.userId, b: b.client, bId: b.userId };
}

const saiOf = async (client: TestClient) => (await client.get('/api/auth/user')).body.balance as string;

const ethOf = async (client: TestClient) =>
  (await client.get('/api/crypto/balances')).body.find((b: { currency: string }) => b.currency === 'ETH');

const minted = (t2: typeof t, transactionId: string) =>
  t2.loggedEvents('TokensMinted', "data->>'transactionId' = $2", [transactionId]);

// biome-ignore lint/suspicious/noExplicitAny: replies are asserted field by field
async function requested(reply: Reply<any>) {
  expect(reply.status, reply.text).toBe(202);
  expect(reply.body).toMatchObject({
    status: 'pending_approval',
    message: expect.stringMatching(/second admin/),
  });
  await t.settle();
  return reply.body.approvalId as string;
}

describe('four-eyes approvals', () => {
  it('records a large distribution instead of minting, and mints it from the record once another admin approves', async () => {
    const { a, aId, b, bId } = await admins();
    const user = await signedUpClient(t);
    const small = await a.post('/api/transactions', {
      type: 'admin_deposit',
      amount: '100.00',
      receiver_id: user.user.id,
    });
    expect(small.status, small.text).toBe(201);
    const id = await requested(
      await a.post('/api/transactions', {
        type: 'admin_deposit',
        amount: '250.00',
        receiver_id: user.user.id,
        description: 'Campaign prize',
      }),
    );
    expect(await saiOf(user.client)).toBe('100.00');

    // The list: A sees it as their own, B as one to approve; the full request is shown.
    const forA = (await a.get('/api/admin/approvals')).body.find((r: { id: string }) => r.id === id);
    expect(forA).toMatchObject({
      action: 'distribution',
      targetId: user.user.id,
      userId: user.user.id,
      asset: 'SAI',
      amount: '250.00',
      threshold: '100.00',
      reason: 'Campaign prize',
      requestedBy: aId,
      ownRequest: true,
    });
    const forB = (await b.get('/api/admin/approvals')).body.find((r: { id: string }) => r.id === id);
    expect(forB.ownRequest).toBe(false);

    // A cannot approve their own request: 403 with a message, nothing appended.
    const before = await t.settledEventCount();
    const own = await a.post(`/api/admin/approvals/${id}/approve`, {});
    expect(own.status, own.text).toBe(403);
    expect(own.body.message).toMatch(/cannot approve your own request/);
    // B needs a fresh proof; the body cannot carry anything else (applied from the record).
    b.autoProof = false;
    expect((await b.post(`/api/admin/approvals/${id}/approve`, {})).status).toBe(401);
    expect(
      (await b.post(`/api/admin/approvals/${id}/approve`, { password: PASSWORD, amount: '9999' })).status,
    ).toBe(400);
    expect(await t.settledEventCount()).toBe(before);

    const approved = await b.post(`/api/admin/approvals/${id}/approve`, { password: PASSWORD });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toEqual({ id, status: 'applied', transactionId: id, message: null });
    await t.settle();
    expect(await saiOf(user.client)).toBe('350.00');
    const [mint] = await minted(t, id);
    // The mint is the requester's (the record), countersigned on the approval stream by B.
    expect(mint?.data).toMatchObject({
      amount: '250.00',
      userId: user.user.id,
      mintedBy: aId,
      description: 'Campaign prize',
    });

    // Approving again answers the same outcome and mints nothing; a third admin is refused.
    const again = await b.post(`/api/admin/approvals/${id}/approve`, { password: PASSWORD });
    expect(again.body).toEqual(approved.body);
    const c = (await signedInAdmin(t)).client;
    const third = await c.post(`/api/admin/approvals/${id}/approve`, {});
    expect(third.status, third.text).toBe(409);
    await t.settle();
    expect(await minted(t, id)).toHaveLength(1);
    expect((await b.get('/api/admin/approvals')).body.some((r: { id: string }) => r.id === id)).toBe(false);

    // Each step is on the audit trail of the user whose money it moved, with its actor.
    const streams = (await b.get(`/api/admin/audit/users/${user.user.id}`)).body.streams as string[];
    expect(streams).toContain(`approval-${id}`);
    const trail = (await b.get(`/api/admin/audit/streams/approval-${id}`)).body.events as {
      type: string;
      actorId: string;
    }[];
    expect(trail.map((e) => [e.type, e.actorId])).toEqual([
      ['ApprovalRequested', aId],
      ['ApprovalGranted', bId],
      ['ApprovedActionApplied', bId],
    ]);
    expect(await eventText(t)).not.toContain(PASSWORD);
    expect(t.logs.join('\n')).not.toContain(PASSWORD);
  });
});

describe('four-eyes approvals', () => {
  it('applies once when two admins approve at the same moment, and when one approves twice at once', async () => {
    const { a, b } = await admins();
    const c = (await signedInAdmin(t)).client;
    const user = await signedUpClient(t);
    const send = () =>
      a.post('/api/transactions', { type: 'admin_deposit', amount: '500.00', receiver_id: user.user.id });
    const first = await requested(await send());
    const race = await Promise.all([
      b.post(`/api/admin/approvals/${first}/approve`, {}),
      c.post(`/api/admin/approvals/${first}/approve`, {}),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    const second = await requested(await send());
    const twice = await Promise.all([
      b.post(`/api/admin/approvals/${second}/approve`, {}),
      b.post(`/api/admin/approvals/${second}/approve`, {}),
    ]);
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    expect(twice[0]!.body).toEqual(twice[1]!.body);
    await t.settle();
    expect(await minted(t, first)).toHaveLength(1);
    expect(await minted(t, second)).toHaveLength(1);
    expect(await saiOf(user.client)).toBe('1000.00');
  });
  it('keeps the request to its key: a retry is the same request, a retry with another amount is refused', async () => {
    const { a } = await admins();
    const user = await signedUpClient(t);
    const key = { 'Idempotency-Key': `four-eyes-${user.user.id}` };
    const body = { type: 'admin_deposit', amount: '300.00', receiver_id: user.user.id };
    const id = await requested(await a.post('/api/transactions', body, key));
    const retry = await a.post('/api/transactions', body, key);
    expect(retry.status).toBe(202);
    expect(retry.body.approvalId).toBe(id);
    expect((await a.post('/api/transactions', { ...body, amount: '301.00' }, key)).status).toBe(422);
    await t.settle();
    expect(await t.loggedEvents('ApprovalRequested', "data->>'approvalId' = $2", [id])).toHaveLength(1);
  });
  it('rejects by another admin, cancels by the requester, and then approves nothing', async () => {
    const { a, b } = await admins();
    const user = await signedUpClient(t);
    const send = () =>
      a.post('/api/transactions', { type: 'admin_deposit', amount: '150.00', receiver_id: user.user.id });
    const rejected = await requested(await send());
    const rejection = await b.post(`/api/admin/approvals/${rejected}/reject`, {
      reason: 'Not in the campaign plan',
    });
    expect(rejection.body).toMatchObject({ id: rejected, status: 'rejected' });
    expect((await b.post(`/api/admin/approvals/${rejected}/approve`, {})).status).toBe(409);
    const cancelled = await requested(await send());
    expect((await a.post(`/api/admin/approvals/${cancelled}/reject`, {})).body.status).toBe('cancelled');
    expect((await b.post(`/api/admin/approvals/${cancelled}/approve`, {})).status).toBe(409);
    await t.settle();
    expect(await saiOf(user.client)).toBe('0.00');
  });
});

describe('four-eyes approvals', () => {
  it('holds a large deposit confirmation, payment approval and withdrawal completion for a second admin', async () => {
    const { a, b } = await admins();
    const user = await signedUpClient(t);
    // The deposit: 2 ETH, above the 1 ETH threshold.
    const declared = await declareEthDeposit(user.client);
    const depositRequest = await requested(
      await a.patch(`/api/admin/crypto/deposits/${declared.body.id}`, { action: 'confirm', amount: '2' }),
    );
    expect(await ethOf(user.client)).toMatchObject({ balance: '0.00000000' });
    expect((await b.post(`/api/admin/approvals/${depositRequest}/approve`, {})).body.status).toBe('applied');
    await t.settle();
    expect(await ethOf(user.client)).toMatchObject({ balance: '2.00000000' });

    // The withdrawal of 1.5 ETH: held at once, sent out only once a second admin approves.
    const withdrawal = await user.client.post('/api/crypto/withdraw', {
      currency: 'ETH',
      amount: '1.5',
      address: '0x1234567890abcdef1234567890abcdef12345678',
      chain: 'ethereum',
      password: user.registration.password,
    });
    expect(withdrawal.status, withdrawal.text).toBe(201);
    const completion = await requested(
      await a.patch(`/api/admin/crypto/withdrawals/${withdrawal.body.id}`, {
        action: 'complete',
        txHash: '0xfeedbeef00112233',
      }),
    );
    expect((await user.client.get('/api/crypto/withdrawals')).body[0].status).toBe('pending');
    expect((await b.post(`/api/admin/approvals/${completion}/approve`, {})).body.status).toBe('applied');
    await t.settle();
    expect((await user.client.get('/api/crypto/withdrawals')).body[0]).toMatchObject({
      status: 'completed',
      txHash: '0xfeedbeef00112233',
    });

    // A purchase of 200 SAI: approving it mints above the 100 SAI threshold.
    const payment = await user.client.post('/api/payments/verify', { paymentMethod: 'USDT', amount: '200' });
    expect(payment.status, payment.text).toBe(201);
    const approval = await requested(
      await a.patch(`/api/payments/${payment.body.id}/verify`, { approved: true }),
    );
    expect(await saiOf(user.client)).toBe('0.00');
    expect((await b.post(`/api/admin/approvals/${approval}/approve`, {})).body.status).toBe('applied');
    await t.settle();
    expect(await saiOf(user.client)).toBe('200.00');
  });
});

describe('four-eyes approvals', () => {
  it('records a refusal as the outcome when the request can no longer be applied', async () => {
    const { a, b } = await admins();
    const user = await signedUpClient(t);
    await fundEth(a, user.client, '0.5');
    const declared = await declareEthDeposit(user.client);
    const id = await requested(
      await a.patch(`/api/admin/crypto/deposits/${declared.body.id}`, { action: 'confirm', amount: '5' }),
    );
    // Meanwhile the deposit is rejected: the approved request cannot credit it.
    expect(
      (
        await a.patch(`/api/admin/crypto/deposits/${declared.body.id}`, {
          action: 'reject',
          reason: 'Bounced',
        })
      ).status,
    ).toBe(200);
    const approved = await b.post(`/api/admin/approvals/${id}/approve`, {});
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'refused',
      transactionId: null,
      message: expect.any(String),
    });
    const again = await b.post(`/api/admin/approvals/${id}/approve`, {});
    expect(again.body).toEqual(approved.body);
    await t.settle();
    expect(await ethOf(user.client)).toMatchObject({ balance: '0.50000000' });
  });
  it('finishes an approval whose apply never ran (a crash after the approval) by itself, once', async () => {
    const { a, b, bId } = await admins();
    const user = await signedUpClient(t);
    const id = await requested(
      await a.post('/api/transactions', {
        type: 'admin_deposit',
        amount: '400.00',
        receiver_id: user.user.id,
      }),
    );
    // The approval is written, the process dies before the apply: no admin sees it waiting any more, so
    // the follow-up worker applies it from the record once the approver's request had its time.
    await grantApproval(t.deps, { approvalId: id, approverId: bId }, requestMetadata(bId, 'crashed-request'));
    await t.settle();
    expect((await b.get('/api/admin/approvals')).body.some((r: { id: string }) => r.id === id)).toBe(false);
    await expect
      .poll(async () => (await loadApproval(t.deps, id)).status, { timeout: 30_000 })
      .toBe('applied');
    await t.settle();
    expect(await saiOf(user.client)).toBe('400.00');
    expect(await minted(t, id)).toHaveLength(1);
    const due = await t.db.pool.query('SELECT 1 FROM approval_follow_ups_due WHERE approval_id = $1', [id]);
    expect(due.rowCount).toBe(0);
    // Approving again answers the recorded outcome and moves nothing more.
    const again = await b.post(`/api/admin/approvals/${id}/approve`, {});
    expect(again.body).toMatchObject({ status: 'applied', transactionId: id });
    await t.settle();
    expect(await minted(t, id)).toHaveLength(1);
    expect(await saiOf(user.client)).toBe('400.00');
  });
});

describe('four-eyes approvals', () => {
  it('applies once and answers one outcome when the approver and the follow-up apply at the same time', async () => {
    const { a, bId } = await admins();
    const user = await signedUpClient(t);
    const declared = await declareEthDeposit(user.client);
    const deposit = await requested(
      await a.patch(`/api/admin/crypto/deposits/${declared.body.id}`, { action: 'confirm', amount: '3' }),
    );
    const distribution = await requested(
      await a.post('/api/transactions', {
        type: 'admin_deposit',
        amount: '300.00',
        receiver_id: user.user.id,
      }),
    );
    for (const id of [deposit, distribution]) {
      const granted = await grantApproval(
        t.deps,
        { approvalId: id, approverId: bId },
        requestMetadata(bId, `race-${id}`),
      );
      // Two runs from the same record, as the approver's request and the worker would: one outcome.
      const [first, second] = await Promise.all([
        applyAndRecord(t.deps, id, granted.state, requestMetadata(bId, `race-a-${id}`)),
        applyAndRecord(t.deps, id, granted.state, requestMetadata(null, `race-b-${id}`)),
      ]);
      expect(first.state.outcome).toEqual({ applied: true, transactionId: expect.any(String) });
      expect(second.state.outcome).toEqual(first.state.outcome);
    }
    await t.settle();
    expect(await ethOf(user.client)).toMatchObject({ balance: '3.00000000' });
    expect(await saiOf(user.client)).toBe('300.00');
    expect(await minted(t, distribution)).toHaveLength(1);
  });
  // Runs last: every request above, applied or not, leaves a log the verifier accepts (every mint backed
  // by its order, every credit by its confirmation, conservation per asset).
  it('leaves a log ledger:verify accepts', async () => {
    await t.settle();
    expect((await verifyLedger(t.deps.store, t.db.pool)).problems).toEqual([]);
  });
});

describe('four-eyes approvals', () => {
  it('has ledger:verify name what an insider appends to a request: a mint nobody approved, a self-approval', async () => {
    const { a, aId } = await admins();
    const user = await signedUpClient(t);
    // Under the threshold: minted at once, so the receiver's account stream exists to append to.
    await a.post('/api/transactions', { type: 'admin_deposit', amount: '5.00', receiver_id: user.user.id });
    const pending = await requested(
      await a.post('/api/transactions', {
        type: 'admin_deposit',
        amount: '150.00',
        receiver_id: user.user.id,
      }),
    );
    await t.settle();
    const [honest] = await t.loggedEvents(
      'TokensMinted',
      "stream_name = $2 AND data->>'source' = 'distribution'",
      [`account-${user.user.id}`],
    );
    // The requester mints the waiting distribution as apply.ts would, without the second admin, then
    // records an approval in their own name.
    const mint = await appendForged(t.db, `account-${user.user.id}`, 'TokensMinted', {
      ...honest!.data,
      transactionId: pending,
      amount: '150.00',
      mintedBy: aId,
      mintedAt: new Date().toISOString(),
      // In plain text: a sealed value opens only in the event it was sealed for.
      description: 'Token distribution',
    });
    const grant = await appendForged(t.db, `approval-${pending}`, 'ApprovalGranted', {
      approvalId: pending,
      approvedBy: aId,
      approvedAt: new Date().toISOString(),
    });
    const problems = (await verifyLedger(t.deps.store, t.db.pool)).problems.join('\n');
    expect(problems).toContain(`event ${mint}`);
    expect(problems).toContain(
      `a distribution under four-eyes request ${pending}, which no other admin approved`,
    );
    expect(problems).toContain(`event ${grant}`);
    expect(problems).toContain(`four-eyes request ${pending} approved by the admin who requested it`);
  });
});
