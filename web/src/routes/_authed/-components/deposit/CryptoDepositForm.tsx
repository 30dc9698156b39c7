import { useQuery } from '@tanstack/react-query';
import { ArrowDownToLine, TriangleAlert } from 'lucide-react';
import { type FormEvent, type ReactNode, useId } from 'react';
import { t } from '@/i18n/i18n.ts';
import { ApiError } from '@/lib/api.ts';
import { depositAddressFamily } from '@/lib/assets.ts';
import { type CryptoCurrency, DEPOSIT_CONFIRMATION_TIME, DEPOSIT_CURRENCIES } from '@/lib/constants.ts';
import { formatDecimal } from '@/lib/format.ts';
import { useIdempotentCommand } from '@/lib/idempotency.ts';
import { cryptoNetworksQuery, useDeclareDepositMutation } from '@/queries/crypto.queries.ts';
import { depositAddressesQuery, findDepositAddress } from '@/queries/depositAddresses.queries.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { TextField } from '@/ui/Field/TextField.tsx';
import { PanelForm } from '@/ui/form/PanelForm.tsx';
import { useForm } from '@/ui/form/useForm.ts';
import * as panel from '@/ui/panel/Panel.css.ts';
import { PanelError } from '@/ui/query/QueryState.tsx';
import { CommandNotice } from '@/ui/review/CommandNotice.tsx';
import { SelectField } from '@/ui/Select/SelectField.tsx';
import { toast, toastFailure } from '@/ui/toast/index.ts';
import { durationText } from '../timings.ts';
import * as styles from './Deposit.css.ts';
import { DepositAddressCard, DepositUnavailable } from './DepositAddressCard.tsx';

const CURRENCY_OPTIONS = DEPOSIT_CURRENCIES.map((currency) => ({ value: currency, label: currency }));
const TX_HASH = /^[A-Za-z0-9]*$/;

interface DepositValues {
  currency: CryptoCurrency;
  network: string;
  txHash: string;
}
const DEPOSIT_ORDER: (keyof DepositValues)[] = ['currency', 'network', 'txHash'];

/** docs/product-rules.md spec 8: the warning shown with a network that has a minimum. */
export function minimumWarning(minimum: string, currency: string): string {
  // In the locale's signs, with exactly the decimals the network's minimum has.
  const decimals = minimum.split('.')[1]?.length ?? 0;
  return t('money.deposit.minimum', { minimum: formatDecimal(minimum, decimals), currency });
}

/**
 * The crypto deposit form (docs/product-rules.md spec 2 and 4; docs/product-rules.md rules 17 and 21): currency (ETH by default), a network
 * that serves it (emptied when the currency changes), then the configured address for that network's
 * family with its minimum and confirmations, an optional transaction hash, and Declare deposit. The
 * deposit stays pending until an admin confirms the amount received.
 */
export function CryptoDepositForm() {
  const networks = useQuery(cryptoNetworksQuery);
  const addresses = useQuery(depositAddressesQuery);
  const unavailableId = useId();
  const declare = useDeclareDepositMutation();
  const declaring = useIdempotentCommand(declare.mutateAsync);
  const form = useForm<DepositValues>({ currency: 'ETH', network: '', txHash: '' }, DEPOSIT_ORDER);
  const { currency, network, txHash } = form.values;
  const { errors, setErrors } = form;

  if (networks.isPending) {
    return <div className={panel.skeletonRow} aria-busy="true" />;
  }
  if (networks.isError) {
    return <PanelError onRetry={() => networks.refetch()}>{t('money.deposit.networksFailed')}</PanelError>;
  }

  const catalogue = networks.data;
  const entry = catalogue.deposit[currency];
  const options = (entry?.networks ?? []).map((item) => ({
    value: item.network,
    label: catalogue.networks[item.network] ?? item.network,
  }));
  const chosen = entry?.networks.find((item) => item.network === network);
  const networkLabel = catalogue.networks[network] ?? network;
  const target = chosen ? findDepositAddress(addresses.data, currency, chosen.network) : undefined;
  // A network is chosen but no address is known for it (none set, or not loaded): nothing can be declared.
  const blocked = chosen !== undefined && !target?.address;
  const unavailable = blocked && addresses.isSuccess;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (declaring.pending || blocked) return;
    const found: typeof errors = {};
    if (!chosen) found.network = t('money.deposit.networkRequired');
    const hash = txHash.trim();
    if (!TX_HASH.test(hash)) found.txHash = t('money.deposit.hashCharacters');
    else if (hash.length > 128) found.txHash = t('money.deposit.hashLength');
    if (!form.check(found) || !chosen) return;
    const command = { currency, network: chosen.network, txHash: hash };
    declaring.send(command, {
      onSuccess: () => {
        toast({
          title: t('money.deposit.submitted'),
          description: t('money.deposit.submittedDescription', {
            currency,
            time: durationText(DEPOSIT_CONFIRMATION_TIME),
          }),
          variant: 'success',
        });
        form.setValues((current) => ({ ...current, txHash: '' }));
        setErrors({});
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
        toastFailure(t('money.deposit.declareFailed'), error);
      },
    });
  };

  return (
    <PanelForm label={t('money.deposit.tabCrypto')} onSubmit={onSubmit}>
      <SelectField
        label={t('money.deposit.currency')}
        name="currency"
        value={currency}
        options={CURRENCY_OPTIONS}
        onValueChange={(next) => {
          // docs/product-rules.md spec 4: changing the currency empties the network.
          form.setValues((current) => ({ ...current, currency: next, network: '' }));
          setErrors({});
        }}
      />
      <SelectField
        // A new Select per currency, so the emptied network shows its placeholder again.
        key={currency}
        label={t('money.deposit.network')}
        name="network"
        value={network}
        placeholder={t('money.deposit.selectNetwork')}
        options={options}
        onValueChange={(next) => form.set('network', next)}
        error={errors.network}
      />
      {chosen ? (
        <DepositTarget
          state={addresses.isPending ? 'loading' : addresses.isError ? 'error' : 'done'}
          onRetry={() => addresses.refetch()}
        >
          {target?.address ? (
            <>
              <DepositAddressCard currency={currency} entry={target} address={target.address} />
              {chosen.minimum ? (
                <p className={styles.warning} role="note">
                  <TriangleAlert size={16} aria-hidden="true" className={styles.warningIcon} />
                  {minimumWarning(chosen.minimum, currency)}
                </p>
              ) : null}
              <p className={styles.facts}>
                <span>{t('money.deposit.confirmations', { count: entry?.confirmations ?? 12 })}</span>
                <span aria-hidden="true">·</span>
                <span>{t('money.deposit.noFee')}</span>
                <span aria-hidden="true">·</span>
                <span>{t('money.deposit.usually', { time: durationText(DEPOSIT_CONFIRMATION_TIME) })}</span>
              </p>
            </>
          ) : (
            <DepositUnavailable id={unavailableId} currency={currency} networkName={networkLabel} />
          )}
        </DepositTarget>
      ) : null}
      <TextField
        {...form.textField('txHash')}
        label={t('money.deposit.txHash')}
        optional
        autoComplete="off"
        spellCheck={false}
        maxLength={128}
        placeholder={!network || depositAddressFamily(network) === 'ETH' ? '0x…' : undefined}
        hint={t('money.deposit.txHashHint')}
        disabled={blocked}
      />
      <CommandNotice notice={declaring.notice} />
      <Button
        icon={ArrowDownToLine}
        type="submit"
        fullWidth
        pending={declaring.pending}
        pendingLabel={t('money.deposit.declaring')}
        disabled={blocked}
        aria-describedby={unavailable ? unavailableId : undefined}
      >
        {t('money.deposit.declare')}
      </Button>
    </PanelForm>
  );
}

/** The address part of the form: a line while the addresses load, a retry when they could not. */
function DepositTarget({
  state,
  onRetry,
  children,
}: {
  state: 'loading' | 'error' | 'done';
  onRetry: () => void;
  children: ReactNode;
}) {
  if (state === 'loading') return <p className={panel.muted}>{t('money.deposit.addressLoading')}</p>;
  if (state === 'error') return <PanelError onRetry={onRetry}>{t('money.deposit.addressFailed')}</PanelError>;
  return <>{children}</>;
}
