import { useQuery } from '@tanstack/react-query';
import { Check, ShieldCheck, X } from 'lucide-react';
import { useState } from 'react';
import { formatAsset } from '@/lib/assets.ts';
import {
  type PendingApproval,
  pendingApprovalsQuery,
  useApproveMutation,
  useRejectApprovalMutation,
} from '@/queries/approvals.queries.ts';
import * as panel from '@/ui/panel/Panel.css.ts';
import { ReviewAction } from '@/ui/review/ReviewAction.tsx';
import * as styles from './Admin.css.ts';
import * as adminStyles from './AdminPanel.css.ts';
import { useAdminProof } from './AdminProof.tsx';
import { DateDetail, ReasonField, RequesterDetail, requesterName, useDecision } from './QueueItem.tsx';
import { QueuePanel } from './QueueList.tsx';

const ACTION_LABEL: Record<PendingApproval['action'], string> = {
  distribution: 'Token distribution',
  depositConfirmation: 'Deposit confirmation',
  paymentApproval: 'Payment approval',
  withdrawalCompletion: 'Withdrawal to send',
};

/** What the approved request will do, in one sentence. */
function effect(item: PendingApproval, amount: string, who: string): string {
  switch (item.action) {
    case 'distribution':
      return `${amount} will be minted to ${who}'s balance.`;
    case 'depositConfirmation':
      return `${amount} will be credited to ${who}'s balance for this deposit.`;
    case 'paymentApproval':
      return `${amount} will be minted to ${who}'s balance for this payment.`;
    case 'withdrawalCompletion':
      return `${who}'s withdrawal of ${amount} will be marked as sent.`;
  }
}

/**
 * Four-eyes requests (docs/security.md, "Admin re-authentication and four-eyes"): money actions above
 * their asset's threshold wait here until another admin approves them, with their own password or
 * code, or rejects them. One's own request can only be cancelled: its Approve is disabled, and says why.
 */
export function ApprovalsQueue() {
  const pending = useQuery(pendingApprovalsQuery);
  return (
    <QueuePanel
      panel={{ icon: ShieldCheck, titleId: 'approvals-title', title: 'Waiting for a second admin' }}
      query={pending}
      loading="Loading requests…"
      failed="Could not load the requests."
      empty="No requests waiting for approval."
    >
      {(item) => <ApprovalItem item={item} />}
    </QueuePanel>
  );
}

function ApprovalItem({ item }: { item: PendingApproval }) {
  const approve = useApproveMutation();
  const reject = useRejectApprovalMutation();
  const approveWithKey = useDecision(approve.mutateAsync, 'Failed to approve the request');
  const rejectWithKey = useDecision(reject.mutateAsync, 'Failed to reject the request');
  const proof = useAdminProof(approve.isPending);
  const [reason, setReason] = useState('');
  const busy = approve.isPending || reject.isPending;
  const who = requesterName({ userId: item.userId, username: item.username, email: item.email });
  const amount = `${formatAsset(item.amount, item.asset)} ${item.asset}`;
  const requester = item.requestedByName ?? item.requestedBy;

  const confirmApproval = () =>
    proof.send((given) =>
      approveWithKey(
        { approvalId: item.id, ...given },
        {
          title: 'Request approved',
          description: `${amount}: ${ACTION_LABEL[item.action].toLowerCase()} applied.`,
        },
        (error) => proof.refused(error),
      ),
    );

  return (
    <li className={styles.payment} data-testid="approval-item">
      <div className={styles.paymentHead}>
        <p className={styles.paymentAmount}>{amount}</p>
        <p className={panel.muted}>
          {ACTION_LABEL[item.action]} · above {formatAsset(item.threshold, item.asset)} {item.asset}
        </p>
      </div>
      <dl className={styles.details}>
        <RequesterDetail item={{ userId: item.userId, username: item.username, email: item.email }} />
        <dt className={styles.term}>Requested by</dt>
        <dd className={styles.definition}>{item.ownRequest ? `${requester} (you)` : requester}</dd>
        <DateDetail term="Requested" at={item.requestedAt} />
        {item.reason ? (
          <>
            <dt className={styles.term}>Reason</dt>
            <dd className={styles.definition}>{item.reason}</dd>
          </>
        ) : null}
        {item.txHash ? (
          <>
            <dt className={styles.term}>Tx hash</dt>
            <dd className={`${styles.definition} ${adminStyles.mono}`}>{item.txHash}</dd>
          </>
        ) : null}
      </dl>
      {item.ownRequest ? (
        <p className={panel.muted}>
          You made this request: another admin must approve it. You can cancel it.
        </p>
      ) : null}
      <div className={styles.actions}>
        <ReviewAction
          title="Approve this request?"
          description={`${effect(item, amount, who)} Requested by ${requester}.`}
          confirmLabel="Approve and apply"
          pendingLabel="Applying…"
          pending={approve.isPending}
          onConfirm={confirmApproval}
          label="Approve"
          icon={Check}
          disabled={busy || item.ownRequest}
        >
          {proof.element}
        </ReviewAction>
        <ReviewAction
          title={item.ownRequest ? 'Cancel your request?' : 'Reject this request?'}
          description="Nothing is applied. The admin who asked can make a new request."
          confirmLabel={item.ownRequest ? 'Cancel request' : 'Reject request'}
          pendingLabel="Saving…"
          pending={reject.isPending}
          onConfirm={() =>
            rejectWithKey(
              { approvalId: item.id, reason: reason.trim() },
              { title: item.ownRequest ? 'Request cancelled' : 'Request rejected' },
            )
          }
          label={item.ownRequest ? 'Cancel' : 'Reject'}
          icon={X}
          variant="danger"
          disabled={busy}
        >
          <ReasonField
            value={reason}
            onChange={setReason}
            maxLength={300}
            hint="Recorded with the request."
          />
        </ReviewAction>
      </div>
    </li>
  );
}
