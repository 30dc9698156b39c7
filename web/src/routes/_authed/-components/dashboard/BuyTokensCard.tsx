import { useQuery } from '@tanstack/react-query';
import { Clock, Coins } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { type FormEvent, useId } from 'react';
import { t } from '@/i18n/i18n.ts';
import { ApiError } from '@/lib/api.ts';
import { formatAsset } from '@/lib/assets.ts';
import { formatDateTime, formatDecimal } from '@/lib/format.ts';
import { useIdempotentCommand } from '@/lib/idempotency.ts';
import { toUnits } from '@/lib/money.ts';
import { MAX_NOTES, messages } from '@/lib/validation.ts';
import type { User } from '@/queries/auth.queries.ts';
import { depositAddressesQuery, findDepositAddress } from '@/queries/depositAddresses.queries.ts';
import { purchaseQuoteQuery } from '@/queries/fees.queries.ts';
import {
  PAYMENT_METHODS,
  type PaymentMethod,
  PURCHASE_PRESETS,
  userPaymentsQuery,
  useSubmitPaymentMutation,
} from '@/queries/payments.queries.ts';
import {
  DepositAddressCard,
  DepositUnavailable,
} from '@/routes/_authed/-components/deposit/DepositAddressCard.tsx';
import { Button } from '@/ui/Button/Button.tsx';
import { TextAreaField } from '@/ui/Field/TextAreaField.tsx';
import { PanelForm } from '@/ui/form/PanelForm.tsx';
import { useForm } from '@/ui/form/useForm.ts';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { PanelError } from '@/ui/query/QueryState.tsx';
import { CommandNotice } from '@/ui/review/CommandNotice.tsx';
import { SelectField } from '@/ui/Select/SelectField.tsx';
import { toast } from '@/ui/toast/index.ts';
import { depositConfirmationTime } from '../timings.ts';
import * as styles from './BuyTokens.css.ts';
import { PurchaseQuote } from './PurchaseQuote.tsx';

/** docs/product-rules.md spec 4 and docs/product-rules.md rule 11: deposits are confirmed within 10-60 minutes. */
export function pendingNotice(): string {
  return t('dashboard.buy.pendingNotice', { time: depositConfirmationTime() });
}

/** The network the dashboard's purchases are paid on (docs/product-rules.md rule 21). */
const BUY_NETWORK = 'ethereum';

const METHOD_OPTIONS = PAYMENT_METHODS.map((method) => ({ value: method, label: method }));

/**
 * Buying SAI (docs/product-rules.md spec 2, "dashboard deposit flow"; docs/product-rules.md rule 16): the user pays the deposit address in ETH,
 * USDT or USDC outside the app, then submits a proof here; an admin approves it and the tokens are minted.
 */
export function BuyTokensCard({ user }: { user: User }) {
  return (
    <Panel icon={Coins} titleId="buy-title" title={t('dashboard.buy.title')} head>
      <p className={panel.subtitle}>{t('dashboard.buy.subtitle')}</p>
      <BuyTokensForm user={user} />
    </Panel>
  );
}

interface ProofValues {
  amount: string;
  paymentMethod: PaymentMethod;
  notes: string;
}
const PROOF_ORDER: (keyof ProofValues)[] = ['amount', 'paymentMethod', 'notes'];

/**
 * The proof submission form and the list of the user's proofs still pending. `onSubmitted` runs after a
 * proof was accepted, e.g. to close the dialog it sits in or to leave the page.
 */
export function BuyTokensForm({ user, onSubmitted }: { user: User; onSubmitted?: () => void }) {
  const amountLabelId = useId();
  const unavailableId = useId();
  const form = useForm<ProofValues>(
    { amount: PURCHASE_PRESETS[0], paymentMethod: 'ETH', notes: '' },
    PROOF_ORDER,
  );
  const { amount, paymentMethod: method, notes } = form.values;
  const submit = useSubmitPaymentMutation();
  const submitting = useIdempotentCommand(submit.mutateAsync);
  const payments = useQuery(userPaymentsQuery(user.id));
  const pending = (payments.data ?? []).filter((payment) => payment.status === 'pending');
  // Every method the dashboard offers is paid on Ethereum mainnet; without our address there, no proof.
  const addresses = useQuery(depositAddressesQuery);
  const target = findDepositAddress(addresses.data, method, BUY_NETWORK);
  const blocked = !target?.address;
  // The quote shown below; the QR code asks for the amount it names, and the submission sends its terms.
  const quote = useQuery(purchaseQuoteQuery(amount, method));
  const shown =
    quote.data?.currency === method && toUnits(quote.data.amount) === toUnits(amount) ? quote.data : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.pending || blocked) return;
    if (!form.check(notes.length > MAX_NOTES ? { notes: messages.notes } : {})) return;
    // The terms on screen go with the proof: if a rate or price changed since, the server refuses (409)
    // rather than record other numbers, and the quote is fetched again.
    const proof = {
      paymentMethod: method,
      amount,
      notes: notes.trim(),
      ...(shown ? { quotedFee: shown.fee, quotedCryptoAmount: shown.cryptoAmount } : {}),
    };
    submitting.send(proof, {
      onSuccess: () => {
        toast({ title: t('dashboard.buy.submitted'), description: pendingNotice(), variant: 'success' });
        form.set('notes', '');
        onSubmitted?.();
      },
      onError: (error) => {
        toast(paymentFailureToast(error));
        if (error instanceof ApiError && error.status === 409) void quote.refetch();
      },
    });
  };

  return (
    <>
      <PanelForm label={t('dashboard.buy.title')} onSubmit={onSubmit}>
        <div className={styles.fieldset}>
          <p id={amountLabelId} className={styles.legend}>
            {t('dashboard.buy.amount')}
          </p>
          <RadioGroup.Root
            className={styles.presets}
            value={amount}
            onValueChange={(next) => form.set('amount', next)}
            aria-labelledby={amountLabelId}
            name="amount"
          >
            {PURCHASE_PRESETS.map((preset) => (
              <RadioGroup.Item
                key={preset}
                value={preset}
                className={styles.preset}
                aria-label={t('dashboard.sai', { amount: preset })}
              >
                <span className={styles.presetAmount}>{preset}</span>
                <span className={styles.presetUnit}>SAI</span>
              </RadioGroup.Item>
            ))}
          </RadioGroup.Root>
        </div>
        <SelectField
          label={t('dashboard.buy.method')}
          name="paymentMethod"
          value={method}
          options={METHOD_OPTIONS}
          onValueChange={(next) => form.set('paymentMethod', next)}
        />
        {addresses.isPending ? (
          <p className={panel.muted}>{t('dashboard.buy.addressLoading')}</p>
        ) : addresses.isError ? (
          <PanelError onRetry={() => addresses.refetch()}>{t('dashboard.buy.addressFailed')}</PanelError>
        ) : target?.address ? (
          <DepositAddressCard
            currency={method}
            entry={target}
            address={target.address}
            amount={shown?.cryptoAmount}
          />
        ) : (
          <DepositUnavailable id={unavailableId} currency={method} networkName="Ethereum" />
        )}
        <PurchaseQuote quote={quote} current={shown !== null} />
        <TextAreaField
          {...form.textField('notes')}
          label={t('dashboard.review.notes')}
          optional
          maxLength={MAX_NOTES}
          placeholder={t('dashboard.buy.notesPlaceholder')}
          disabled={blocked}
        />
        <CommandNotice notice={submitting.notice} />
        <Button
          type="submit"
          fullWidth
          pending={submitting.pending}
          pendingLabel={t('dashboard.buy.submitting')}
          disabled={blocked}
          aria-describedby={blocked && addresses.isSuccess ? unavailableId : undefined}
        >
          {t('dashboard.buy.submit')}
        </Button>
      </PanelForm>
      {pending.length > 0 ? (
        <div className={panel.notice} role="status">
          <p className={panel.noticeTitle}>
            <Clock size={16} aria-hidden="true" />
            {pendingNotice()}
          </p>
          <ul className={panel.noticeList} aria-label={t('dashboard.buy.pendingList')}>
            {pending.map((payment) => (
              <li key={payment.id}>
                {t('dashboard.buy.pendingPayment', {
                  amount: formatDecimal(payment.amount),
                  method: payment.paymentMethod,
                })}
                {payment.cryptoAmount
                  ? ` (${formatAsset(payment.cryptoAmount, payment.paymentMethod)} ${payment.paymentMethod})`
                  : ''}{' '}
                · <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt)}</time>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/** docs/product-rules.md spec 8, "Payment submit". */
function paymentFailureToast(error: unknown) {
  if (!(error instanceof ApiError)) {
    return {
      title: t('dashboard.buy.failed'),
      description: t('dashboard.unexpected'),
      variant: 'destructive' as const,
    };
  }
  if (error.status === 0 || error.status >= 500) {
    return {
      title: t('dashboard.buy.failed.server'),
      description: t('dashboard.buy.failed.later'),
      variant: 'destructive' as const,
    };
  }
  return { title: t('dashboard.buy.failed'), description: error.message, variant: 'destructive' as const };
}
