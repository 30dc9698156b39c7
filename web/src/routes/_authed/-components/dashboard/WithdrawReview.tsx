import { t } from '@/i18n/i18n.ts';
import { formatAsset } from '@/lib/assets.ts';
import { type CryptoCurrency, WITHDRAWAL_PROMISE_HOURS } from '@/lib/constants.ts';
import { type Proof, type ProofRefusal, useProofField } from '@/ui/review/ProofField.tsx';
import { ReviewStep } from '@/ui/review/ReviewStep.tsx';

export interface WithdrawOrder {
  currency: CryptoCurrency;
  amount: string;
  address: string;
  chain: string;
  notes: string;
}

/**
 * The withdrawal's review (docs/product-rules.md rule 26): what leaves, on which network, to which address,
 * its fee (none) and when it arrives, then the proof the server asks for (docs/security.md,
 * "Re-authentication"). The server's refusal of the proof shows on its field; the form stays here.
 */
export function WithdrawReview({
  order,
  chainLabel,
  pending,
  notice,
  refusal,
  onEdit,
  onConfirm,
}: {
  order: WithdrawOrder;
  chainLabel: string;
  pending: boolean;
  /** The withdrawal's status while it waits for its outcome (lib/idempotency.ts). */
  notice?: string | undefined;
  /** The server's last refusal of the proof, if any. */
  refusal: ProofRefusal | null;
  onEdit: () => void;
  onConfirm: (proof: Proof) => void;
}) {
  const proof = useProofField(refusal, pending);
  const confirm = () => {
    const given = proof.read();
    if (given) onConfirm(given);
  };
  return (
    <ReviewStep
      title={t('dashboard.withdraw.review')}
      rows={[
        {
          label: t('dashboard.review.amount'),
          value: `${formatAsset(order.amount, order.currency)} ${order.currency}`,
        },
        { label: t('dashboard.review.fee'), value: t('dashboard.withdraw.noFee') },
        { label: t('dashboard.review.network'), value: chainLabel },
        { label: t('dashboard.review.address'), value: <code>{order.address}</code> },
        ...(order.notes ? [{ label: t('dashboard.review.notes'), value: order.notes }] : []),
        {
          label: t('dashboard.review.arrives'),
          value: t('dashboard.withdraw.within', { hours: WITHDRAWAL_PROMISE_HOURS }),
        },
      ]}
      confirmLabel={t('dashboard.withdraw.confirm')}
      pendingLabel={t('dashboard.requesting')}
      pending={pending}
      notice={notice}
      onEdit={onEdit}
      onConfirm={confirm}
    >
      {proof.element}
    </ReviewStep>
  );
}
