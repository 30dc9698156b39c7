import { parseAddress } from '@domain/crypto/addresses.ts';
import { NETWORKS } from '@domain/crypto/networks.ts';
import { useQuery } from '@tanstack/react-query';
import { ArrowUpFromLine } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { t } from '@/i18n/i18n.ts';
import { ApiError } from '@/lib/api.ts';
import { checkCryptoAmount, formatAsset } from '@/lib/assets.ts';
import {
  CRYPTO_CURRENCIES,
  type CryptoCurrency,
  MIN_CRYPTO_AMOUNT,
  MIN_WITHDRAWAL_ADDRESS,
  WITHDRAWAL_PROMISE_HOURS,
} from '@/lib/constants.ts';
import { useIdempotentCommand } from '@/lib/idempotency.ts';
import type { FormErrors } from '@/lib/validation.ts';
import {
  cryptoBalancesQuery,
  cryptoNetworksQuery,
  type NetworkId,
  useWithdrawMutation,
} from '@/queries/crypto.queries.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { TextAreaField } from '@/ui/Field/TextAreaField.tsx';
import { TextField } from '@/ui/Field/TextField.tsx';
import { apiFieldErrors } from '@/ui/form/apiFieldErrors.ts';
import { AmountField } from '@/ui/form/fields.tsx';
import { PanelForm } from '@/ui/form/PanelForm.tsx';
import { useForm } from '@/ui/form/useForm.ts';
import * as panel from '@/ui/panel/Panel.css.ts';
import { type Proof, reauthenticationRefusal } from '@/ui/review/ProofField.tsx';
import { SelectField } from '@/ui/Select/SelectField.tsx';
import { toast, toastFailure } from '@/ui/toast/index.ts';
import { type WithdrawOrder, WithdrawReview } from './WithdrawReview.tsx';

type Field = 'currency' | 'chain' | 'address' | 'amount' | 'notes';
interface Values {
  currency: CryptoCurrency;
  chain: string;
  address: string;
  amount: string;
  notes: string;
}

const FIELD_ORDER: Field[] = ['currency', 'chain', 'address', 'amount', 'notes'];
const EMPTY: Values = { currency: 'ETH', chain: '', address: '', amount: '', notes: '' };
const MAX_WITHDRAWAL_NOTES = 300;
const CURRENCY_OPTIONS = CRYPTO_CURRENCIES.map((currency) => ({ value: currency, label: currency }));

/**
 * Crypto withdrawal (docs/product-rules.md spec 2 and 5; docs/product-rules.md rule 18): currency, then a network that serves it (cleared when
 * the currency changes), the external address, the amount (at most what is available) and notes; then a
 * review that asks for the password or authenticator code (WithdrawReview.tsx). The amount is held at
 * once; an admin sends it within the promised 24 hours.
 */
export function WithdrawForm({ onDone }: { onDone?: () => void }) {
  const balances = useQuery(cryptoBalancesQuery);
  const networks = useQuery(cryptoNetworksQuery);
  const withdraw = useWithdrawMutation();
  // The proof is not part of what makes a retry the same withdrawal: a fresh code keeps the key.
  const withdrawing = useIdempotentCommand(withdraw.mutateAsync, ({ totpCode, password, ...order }) => order);
  const form = useForm(EMPTY, FIELD_ORDER);
  const { values, setErrors } = form;
  const [order, setOrder] = useState<(WithdrawOrder & { chain: NetworkId }) | null>(null);
  const [refusal, setRefusal] = useState<ReturnType<typeof reauthenticationRefusal>>(null);

  const available = balances.data?.find((entry) => entry.currency === values.currency)?.balance ?? '0';
  const labels = networks.data?.networks ?? {};
  const chainOptions = (networks.data?.withdrawal[values.currency] ?? []).map((id) => ({
    value: id,
    label: labels[id] ?? id,
  }));

  // docs/product-rules.md spec 5: the chain depends on the currency and clears when the currency changes.
  const chooseCurrency = (currency: CryptoCurrency) => {
    form.setValues((current) => ({ ...current, currency, chain: '' }));
    form.clearError('currency');
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateWithdrawal(values, available, labels);
    // The network as the API names it: one of the catalogue's for this currency (the list offered).
    const chain = chainOptions.find((option) => option.value === values.chain)?.value;
    if (!form.check(checked.errors) || !checked.amount || !chain) return;
    setRefusal(null);
    setOrder({
      currency: values.currency,
      amount: checked.amount,
      address: values.address.trim(),
      chain,
      notes: values.notes.trim(),
    });
  };

  const confirm = (command: WithdrawOrder & { chain: NetworkId }, proof: Proof) => {
    const chainLabel = labels[command.chain] ?? command.chain;
    withdrawing.send(
      { ...command, ...proof },
      {
        onSuccess: () => {
          toast({
            title: t('dashboard.withdraw.started'),
            description: t('dashboard.withdraw.started.description', {
              amount: formatAsset(command.amount, command.currency),
              currency: command.currency,
              network: chainLabel,
              hours: WITHDRAWAL_PROMISE_HOURS,
            }),
            variant: 'success',
          });
          setOrder(null);
          form.reset();
          onDone?.();
        },
        onError: (error) => {
          // A missing or wrong password or code: stay on the review, the message on its field.
          const refused = reauthenticationRefusal(error);
          if (refused) {
            setRefusal(refused);
            return;
          }
          setOrder(null);
          if (error instanceof ApiError && error.fieldErrors) {
            setErrors(apiFieldErrors(error, FIELD_ORDER));
          } else if (error instanceof ApiError && error.code === 'insufficient_funds') {
            setErrors({ amount: error.message });
          }
          toastFailure(t('dashboard.withdraw.failed'), error);
        },
      },
    );
  };

  if (order) {
    return (
      <WithdrawReview
        order={order}
        chainLabel={labels[order.chain] ?? order.chain}
        pending={withdrawing.pending}
        notice={withdrawing.notice}
        refusal={refusal}
        onEdit={() => setOrder(null)}
        onConfirm={(proof) => confirm(order, proof)}
      />
    );
  }

  return (
    <WithdrawFields
      form={form}
      available={available}
      chainOptions={chainOptions}
      onCurrency={chooseCurrency}
      onSubmit={onSubmit}
    />
  );
}

/**
 * The form's own checks, before the review: a network chosen, an address that network accepts, an amount
 * within what is available and notes within their limit. Returns the errors and the amount as read.
 */
function validateWithdrawal(
  values: Values,
  available: string,
  labels: Record<string, string>,
): { errors: FormErrors<Field>; amount: string | null } {
  const found: FormErrors<Field> = {};
  if (!values.chain) found.chain = t('dashboard.withdraw.chainMissing');
  if (values.address.trim().length < MIN_WITHDRAWAL_ADDRESS)
    found.address = t('dashboard.withdraw.addressShort', { min: MIN_WITHDRAWAL_ADDRESS });
  // The server's own check (domain/crypto/addresses.ts: format and checksum per network), on the field
  // before the review: a BTC address on Ethereum or a mistyped EIP-55 checksum never gets that far.
  else if (values.chain in NETWORKS && !parseAddress(values.chain as NetworkId, values.address).ok)
    found.address = t('dashboard.withdraw.addressInvalid', {
      network: labels[values.chain] ?? values.chain,
    });
  const amount = checkCryptoAmount(values.amount, available, values.currency);
  if (!amount.ok) found.amount = amount.message;
  if (values.notes.length > MAX_WITHDRAWAL_NOTES)
    found.notes = t('dashboard.withdraw.notesLong', { max: MAX_WITHDRAWAL_NOTES });
  return { errors: found, amount: amount.ok ? amount.amount : null };
}

/** The form's fields: the currency, a network that serves it, the address, the amount and notes. */
function WithdrawFields({
  form,
  available,
  chainOptions,
  onCurrency,
  onSubmit,
}: {
  form: ReturnType<typeof useForm<Values>>;
  available: string;
  chainOptions: { value: NetworkId; label: string }[];
  onCurrency: (currency: CryptoCurrency) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { values, errors } = form;
  return (
    <PanelForm label={t('dashboard.actions.withdraw.title')} onSubmit={onSubmit}>
      <SelectField
        label={t('dashboard.currency')}
        name="currency"
        value={values.currency}
        options={CURRENCY_OPTIONS}
        onValueChange={onCurrency}
        hint={t('dashboard.withdraw.available', {
          amount: `${formatAsset(available, values.currency)} ${values.currency}`,
        })}
      />
      <SelectField
        // A new Select per currency, so the cleared chain shows its placeholder again.
        key={values.currency}
        label={t('dashboard.review.network')}
        name="chain"
        value={values.chain}
        placeholder={t('dashboard.withdraw.chainPlaceholder')}
        options={chainOptions}
        onValueChange={(chain) => form.set('chain', chain)}
        error={errors.chain}
        disabled={chainOptions.length === 0}
      />
      <TextField
        {...form.textField('address')}
        label={t('dashboard.withdraw.address')}
        autoComplete="off"
        spellCheck={false}
        placeholder={t('dashboard.withdraw.addressPlaceholder')}
        required
      />
      <AmountField
        {...form.textField('amount')}
        label={t('dashboard.send.amount', { currency: values.currency })}
        placeholder={MIN_CRYPTO_AMOUNT}
      />
      <TextAreaField
        {...form.textField('notes')}
        label={t('dashboard.review.notes')}
        optional
        maxLength={MAX_WITHDRAWAL_NOTES}
      />
      <p className={panel.subtitle}>{t('dashboard.withdraw.notice', { hours: WITHDRAWAL_PROMISE_HOURS })}</p>
      <Button icon={ArrowUpFromLine} type="submit" fullWidth>
        {t('dashboard.withdraw.reviewButton')}
      </Button>
    </PanelForm>
  );
}
