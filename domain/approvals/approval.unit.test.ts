import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../shared/errors.ts';
import { parseUserId } from '../shared/ids.ts';
import { spec } from '../shared/testing.ts';
import {
  ApprovalDecidedError,
  type ApprovalEvent,
  type ApprovalRequest,
  approvalDecider,
  SelfApprovalError,
} from './approval.ts';
import { FOUR_EYES_THRESHOLDS, needsSecondAdmin, parseThresholds } from './thresholds.ts';

const A = parseUserId('aaaaaaaa');
const B = parseUserId('bbbbbbbb');
const C = parseUserId('cccccccc');
const USER = parseUserId('dddddddd');
const now = new Date('2026-05-01T10:00:00.000Z');
const at = now.toISOString();
const approvalId = 'a1';
const request: ApprovalRequest = {
  action: 'distribution',
  targetId: USER,
  userId: USER,
  asset: 'SAI',
  units: '2000000',
  reason: 'Campaign prize',
  txHash: null,
};
const requested: ApprovalEvent = {
  type: 'ApprovalRequested',
  data: { approvalId, ...request, requestedBy: A, requestedAt: at },
};
const granted: ApprovalEvent = {
  type: 'ApprovalGranted',
  data: { approvalId, approvedBy: B, approvedAt: at },
};
const applied: ApprovalEvent = {
  type: 'ApprovedActionApplied',
  data: { approvalId, transactionId: 't1', appliedAt: at },
};
const grant = (approverId = B) => ({ type: 'GrantApproval' as const, data: { approvalId, approverId }, now });
const reject = (adminId = B) => ({
  type: 'RejectApproval' as const,
  data: { approvalId, adminId, reason: 'Not agreed' },
  now,
});
const outcome = {
  type: 'RecordApprovedOutcome' as const,
  data: { approvalId, applied: true as const, transactionId: 't1' },
  now,
};

describe('approval decider', () => {
  it('records a request with all it will do; its retry records nothing', () => {
    const command = { type: 'RequestApproval' as const, data: { approvalId, request, requestedBy: A }, now };
    spec(approvalDecider).given([]).when(command).thenEmits([requested]);
    spec(approvalDecider).given([requested]).when(command).thenEmits([]);
  });

  it('lets another admin approve, never the requester, and not an unknown request', () => {
    spec(approvalDecider).given([requested]).when(grant(B)).thenEmits([granted]);
    spec(approvalDecider).given([requested]).when(grant(A)).thenThrows(SelfApprovalError);
    spec(approvalDecider).given([]).when(grant(B)).thenThrows(NotFoundError);
  });

  it('approves once: the approver again is a no-op, a third admin is refused, before and after apply', () => {
    spec(approvalDecider).given([requested, granted]).when(grant(B)).thenEmits([]);
    spec(approvalDecider).given([requested, granted]).when(grant(C)).thenThrows(ApprovalDecidedError);
    spec(approvalDecider)
      .given([requested, granted, applied])
      .when(grant(C))
      .thenThrows(ApprovalDecidedError);
  });

  it('records one outcome forever, and none before approval', () => {
    spec(approvalDecider).given([requested, granted]).when(outcome).thenEmits([applied]);
    spec(approvalDecider).given([requested, granted, applied]).when(outcome).thenEmits([]);
    spec(approvalDecider).given([requested]).when(outcome).thenThrows(ApprovalDecidedError);
    const refused = {
      ...outcome,
      data: { approvalId, applied: false as const, message: 'Deposit already decided' },
    };
    spec(approvalDecider)
      .given([requested, granted])
      .when(refused)
      .thenEmits([
        {
          type: 'ApprovedActionRefused',
          data: { approvalId, message: 'Deposit already decided', refusedAt: at },
        },
      ]);
  });

  it('rejects by another admin, cancels by the requester, and only while pending', () => {
    const rejected: ApprovalEvent = {
      type: 'ApprovalRejected',
      data: { approvalId, userId: USER, rejectedBy: B, reason: 'Not agreed', rejectedAt: at },
    };
    spec(approvalDecider).given([requested]).when(reject(B)).thenEmits([rejected]);
    spec(approvalDecider)
      .given([requested])
      .when(reject(A))
      .thenEmits([
        {
          type: 'ApprovalCancelled',
          data: { approvalId, userId: USER, cancelledBy: A, reason: 'Not agreed', cancelledAt: at },
        },
      ]);
    spec(approvalDecider).given([requested, granted]).when(reject(C)).thenThrows(ApprovalDecidedError);
    spec(approvalDecider).given([requested, rejected]).when(grant(C)).thenThrows(ApprovalDecidedError);
  });
});

describe('four-eyes thresholds', () => {
  it('asks a second admin strictly above the threshold', () => {
    const thresholds = parseThresholds('');
    expect(needsSecondAdmin(thresholds, 'SAI', 1_000_000n)).toBe(false); // 10,000.00 SAI
    expect(needsSecondAdmin(thresholds, 'SAI', 1_000_001n)).toBe(true);
    expect(needsSecondAdmin(thresholds, 'BTC', 10_000_000n)).toBe(false); // 0.1 BTC
    expect(needsSecondAdmin(thresholds, 'BTC', 10_000_001n)).toBe(true);
  });

  it('takes overrides per asset and refuses a malformed one, naming it', () => {
    const thresholds = parseThresholds('SAI=500, ETH=0.5');
    expect(thresholds.SAI).toBe(50_000n);
    expect(thresholds.ETH).toBe(50_000_000n);
    expect(thresholds.BTC).toBe(parseThresholds('').BTC);
    expect(Object.keys(FOUR_EYES_THRESHOLDS).sort()).toEqual([
      'BTC',
      'ETH',
      'SAI',
      'SOL',
      'USDC',
      'USDT',
      'XRP',
    ]);
    expect(() => parseThresholds('DOGE=1')).toThrow(/DOGE=1/);
    expect(() => parseThresholds('SAI=0.001')).toThrow(/SAI=0.001/);
    expect(() => parseThresholds('SAI')).toThrow(/"SAI"/);
  });
});
