import { assertNever, type Decider, eventGuard, unknownEvent } from '../shared/decider.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../shared/errors.ts';
import type { UserId } from '../shared/ids.ts';
import type { Asset } from '../shared/money.ts';

/**
 * Four-eyes approval of an admin money action (docs/security.md, "Admin re-authentication and
 * four-eyes"): an action above its asset's threshold is recorded here as a request, by admin A, with
 * everything it will do; another admin B approves (or any admin rejects; A's own rejection is a
 * cancellation); the action is then applied **from this record**, never from B's request, and its
 * outcome recorded. One stream per request, `approval-<approvalId>` (the id derived from A's
 * Idempotency-Key, so A's retry is the same request). Every step is an event: the audit trail.
 *
 *   pending ──approve (another admin)──▶ approved ──▶ applied | refused
 *      └──reject (another admin) ▶ rejected, or cancel (the requester) ▶ cancelled
 */
export const approvalStream = (approvalId: string) => `approval-${approvalId}`;

/** The admin money actions that can wait for a second admin. */
export const FOUR_EYES_ACTIONS = [
  'distribution',
  'depositConfirmation',
  'paymentApproval',
  'withdrawalCompletion',
] as const;
export type FourEyesAction = (typeof FOUR_EYES_ACTIONS)[number];

/** What the requesting admin asked for, in full: what the apply step runs, and nothing else. */
export interface ApprovalRequest {
  action: FourEyesAction;
  /** What it acts on: the receiving user of a distribution, else the deposit, payment or withdrawal id. */
  targetId: string;
  /** Whose balance it moves (the sealed fields' subject: docs/architecture/personal-data.md). */
  userId: UserId;
  asset: Asset;
  /** The amount in minor units of the asset (ledger decimals), as a decimal integer string. */
  units: string;
  /** Why, in the requester's words (a distribution's description; may be empty). Personal: sealed. */
  reason: string;
  /** The on-chain hash the action names: a deposit's (null when it keeps the declared one) or a withdrawal's. */
  txHash: string | null;
}

export type ApprovalEvent =
  | {
      type: 'ApprovalRequested';
      data: ApprovalRequest & { approvalId: string; requestedBy: UserId; requestedAt: string };
    }
  | { type: 'ApprovalGranted'; data: { approvalId: string; approvedBy: UserId; approvedAt: string } }
  | {
      type: 'ApprovalRejected';
      data: { approvalId: string; userId: UserId; rejectedBy: UserId; reason: string; rejectedAt: string };
    }
  | {
      type: 'ApprovalCancelled';
      data: { approvalId: string; userId: UserId; cancelledBy: UserId; reason: string; cancelledAt: string };
    }
  /** The approved action took effect: `transactionId` is the command it ran (its events carry it). */
  | { type: 'ApprovedActionApplied'; data: { approvalId: string; transactionId: string; appliedAt: string } }
  /** The approved action was refused when applied (the deposit was decided meanwhile…): final too. */
  | { type: 'ApprovedActionRefused'; data: { approvalId: string; message: string; refusedAt: string } };

export type ApprovalStatus =
  | 'none'
  | 'pending'
  | 'approved'
  | 'rejected'
  | 'cancelled'
  | 'applied'
  | 'refused';

export interface ApprovalState {
  status: ApprovalStatus;
  request: (ApprovalRequest & { requestedBy: UserId }) | null;
  approvedBy: UserId | null;
  /** What applying it came to, once recorded. */
  outcome: { applied: true; transactionId: string } | { applied: false; message: string } | null;
}

export type ApprovalCommand =
  | {
      type: 'RequestApproval';
      data: { approvalId: string; request: ApprovalRequest; requestedBy: UserId };
      now: Date;
    }
  | { type: 'GrantApproval'; data: { approvalId: string; approverId: UserId }; now: Date }
  | { type: 'RejectApproval'; data: { approvalId: string; adminId: UserId; reason: string }; now: Date }
  | {
      type: 'RecordApprovedOutcome';
      data: { approvalId: string } & (
        | { applied: true; transactionId: string }
        | { applied: false; message: string }
      );
      now: Date;
    };

export const APPROVAL_EVENT_TYPES = [
  'ApprovalRequested',
  'ApprovalGranted',
  'ApprovalRejected',
  'ApprovalCancelled',
  'ApprovedActionApplied',
  'ApprovedActionRefused',
] as const;
export const isApprovalEvent = eventGuard<ApprovalEvent>()(APPROVAL_EVENT_TYPES);

/** Approving one's own request: the point of four eyes is a second person. */
export class SelfApprovalError extends ForbiddenError {}
/** A request already decided (approved, rejected, cancelled) by someone else, or no longer pending. */
export class ApprovalDecidedError extends ConflictError {}

const DECIDED: Record<Exclude<ApprovalStatus, 'none' | 'pending'>, string> = {
  approved: 'This request was already approved',
  applied: 'This request was already approved and applied',
  refused: 'This request was already approved; applying it was refused',
  rejected: 'This request was already rejected',
  cancelled: 'This request was cancelled by the admin who made it',
};

function decided(state: ApprovalState): never {
  if (state.status === 'none') throw new NotFoundError('Approval request not found');
  if (state.status === 'pending') throw new ApprovalDecidedError('This request is not approved yet');
  throw new ApprovalDecidedError(DECIDED[state.status]);
}

export const approvalDecider: Decider<ApprovalState, ApprovalCommand, ApprovalEvent> = {
  initialState: () => ({ status: 'none', request: null, approvedBy: null, outcome: null }),
  isEvent: isApprovalEvent,
  decide(command, state) {
    const at = command.now.toISOString();
    const { approvalId } = command.data;
    switch (command.type) {
      case 'RequestApproval':
        // A retry of the same request (the same key: its body is bound by the request hash) changes nothing.
        if (state.status !== 'none') return [];
        return [
          {
            type: 'ApprovalRequested',
            data: {
              approvalId,
              ...command.data.request,
              requestedBy: command.data.requestedBy,
              requestedAt: at,
            },
          },
        ];
      case 'GrantApproval': {
        const { approverId } = command.data;
        if (state.status === 'none') throw new NotFoundError('Approval request not found');
        if (state.request?.requestedBy === approverId) {
          throw new SelfApprovalError('You cannot approve your own request: another admin must approve it');
        }
        if (state.status === 'pending') {
          return [{ type: 'ApprovalGranted', data: { approvalId, approvedBy: approverId, approvedAt: at } }];
        }
        // The approver's own retry: nothing new (the caller applies, or answers, from the record).
        if (state.approvedBy === approverId) return [];
        return decided(state);
      }
      case 'RejectApproval': {
        const { adminId, reason } = command.data;
        if (state.status !== 'pending') return decided(state);
        const userId = state.request!.userId;
        return state.request!.requestedBy === adminId
          ? [
              {
                type: 'ApprovalCancelled',
                data: { approvalId, userId, cancelledBy: adminId, reason, cancelledAt: at },
              },
            ]
          : [
              {
                type: 'ApprovalRejected',
                data: { approvalId, userId, rejectedBy: adminId, reason, rejectedAt: at },
              },
            ];
      }
      case 'RecordApprovedOutcome': {
        // One outcome forever: a second apply (a race, a retry) records nothing.
        if (state.status === 'applied' || state.status === 'refused') return [];
        if (state.status !== 'approved') return decided(state);
        return command.data.applied
          ? [
              {
                type: 'ApprovedActionApplied',
                data: { approvalId, transactionId: command.data.transactionId, appliedAt: at },
              },
            ]
          : [
              {
                type: 'ApprovedActionRefused',
                data: { approvalId, message: command.data.message, refusedAt: at },
              },
            ];
      }
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ApprovalRequested': {
        const { approvalId: _, requestedAt: __, ...request } = event.data;
        return { ...state, status: 'pending', request };
      }
      case 'ApprovalGranted':
        return { ...state, status: 'approved', approvedBy: event.data.approvedBy };
      case 'ApprovalRejected':
        return { ...state, status: 'rejected' };
      case 'ApprovalCancelled':
        return { ...state, status: 'cancelled' };
      case 'ApprovedActionApplied':
        return {
          ...state,
          status: 'applied',
          outcome: { applied: true, transactionId: event.data.transactionId },
        };
      case 'ApprovedActionRefused':
        return { ...state, status: 'refused', outcome: { applied: false, message: event.data.message } };
      default:
        return unknownEvent(event, state);
    }
  },
};
