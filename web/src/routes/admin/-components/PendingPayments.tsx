import { useQuery } from '@tanstack/react-query';
import { Check, ClipboardCheck, X } from 'lucide-react';
import { useState } from 'react';
import { TextAreaField } from '../../../components/TextAreaField.tsx';
import { toast } from '../../../components/toast/index.ts';
import { formatDateTime, formatDecimal } from '../../../lib/format.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency.ts';
import {
  type PendingPayment,
  pendingPaymentsQuery,
  useVerifyPaymentMutation,
} from '../../../queries/payments.queries.ts';
import * as panel from '../../../ui/panel/Panel.css.ts';
import { PanelTitle } from '../../../ui/panel/PanelTitle.tsx';
import { QueryContent } from '../../../ui/query/QueryState.tsx';
import { ReviewAction } from '../../../ui/review/ReviewAction.tsx';
import * as styles from './Admin.css.ts';

/** Pending payment verifications (docs/product-rules.md spec 2 and 4; docs/product-rules.md rule 16): approve or reject, each confirmed first. */
export function PendingPayments() {
  const pending = useQuery(pendingPaymentsQuery);
  return (
    <section className={panel.panel} aria-labelledby="pending-payments-title">
      <PanelTitle icon={ClipboardCheck} id="pending-payments-title" level={3}>
        Pending payment verifications
      </PanelTitle>
      <QueryContent
        query={pending}
        loading="Loading pending payments…"
        failed="Could not load pending payments."
        empty="No pending payment verifications at this time."
      >
        {(data) => (
          <ul className={styles.payments}>
            {data.map((payment) => (
              <PendingPaymentItem key={payment.id} payment={payment} />
            ))}
          </ul>
        )}
      </QueryContent>
    </section>
  );
}

function PendingPaymentItem({ payment }: { payment: PendingPayment }) {
  const verify = useVerifyPaymentMutation();
  const keys = useIdempotencyKeys();
  const [reason, setReason] = useState('');
  const who = payment.username ?? payment.email ?? payment.userId;
  const amount = `${formatDecimal(payment.amount)} SAI`;

  const decide = (approved: boolean) => {
    const decision = { paymentId: payment.id, approved, reason: approved ? '' : reason.trim() };
    return verify.mutateAsync({ ...decision, idempotencyKey: keys.keyFor(decision) }).then(
      () => {
        keys.settle();
        toast({
          title: 'Payment verification updated',
          description: 'The payment verification status has been updated.',
          variant: 'success',
        });
      },
      (error: Error) => {
        keys.settle(error);
        toast({ title: 'Failed to update payment', description: error.message, variant: 'destructive' });
        throw error;
      },
    );
  };

  return (
    <li className={styles.payment}>
      <div className={styles.paymentHead}>
        <p className={styles.paymentAmount}>{amount}</p>
        <p className={panel.muted}>{payment.paymentMethod}</p>
      </div>
      <dl className={styles.details}>
        <dt className={styles.term}>User</dt>
        <dd className={styles.definition}>
          {who}
          {payment.email && payment.username ? <span className={panel.muted}> · {payment.email}</span> : null}
        </dd>
        <dt className={styles.term}>Date</dt>
        <dd className={styles.definition}>
          <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt)}</time>
        </dd>
        <dt className={styles.term}>Notes</dt>
        <dd className={styles.definition}>{payment.notes || '—'}</dd>
        <dt className={styles.term}>Proof</dt>
        <dd className={styles.definition}>
          {payment.proofImageUrl ? (
            <a href={payment.proofImageUrl} target="_blank" rel="noopener noreferrer">
              View payment proof
            </a>
          ) : (
            'No payment proof provided'
          )}
        </dd>
      </dl>
      <div className={styles.actions}>
        <ReviewAction
          title="Approve this payment?"
          description={`${amount} will be added to ${who}'s balance. This cannot be undone.`}
          confirmLabel="Approve"
          pendingLabel="Approving…"
          pending={verify.isPending}
          onConfirm={() => decide(true)}
          label="Approve"
          icon={Check}
          disabled={verify.isPending}
        />
        <ReviewAction
          title="Reject this payment?"
          description={`${who} will be notified and can submit a new payment proof.`}
          confirmLabel="Reject"
          pendingLabel="Rejecting…"
          pending={verify.isPending}
          onConfirm={() => decide(false)}
          label="Reject"
          icon={X}
          variant="danger"
          disabled={verify.isPending}
        >
          <TextAreaField
            label="Reason"
            name="reason"
            optional
            maxLength={500}
            hint="Shown to the user in their notification."
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </ReviewAction>
      </div>
    </li>
  );
}
