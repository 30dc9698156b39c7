import { networkLabel } from '@domain/crypto/networks.ts';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowLeft, FileCheck, Printer } from 'lucide-react';
import { pageTitle } from '@/content/constants.ts';
import { t, tRich } from '@/i18n/i18n.ts';
import { formatDateTime } from '@/lib/format.ts';
import { saveVerifiableReceipt } from '@/queries/ledgerProofs.queries.ts';
import { type Receipt, receiptQuery } from '@/queries/transactions.queries.ts';
import { page } from '@/styles/layout.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
import * as dashboardStyles from '@/ui/page/Page.css.ts';
import { translatedStates } from '@/ui/page/PageStates.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { StatusBadge } from '@/ui/panel/StatusBadge.tsx';
import { toast, toastFailure } from '@/ui/toast/index.ts';
import * as styles from './-components/receipt/Receipt.css.ts';
import { PageHeading } from './-components/SignedInPage.tsx';
import {
  describedText,
  receiptCounterparty,
  stateLabel,
  typeLabel,
} from './-components/transactions/describe.ts';
import { shownAmount, signedShown } from './-components/transactions/TransactionItem.tsx';

/**
 * A movement's receipt (docs/architecture/history.md): reference, type, status timeline, counterparty,
 * amount and fee, the balance before and after, printable. Only its sender or receiver (or an admin) can
 * open it: anyone else gets the API's 404, shown as "not found".
 */
export const Route = createFileRoute('/_authed/transactions_/$id')({
  // Each screen its own title, in the reader's language (issue 48.13).
  head: () => ({ meta: [{ title: pageTitle(t('money.receipt.eyebrow')) }] }),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(receiptQuery(params.id)),
  ...translatedStates({
    loading: 'money.receipt.loading',
    title: 'money.receipt.notFound',
    message: 'money.receipt.notFoundMessage',
    to: '/transactions',
    action: 'money.receipt.back',
  }),
  component: ReceiptPage,
});

function ReceiptPage() {
  const { id } = Route.useParams();
  const { data: receipt } = useSuspenseQuery(receiptQuery(id));
  return <ReceiptView receipt={receipt} />;
}

function amountLine(receipt: Receipt): string {
  if (receipt.amount === null)
    return receipt.state === 'rejected'
      ? t('money.receipt.notCredited')
      : t('money.receipt.amountPending', { asset: receipt.asset });
  const signed = `${receipt.direction === 'sent' ? '-' : '+'}${receipt.amount}`;
  return `${signedShown(signed, receipt.asset)} ${receipt.asset}`;
}

function ReceiptView({ receipt }: { receipt: Receipt }) {
  const failed = receipt.status === 'failed';
  const fee =
    receipt.fee === '0'
      ? t('money.receipt.free')
      : `${shownAmount(receipt.fee, receipt.feeAsset)} ${receipt.feeAsset}`;
  const balance = (value: string | null) =>
    value === null ? t('money.receipt.unchanged') : `${shownAmount(value, receipt.asset)} ${receipt.asset}`;
  return (
    <div className={`${page} ${dashboardStyles.stack}`}>
      <div className={styles.header}>
        <PageHeading
          eyebrow={t('money.receipt.eyebrow')}
          title={typeLabel(receipt.type)}
          lead={describedText(receipt.description)}
        />
        <div className={styles.actions} data-print="hide">
          <Link to="/transactions" className={panel.headLink}>
            <ArrowLeft size={14} aria-hidden="true" />
            {t('money.receipt.back')}
          </Link>
          <Button icon={Printer} variant="secondary" size="sm" onClick={() => window.print()}>
            {t('money.receipt.print')}
          </Button>
          <VerifiableReceiptButton transactionId={receipt.id} />
        </div>
      </div>

      <section className={`${panel.panel} ${styles.printable}`} aria-labelledby="receipt-amount">
        <p id="receipt-amount" className={`${styles.amount} ${failed ? styles.failed : ''}`}>
          {amountLine(receipt)}
        </p>
        {/* Its own box: a flex column would stretch the pill across the card. */}
        <div>
          <StatusBadge status={receipt.status} label={stateLabel(receipt.state)} />
        </div>
        <dl className={panel.details}>
          {receipt.holder ? (
            <>
              <dt className={panel.term}>{t('money.receipt.holder')}</dt>
              <dd className={panel.definition}>
                {receipt.holder.name} ({receipt.holder.email})
              </dd>
            </>
          ) : null}
          <dt className={panel.term}>{t('money.receipt.reference')}</dt>
          <dd className={`${panel.definition} ${styles.mono}`}>{receipt.id}</dd>
          <dt className={panel.term}>{t('money.receipt.type')}</dt>
          <dd className={panel.definition}>{typeLabel(receipt.type)}</dd>
          <dt className={panel.term}>{t('money.receipt.date')}</dt>
          <dd className={panel.definition}>{formatDateTime(receipt.createdAt)}</dd>
          <dt className={panel.term}>
            {receipt.direction === 'sent' ? t('money.receipt.to') : t('money.receipt.from')}
          </dt>
          <dd className={`${panel.definition} ${receipt.address ? styles.mono : ''}`}>
            {receiptCounterparty(receipt.counterparty)}
          </dd>
          <dt className={panel.term}>{t('money.receipt.amount')}</dt>
          <dd className={panel.definition}>
            {receipt.amount === null
              ? receipt.state === 'rejected'
                ? t('money.receipt.notCredited')
                : t('money.receipt.pendingConfirmation')
              : `${shownAmount(receipt.amount, receipt.asset)} ${receipt.asset}`}
          </dd>
          <dt className={panel.term}>{t('money.receipt.fee')}</dt>
          <dd className={panel.definition}>{fee}</dd>
          <dt className={panel.term}>{t('money.receipt.balanceBefore')}</dt>
          <dd className={panel.definition}>{balance(receipt.balanceBefore)}</dd>
          <dt className={panel.term}>{t('money.receipt.balanceAfter')}</dt>
          <dd className={panel.definition}>{balance(receipt.balanceAfter)}</dd>
          {receipt.network ? (
            <>
              <dt className={panel.term}>{t('money.receipt.network')}</dt>
              <dd className={panel.definition}>{networkLabel(receipt.network)}</dd>
            </>
          ) : null}
          {receipt.txHash ? (
            <>
              <dt className={panel.term}>{t('money.receipt.txHash')}</dt>
              <dd className={`${panel.definition} ${styles.mono}`}>{receipt.txHash}</dd>
            </>
          ) : null}
          {receipt.reason ? (
            <>
              <dt className={panel.term}>{t('money.receipt.reason')}</dt>
              <dd className={panel.definition}>{receipt.reason}</dd>
            </>
          ) : null}
        </dl>
      </section>

      <section className={panel.panel} aria-labelledby="receipt-verifiable" data-print="hide">
        <h2 id="receipt-verifiable" className={panel.title}>
          {t('money.receipt.verifiable')}
        </h2>
        <p className={panel.subtitle}>
          {tRich('money.receipt.verifiableHelp', {
            link: (chunks) => <Link to="/verify">{chunks}</Link>,
          })}
        </p>
      </section>

      <section className={`${panel.panel} ${styles.printable}`} aria-labelledby="receipt-timeline">
        <h2 id="receipt-timeline" className={panel.title}>
          {t('money.receipt.status')}
        </h2>
        <ol className={styles.timeline}>
          {receipt.timeline.map((step) => (
            <li key={step.state} className={styles.step}>
              <span className={styles.dot} aria-hidden="true" />
              <span>
                {stateLabel(step.state)}{' '}
                <time className={styles.stepTime} dateTime={step.at}>
                  {formatDateTime(step.at)}
                </time>
              </span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** Saves the transaction's verifiable receipt (its events, their inclusion proof and the signed digest). */
function VerifiableReceiptButton({ transactionId }: { transactionId: string }) {
  const download = useMutation({
    mutationFn: () => saveVerifiableReceipt(transactionId),
    onSuccess: (fileName) =>
      toast({
        title: t('money.receipt.downloaded'),
        description: t('money.receipt.savedAs', { fileName }),
        variant: 'success',
      }),
    onError: (error) => toastFailure(t('money.receipt.downloadFailed'), error),
  });
  return (
    <Button
      icon={FileCheck}
      variant="secondary"
      size="sm"
      onClick={() => download.mutate()}
      pending={download.isPending}
      pendingLabel={t('money.receipt.preparing')}
    >
      {t('money.receipt.download')}
    </Button>
  );
}
