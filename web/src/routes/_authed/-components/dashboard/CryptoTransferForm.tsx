import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/Button.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { toast } from '../../../../components/toast/index.ts';
import { ApiError } from '../../../../lib/api.ts';
import { checkCryptoAmount, displayAmount, formatAsset } from '../../../../lib/assets.ts';
import type { CryptoCurrency } from '../../../../lib/constants.ts';
import { useIdempotencyKeys } from '../../../../lib/idempotency.ts';
import {
  type FormErrors,
  hasErrors,
  isEmail,
  MAX_DESCRIPTION,
  messages,
} from '../../../../lib/validation.ts';
import type { User } from '../../../../queries/auth.queries.ts';
import { cryptoBalancesQuery, useCryptoTransferMutation } from '../../../../queries/crypto.queries.ts';
import * as panel from '../../../../ui/panel/Panel.css.ts';

type Field = 'recipientEmail' | 'amount' | 'description';
const EMPTY = { recipientEmail: '', amount: '', description: '' };

/**
 * Send a crypto currency to another user by e-mail (docs/product-rules.md spec 5, "Crypto transfer to a user"; docs/product-rules.md rule 19):
 * free, checked against the available balance, carried with an idempotency key.
 */
export function CryptoTransferForm({
  user,
  currency,
  onSent,
}: {
  user: User;
  currency: CryptoCurrency;
  onSent?: () => void;
}) {
  const balances = useQuery(cryptoBalancesQuery);
  const transfer = useCryptoTransferMutation();
  const keys = useIdempotencyKeys();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const available = balances.data?.find((entry) => entry.currency === currency)?.balance ?? '0';

  const update = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _dropped, ...rest }) => rest as FormErrors<Field>);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (transfer.isPending) return;
    const found: FormErrors<Field> = {};
    const email = values.recipientEmail.trim();
    if (!isEmail(email)) found.recipientEmail = messages.recipientEmail;
    else if (email.toLowerCase() === user.email.toLowerCase())
      found.recipientEmail = 'You cannot send to yourself';
    const amount = checkCryptoAmount(values.amount, available, currency, messages.amount);
    if (!amount.ok) found.amount = amount.message;
    if (values.description.length > MAX_DESCRIPTION) found.description = messages.description;
    setErrors(found);
    if (hasErrors(found) || !amount.ok) return;

    const command = {
      recipientEmail: email,
      currency,
      amount: amount.amount,
      description: values.description.trim(),
    };
    transfer.mutate(
      { ...command, idempotencyKey: keys.keyFor(command) },
      {
        onSuccess: () => {
          keys.settle();
          toast({
            title: 'Money sent successfully',
            description: `${displayAmount(command.amount, currency)} ${currency} sent to ${email}.`,
            variant: 'success',
          });
          setValues(EMPTY);
          setErrors({});
          onSent?.();
        },
        onError: (error) => {
          keys.settle(error);
          if (error instanceof ApiError && error.status === 404) {
            setErrors({ recipientEmail: 'Recipient not found' });
            toast({ title: 'Error', description: 'Recipient not found', variant: 'destructive' });
            return;
          }
          if (error instanceof ApiError && /insufficient/i.test(error.message))
            setErrors({ amount: error.message });
          toast({
            title: 'Transaction failed',
            description: error.message || 'Failed to send money. Please try again.',
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form className={panel.form} onSubmit={onSubmit} noValidate aria-label={`Send ${currency}`}>
      <TextField
        label="Recipient email"
        name="recipientEmail"
        type="email"
        inputMode="email"
        autoComplete="off"
        placeholder="friend@example.com"
        value={values.recipientEmail}
        onChange={(event) => update('recipientEmail', event.target.value)}
        error={errors.recipientEmail}
        required
      />
      <TextField
        label={`Amount (${currency})`}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={values.amount}
        onChange={(event) => update('amount', event.target.value)}
        hint={`Available: ${formatAsset(available, currency)} ${currency} · no transfer fee`}
        error={errors.amount}
        required
      />
      <TextField
        label="Description"
        name="description"
        optional
        maxLength={MAX_DESCRIPTION}
        autoComplete="off"
        value={values.description}
        onChange={(event) => update('description', event.target.value)}
        error={errors.description}
      />
      <Button type="submit" fullWidth pending={transfer.isPending} pendingLabel="Sending…">
        <Send size={16} aria-hidden="true" />
        Send {currency}
      </Button>
    </form>
  );
}
