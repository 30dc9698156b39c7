import { describe, expect, it } from 'vitest';
import { FourEyesAudit } from './fourEyesAudit.ts';

const seen = { where: 'here', recordedAt: new Date('2026-12-01T10:00:00Z') };
const ADMINS = new Set(['adminA01', 'adminB02']);
const on = (streamName: string, type: string, data: Record<string, unknown>) => ({
  event: { streamName, type },
  data,
});
const request = (id: string, by = 'adminA01') =>
  on(`approval-${id}`, 'ApprovalRequested', {
    approvalId: id,
    action: 'distribution',
    targetId: 'bob00002',
    userId: 'bob00002',
    asset: 'SAI',
    units: '2000000',
    reason: '',
    txHash: null,
    requestedBy: by,
    requestedAt: '2026-12-01T10:00:00Z',
  });
const grant = (id: string, by: string) =>
  on(`approval-${id}`, 'ApprovalGranted', {
    approvalId: id,
    approvedBy: by,
    approvedAt: '2026-12-01T10:01:00Z',
  });
const applied = (id: string) =>
  on(`approval-${id}`, 'ApprovedActionApplied', {
    approvalId: id,
    transactionId: id,
    appliedAt: '2026-12-01T10:01:00Z',
  });
const mint = (id: string, amount = '20000.00', userId = 'bob00002', mintedBy = 'adminA01') =>
  on(`account-${userId}`, 'TokensMinted', {
    transactionId: id,
    userId,
    asset: 'SAI',
    amount,
    source: 'distribution',
    mintedBy,
  });

function audit(...steps: ReturnType<typeof on>[]) {
  const fourEyes = new FourEyesAudit((userId) => ADMINS.has(userId));
  return steps.map((step) => fourEyes.observe(step.event, step.data, seen));
}

describe('the four-eyes audit (docs/ledger.md invariant 14)', () => {
  it('passes a request another admin approved, minted as asked, then recorded applied', () => {
    expect(audit(request('r1'), grant('r1', 'adminB02'), mint('r1'), applied('r1')).flat()).toEqual([]);
    // A distribution under no request is not this check's (invariant 11 holds it to its admin and order).
    expect(audit(mint('plain-1', '5.00')).flat()).toEqual([]);
  });

  it('names a request approved by its own requester, or by someone who is not an admin', () => {
    const problems = audit(request('r1'), grant('r1', 'adminA01'), request('r2'), grant('r2', 'bob00002'));
    expect(problems[1]).toEqual(['four-eyes request r1 approved by the admin who requested it']);
    expect(problems[3]).toEqual(['approved by bob00002, who is not an admin at this point of the log']);
  });

  it('names a mint and an outcome under a request nobody else approved, and an approval of no request', () => {
    const problems = audit(request('r1'), mint('r1'), applied('r1'), grant('r9', 'adminB02'));
    expect(problems[1]).toEqual(['a distribution under four-eyes request r1, which no other admin approved']);
    expect(problems[2]).toEqual(["four-eyes request r1 applied without another admin's approval before it"]);
    expect(problems[3]).toEqual(['an approval of four-eyes request r9, which nobody requested before it']);
  });

  it('names a distribution that differs from the approved request: receiver, amount, who minted it', () => {
    const problems = audit(
      request('r1'),
      grant('r1', 'adminB02'),
      mint('r1', '30000.00', 'eve00003', 'adminB02'),
    );
    expect(problems[2]).toHaveLength(1);
    expect(problems[2]![0]).toContain('the distribution differs from four-eyes request r1 here');
    expect(problems[2]![0]).toContain('receiver eve00003 ≠ bob00002');
    expect(problems[2]![0]).toContain('amount 30000.00 SAI ≠ 2000000 minor units of SAI');
    expect(problems[2]![0]).toContain('minted by adminB02 ≠ adminA01');
  });

  it('names a request on another stream, asked twice, or by someone who is not an admin', () => {
    const moved = { ...request('r1'), event: { streamName: 'approval-other', type: 'ApprovalRequested' } };
    const problems = audit(moved, request('r2'), request('r2'), request('r3', 'bob00002'));
    expect(problems[0]).toEqual(['it belongs to stream approval-r1, not approval-other']);
    expect(problems[2]).toEqual(['four-eyes request r2 is requested a second time']);
    expect(problems[3]).toEqual(['requested by bob00002, who is not an admin at this point of the log']);
  });

  it('forgets a decided request past its memory, the oldest first, and names the same problems', () => {
    const rejected = (id: string) =>
      on(`approval-${id}`, 'ApprovalRejected', {
        approvalId: id,
        userId: 'bob00002',
        rejectedBy: 'adminB02',
        reason: 'no',
        rejectedAt: '2026-12-01T10:01:00Z',
      });
    const steps = [
      request('r1'),
      grant('r1', 'adminB02'),
      mint('r1'),
      applied('r1'),
      request('r2'),
      rejected('r2'),
      request('r3'),
      grant('r3', 'adminA01'),
      mint('r3', '30000.00'),
      applied('r3'),
      request('r4'),
    ];
    const bounded = new FourEyesAudit((userId) => ADMINS.has(userId), 1);
    const remembered: number[] = [];
    const verdicts = steps.map((step) => {
      const problems = bounded.observe(step.event, step.data, seen);
      remembered.push(bounded.remembered);
      return problems;
    });
    expect(verdicts).toEqual(audit(...steps));
    expect(verdicts.flat()).toHaveLength(2);
    // r1 goes once r2 is decided, r2 once r3 is: one decided request and the open ones stay.
    expect(remembered).toEqual([1, 1, 1, 1, 2, 1, 2, 2, 2, 1, 2]);
    // A grant of the forgotten r1 now reads as one of no request; the unbounded audit still knows it.
    expect(bounded.observe(grant('r1', 'adminB02').event, grant('r1', 'adminB02').data, seen)).toEqual([
      'an approval of four-eyes request r1, which nobody requested before it',
    ]);
  });
});
