import { useQuery } from '@tanstack/react-query';
import { ArrowDownToLine, Check, X } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '@/lib/api.ts';
import { formatAsset } from '@/lib/assets.ts';
import { CRYPTO_DECIMALS } from '@/lib/constants.ts';
import { fromUnits, readAmount } from '@/lib/money.ts';
import {
  type CryptoDeposit,
  type DepositDecision,
  depositQueueQuery,
  useDecideDepositMutation,
} from '@/queries/crypto.queries.ts';
import { TextField } from '@/ui/Field/TextField.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { ReviewAction } from '@/ui/review/ReviewAction.tsx';
import * as styles from './Admin.css.ts';
import * as adminStyles from './AdminPanel.css.ts';
import { useAdminProof } from './AdminProof.tsx';
import { DateDetail, ReasonField, RequesterDetail, requesterName, useDecision } from './QueueItem.tsx';
import { QueuePanel } from './QueueList.tsx';

export const HASH_REQUIRED = 'Enter the transaction hash of this deposit to confirm it';

/** docs/product-rules.md rule 17: declared crypto deposits wait here until confirmed with the amount received, or rejected. */
export function CryptoDepositsQueue() {
  const queue = useQuery(depositQueueQuery);
  return (
    <QueuePanel
      panel={{ icon: ArrowDownToLine, titleId: 'deposit-queue-title', title: 'Crypto deposits to confirm' }}
      query={queue}
      loading="Loading deposits…"
      failed="Could not load the deposits."
      empty="No crypto deposits waiting for confirmation."
    >
      {(deposit) => <DepositItem deposit={deposit} />}
    </QueuePanel>
  );
}

function DepositItem({ deposit }: { deposit: CryptoDeposit }) {
  const decide = useDecideDepositMutation();
  const decideWithKey = useDecision(decide.mutateAsync, 'Failed to update deposit');
  const proof = useAdminProof(decide.isPending);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  // A declaration without a hash gets one here: a deposit is confirmed against one on-chain transaction.
  // So does one whose declared hash the server finds unusable (declared before hashes were checked).
  const [needsHash, setNeedsHash] = useState(!deposit.txHash);
  const [txHash, setTxHash] = useState('');
  const [txHashError, setTxHashError] = useState<string | undefined>();
  const [reason, setReason] = useState('');
  const who = requesterName(deposit);

  const run = (decision: DepositDecision, success: string) =>
    decideWithKey({ depositId: deposit.id, decision }, { title: success }, (error) => {
      proof.refused(error);
      if (error instanceof ApiError && error.fieldErrors?.txHash) {
        setTxHashError(error.fieldErrors.txHash);
        if (error.status === 400) setNeedsHash(true);
      }
    });

  const confirm = () => {
    const read = readAmount(amount, CRYPTO_DECIMALS);
    const hash = txHash.trim();
    const hashError = !needsHash
      ? undefined
      : !hash
        ? HASH_REQUIRED
        : !/^[A-Za-z0-9]{1,128}$/.test(hash)
          ? 'Transaction hash may only contain letters and digits'
          : undefined;
    setTxHashError(hashError);
    if (!read.ok) {
      const message =
        read.reason === 'too_precise'
          ? 'Amount can have at most 8 decimal places'
          : 'Amount must be greater than 0';
      setAmountError(message);
      return Promise.reject(new Error(message));
    }
    setAmountError(undefined);
    if (hashError) return Promise.reject(new Error(hashError));
    const received = fromUnits(read.units, CRYPTO_DECIMALS);
    return proof.send((given) =>
      run(
        { action: 'confirm', amount: received, ...(needsHash ? { txHash: hash } : {}), ...given },
        'Deposit confirmed',
      ),
    );
  };

  return (
    <li className={styles.payment} data-testid="deposit-queue-item">
      <div className={styles.paymentHead}>
        <p className={styles.paymentAmount}>
          {deposit.currency} on {deposit.networkLabel}
        </p>
        <p className={panel.muted}>{deposit.confirmationsRequired} confirmations</p>
      </div>
      <dl className={styles.details}>
        <RequesterDetail item={deposit} />
        <DateDetail term="Declared" at={deposit.declaredAt} />
        <dt className={styles.term}>Tx hash</dt>
        <dd className={`${styles.definition} ${adminStyles.mono}`}>{deposit.txHash || '—'}</dd>
      </dl>
      <div className={styles.actions}>
        <ReviewAction
          title="Confirm this deposit?"
          description={`Enter the ${deposit.currency} received on ${deposit.networkLabel}${needsHash ? ' and the transaction hash' : ''}. It is credited to ${who}'s balance.`}
          confirmLabel="Confirm deposit"
          pendingLabel="Confirming…"
          pending={decide.isPending}
          onConfirm={confirm}
          label="Confirm"
          icon={Check}
          disabled={decide.isPending}
        >
          <TextField
            label={`Amount received (${deposit.currency})`}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={amountError}
            hint={
              amount && !amountError
                ? `${formatAsset(amount, deposit.currency)} ${deposit.currency}`
                : undefined
            }
            required
          />
          {needsHash ? (
            <TextField
              label="Transaction hash"
              name="txHash"
              autoComplete="off"
              spellCheck={false}
              maxLength={128}
              value={txHash}
              onChange={(event) => setTxHash(event.target.value)}
              error={txHashError}
              hint="Declared without one: the on-chain transaction this deposit is credited for."
              required
            />
          ) : null}
          {proof.element}
        </ReviewAction>
        <ReviewAction
          title="Reject this deposit?"
          description={`${who} is notified. Nothing is credited.`}
          confirmLabel="Reject deposit"
          pendingLabel="Rejecting…"
          pending={decide.isPending}
          onConfirm={() => run({ action: 'reject', reason: reason.trim() }, 'Deposit rejected')}
          label="Reject"
          icon={X}
          variant="danger"
          disabled={decide.isPending}
        >
          <ReasonField value={reason} onChange={setReason} maxLength={300} />
        </ReviewAction>
      </div>
    </li>
  );
}
