import { useQuery } from '@tanstack/react-query';
import { ArrowUpFromLine, Check, X } from 'lucide-react';
import { useState } from 'react';
import { formatAsset } from '@/lib/assets.ts';
import { WITHDRAWAL_PROMISE_HOURS } from '@/lib/constants.ts';
import {
  useDecideWithdrawalMutation,
  type Withdrawal,
  type WithdrawalDecision,
  withdrawalQueueQuery,
} from '@/queries/crypto.queries.ts';
import { TextField } from '@/ui/Field/TextField.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { StatusBadge } from '@/ui/panel/StatusBadge.tsx';
import { ReviewAction } from '@/ui/review/ReviewAction.tsx';
import * as styles from './Admin.css.ts';
import * as adminStyles from './AdminPanel.css.ts';
import { useAdminProof } from './AdminProof.tsx';
import { DateDetail, ReasonField, RequesterDetail, requesterName, useDecision } from './QueueItem.tsx';
import { QueuePanel } from './QueueList.tsx';

const TX_HASH = /^[A-Za-z0-9]{8,128}$/;

/** "3.5 h of 24 h": a request's age against the promise (docs/product-rules.md spec 1: processed within 24 hours). */
export function ageText(ageHours: number): string {
  const shown = ageHours.toLocaleString('en-US', { maximumFractionDigits: 1 });
  return `${shown} h of ${WITHDRAWAL_PROMISE_HOURS} h`;
}

/** docs/product-rules.md rule 18: pending withdrawals, oldest first, each measured against the 24-hour promise. */
export function WithdrawalsQueue() {
  const queue = useQuery(withdrawalQueueQuery);
  const overdue = queue.data?.filter((item) => item.overdue).length ?? 0;
  return (
    <QueuePanel
      panel={{
        icon: ArrowUpFromLine,
        titleId: 'withdrawal-queue-title',
        title: 'Withdrawals to send',
        aside: overdue > 0 ? <StatusBadge status="overdue" label={`${overdue} overdue`} /> : null,
      }}
      query={queue}
      loading="Loading withdrawals…"
      failed="Could not load the withdrawals."
      empty="No withdrawals waiting to be sent."
      order={(a, b) => b.ageHours - a.ageHours}
    >
      {(withdrawal) => <WithdrawalItem withdrawal={withdrawal} />}
    </QueuePanel>
  );
}

function WithdrawalItem({ withdrawal }: { withdrawal: Withdrawal }) {
  const decide = useDecideWithdrawalMutation();
  const decideWithKey = useDecision(decide.mutateAsync, 'Failed to update withdrawal');
  // Each decision moves money (out for good, or back to the user): each dialog asks the admin's proof.
  const completeProof = useAdminProof(decide.isPending);
  const failProof = useAdminProof(decide.isPending);
  const [txHash, setTxHash] = useState('');
  const [txError, setTxError] = useState<string | undefined>();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const who = requesterName(withdrawal);
  const amount = `${formatAsset(withdrawal.amount, withdrawal.currency)} ${withdrawal.currency}`;

  const run = (decision: WithdrawalDecision, success: string, proof: ReturnType<typeof useAdminProof>) =>
    proof.send((given) =>
      decideWithKey(
        { withdrawalId: withdrawal.id, decision: { ...decision, ...given } },
        { title: success },
        (error) => proof.refused(error),
      ),
    );

  const complete = () => {
    const hash = txHash.trim();
    if (!TX_HASH.test(hash)) {
      const message = 'Enter the outgoing transaction hash (letters and digits, at least 8)';
      setTxError(message);
      return Promise.reject(new Error(message));
    }
    setTxError(undefined);
    return run({ action: 'complete', txHash: hash }, 'Withdrawal completed', completeProof);
  };

  const fail = () => {
    const text = reason.trim();
    if (text.length < 3) {
      const message = 'Say why the withdrawal failed';
      setReasonError(message);
      return Promise.reject(new Error(message));
    }
    setReasonError(undefined);
    return run({ action: 'fail', reason: text }, 'Withdrawal marked as failed', failProof);
  };

  return (
    <li
      className={adminStyles.queueItem}
      data-overdue={withdrawal.overdue}
      data-testid="withdrawal-queue-item"
    >
      <div className={styles.paymentHead}>
        <p className={styles.paymentAmount}>{amount}</p>
        <p className={panel.muted}>{withdrawal.chainLabel}</p>
      </div>
      <dl className={styles.details}>
        <RequesterDetail item={withdrawal} />
        <dt className={styles.term}>To address</dt>
        <dd className={`${styles.definition} ${adminStyles.mono}`}>{withdrawal.address}</dd>
        <DateDetail term="Requested" at={withdrawal.requestedAt} />
        <dt className={styles.term}>Waiting</dt>
        <dd className={styles.definition}>
          <span className={withdrawal.overdue ? panel.negative : undefined}>
            {ageText(withdrawal.ageHours)}
          </span>{' '}
          {withdrawal.overdue ? <StatusBadge status="overdue" label="Overdue" /> : null}
        </dd>
        {withdrawal.notes ? (
          <>
            <dt className={styles.term}>Notes</dt>
            <dd className={styles.definition}>{withdrawal.notes}</dd>
          </>
        ) : null}
      </dl>
      <div className={styles.actions}>
        <ReviewAction
          title="Complete this withdrawal?"
          description={`Confirm that ${amount} was sent to ${withdrawal.address} on ${withdrawal.chainLabel}.`}
          confirmLabel="Mark completed"
          pendingLabel="Saving…"
          pending={decide.isPending}
          onConfirm={complete}
          label="Complete"
          icon={Check}
          disabled={decide.isPending}
        >
          <TextField
            label="Outgoing transaction hash"
            name="txHash"
            autoComplete="off"
            spellCheck={false}
            value={txHash}
            onChange={(event) => setTxHash(event.target.value)}
            error={txError}
            required
          />
          {completeProof.element}
        </ReviewAction>
        <ReviewAction
          title="Fail this withdrawal?"
          description={`The hold is released: ${amount} goes back to ${who}'s available balance.`}
          confirmLabel="Mark failed"
          pendingLabel="Saving…"
          pending={decide.isPending}
          onConfirm={fail}
          label="Fail"
          icon={X}
          variant="danger"
          disabled={decide.isPending}
        >
          <ReasonField value={reason} onChange={setReason} maxLength={300} error={reasonError} required />
          {failProof.element}
        </ReviewAction>
      </div>
    </li>
  );
}
