import { useQuery } from '@tanstack/react-query';
import { Check, ClipboardCheck, X } from 'lucide-react';
import { useState } from 'react';
import { formatAsset } from '@/lib/assets.ts';
import { formatDecimal } from '@/lib/format.ts';
import {
  type PendingPayment,
  pendingPaymentsQuery,
  useVerifyPaymentMutation,
} from '@/queries/payments.queries.ts';
import * as panel from '@/ui/panel/Panel.css.ts';
import type { Proof } from '@/ui/review/ProofField.tsx';
import { ReviewAction } from '@/ui/review/ReviewAction.tsx';
import * as styles from './Admin.css.ts';
import { useAdminProof } from './AdminProof.tsx';
import { DateDetail, ReasonField, RequesterDetail, requesterName, useDecision } from './QueueItem.tsx';
import { QueuePanel } from './QueueList.tsx';

/** Pending payment verifications (docs/product-rules.md spec 2 and 4; docs/product-rules.md rule 16): approve or reject, each confirmed first. */
export function PendingPayments() {
  const pending = useQuery(pendingPaymentsQuery);
  return (
    <QueuePanel
      panel={{
        icon: ClipboardCheck,
        titleId: 'pending-payments-title',
        title: 'Pending payment verifications',
        level: 3,
      }}
      query={pending}
      loading="Loading pending payments…"
      failed="Could not load pending payments."
      empty="No pending payment verifications at this time."
    >
      {(payment) => <PendingPaymentItem payment={payment} />}
    </QueuePanel>
  );
}

function PendingPaymentItem({ payment }: { payment: PendingPayment }) {
  const verify = useVerifyPaymentMutation();
  const verifyWithKey = useDecision(verify.mutateAsync, 'Failed to update payment');
  // An approval mints: its dialog asks the admin's proof (a rejection moves nothing).
  const proof = useAdminProof(verify.isPending);
  const [reason, setReason] = useState('');
  const who = requesterName(payment);
  const amount = `${formatAsset(payment.amount, 'SAI')} SAI`;

  const decide = (approved: boolean) => {
    const send = (given: Proof | Record<string, never>) =>
      verifyWithKey(
        { paymentId: payment.id, approved, reason: approved ? '' : reason.trim(), ...given },
        {
          title: 'Payment verification updated',
          description: 'The payment verification status has been updated.',
        },
        (error) => proof.refused(error),
      );
    return approved ? proof.send(send) : send({});
  };

  return (
    <li className={styles.payment}>
      <div className={styles.paymentHead}>
        <p className={styles.paymentAmount}>{amount}</p>
        <p className={panel.muted}>
          {payment.cryptoAmount
            ? `${formatAsset(payment.cryptoAmount, payment.paymentMethod)} ${payment.paymentMethod} due · fee ${formatAsset(payment.fee ?? '0', 'SAI')} SAI (${formatDecimal(payment.feeRate ?? '0', payment.feeRate?.split('.')[1]?.length ?? 0)}%)`
            : payment.paymentMethod}
        </p>
      </div>
      <dl className={styles.details}>
        <RequesterDetail item={payment} />
        <DateDetail term="Date" at={payment.createdAt} />
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
        >
          {proof.element}
        </ReviewAction>
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
          <ReasonField
            value={reason}
            onChange={setReason}
            maxLength={500}
            hint="Shown to the user in their notification."
          />
        </ReviewAction>
      </div>
    </li>
  );
}
