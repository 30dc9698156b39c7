import { type Data, type Seen, text, units } from './auditLegs.ts';

/** A four-eyes request as the audit remembers it (approval-<id>). */
interface Requested extends Seen {
  requestedBy: string;
  action: string;
  userId: string;
  asset: string;
  units: bigint;
  /** Who approved it, once someone did. */
  approvedBy: string | null;
}

/**
 * Invariant 14 (docs/ledger.md): an admin money action that waited for a second admin took effect only once
 * another admin approved it, and as it was asked. Over the approval streams (domain/approvals/approval.ts):
 * a grant follows its request and is by an admin other than the requester; an outcome follows a grant; and
 * a distribution that carries a request's id (apply.ts mints it under the request's id) is that request,
 * granted, for its receiver and amount, minted in the requester's name. An insider who appends a mint under
 * a request id, approves their own request or records an outcome nobody approved is named.
 *
 * What it cannot see: a large distribution appended with no request at all. Whether one was due depends on
 * the thresholds in force when it was made (FOUR_EYES_THRESHOLDS, configuration the log does not record),
 * so that one is left to the admin-at-that-point and recorded-order checks of invariant 11.
 *
 * The continuous verifier runs for the life of a process over a log that only grows, so it remembers at
 * most `decidedMemory` decided requests (applied, rejected or cancelled), forgetting the oldest first, as
 * MoneyAudit's BoundedSet does with settled transactions; requests still open are always remembered. As
 * there, forgetting one mostly changes a finding's wording (a second grant of a forgotten request is "an
 * approval of no request"); what it then misses, a second request or a mint under a long-decided id, is
 * still named by `ledger:verify`, which ends and remembers everything.
 */
export class FourEyesAudit {
  private readonly requests = new Map<string, Requested>();
  /** The decided requests' ids, oldest first: the ones it may forget. */
  private readonly decided = new Set<string>();

  /** `isAdmin` answers for the log's point being observed (MoneyAudit's admins). */
  constructor(
    private readonly isAdmin: (userId: string) => boolean,
    private readonly decidedMemory = Number.POSITIVE_INFINITY,
  ) {}

  /** How many requests it remembers. */
  get remembered(): number {
    return this.requests.size;
  }

  observe(event: { streamName: string; type: string }, d: Data, seen: Seen): string[] {
    switch (event.type) {
      case 'ApprovalRequested':
        return this.requested(event, d, seen);
      case 'ApprovalGranted':
        return this.granted(event, d);
      case 'ApprovedActionApplied':
        return this.forgetting(event, d, this.applied(event, d));
      case 'ApprovalRejected':
      case 'ApprovalCancelled':
        return this.forgetting(event, d, []);
      case 'TokensMinted':
        return d.source === 'distribution' ? this.minted(d) : [];
      default:
        return [];
    }
  }

  /**
   * A decided request's problems, once it is marked as one it may forget; past `decidedMemory`, the
   * oldest decided request goes.
   */
  private forgetting(event: { streamName: string }, d: Data, problems: string[]): string[] {
    if (!this.request(event, d)) return problems;
    this.decided.add(text(d.approvalId));
    if (this.decided.size > this.decidedMemory) {
      const oldest = this.decided.values().next();
      if (!oldest.done) {
        this.decided.delete(oldest.value);
        this.requests.delete(oldest.value);
      }
    }
    return problems;
  }

  private request(event: { streamName: string }, d: Data): Requested | undefined {
    const id = text(d.approvalId);
    return event.streamName === `approval-${id}` ? this.requests.get(id) : undefined;
  }

  private requested(event: { streamName: string }, d: Data, seen: Seen): string[] {
    const id = text(d.approvalId);
    if (event.streamName !== `approval-${id}`)
      return [`it belongs to stream approval-${id}, not ${event.streamName}`];
    if (this.requests.has(id)) return [`four-eyes request ${id} is requested a second time`];
    this.requests.set(id, {
      ...seen,
      requestedBy: text(d.requestedBy),
      action: text(d.action),
      userId: text(d.userId),
      asset: text(d.asset),
      units: /^\d+$/.test(text(d.units)) ? BigInt(text(d.units)) : -1n,
      approvedBy: null,
    });
    return this.isAdmin(text(d.requestedBy))
      ? []
      : [`requested by ${text(d.requestedBy)}, who is not an admin at this point of the log`];
  }

  private granted(event: { streamName: string }, d: Data): string[] {
    const request = this.request(event, d);
    const approver = text(d.approvedBy);
    if (!request)
      return [`an approval of four-eyes request ${text(d.approvalId)}, which nobody requested before it`];
    const problems: string[] = [];
    if (approver === request.requestedBy)
      problems.push(`four-eyes request ${text(d.approvalId)} approved by the admin who requested it`);
    if (!this.isAdmin(approver))
      problems.push(`approved by ${approver}, who is not an admin at this point of the log`);
    request.approvedBy = approver;
    return problems;
  }

  private applied(event: { streamName: string }, d: Data): string[] {
    const request = this.request(event, d);
    return request?.approvedBy
      ? []
      : [`four-eyes request ${text(d.approvalId)} applied without another admin's approval before it`];
  }

  private minted(d: Data): string[] {
    const request = this.requests.get(text(d.transactionId));
    if (!request) return [];
    const id = text(d.transactionId);
    if (!request.approvedBy)
      return [`a distribution under four-eyes request ${id}, which no other admin approved`];
    const wrong: string[] = [];
    if (request.action !== 'distribution') wrong.push(`the request is a ${request.action}`);
    if (text(d.userId) !== request.userId) wrong.push(`receiver ${text(d.userId)} ≠ ${request.userId}`);
    if (text(d.asset) !== request.asset || units(d.amount, d.asset) !== request.units)
      wrong.push(
        `amount ${text(d.amount)} ${text(d.asset)} ≠ ${request.units} minor units of ${request.asset}`,
      );
    if (text(d.mintedBy) !== request.requestedBy)
      wrong.push(`minted by ${text(d.mintedBy)} ≠ ${request.requestedBy}`);
    return wrong.length > 0
      ? [`the distribution differs from four-eyes request ${id} ${request.where}: ${wrong.join(', ')}`]
      : [];
  }
}
