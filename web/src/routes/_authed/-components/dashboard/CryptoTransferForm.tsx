import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/Button.tsx';
import { toast } from '../../../../components/toast/index.ts';
import { ApiError } from '../../../../lib/api.ts';
import { checkCryptoAmount, displayAmount, formatAsset } from '../../../../lib/assets.ts';
import type { CryptoCurrency } from '../../../../lib/constants.ts';
import { useIdempotentMutate } from '../../../../lib/idempotency.ts';
import { type FormErrors, isEmail, MAX_DESCRIPTION, messages } from '../../../../lib/validation.ts';
import type { User } from '../../../../queries/auth.queries.ts';
import { cryptoBalancesQuery, useCryptoTransferMutation } from '../../../../queries/crypto.queries.ts';
import { AmountField, DescriptionField, EmailField } from '../../../../ui/form/fields.tsx';
import { useForm } from '../../../../ui/form/useForm.ts';
import * as panel from '../../../../ui/panel/Panel.css.ts';
import { ReviewStep } from '../../../../ui/review/ReviewStep.tsx';

type Field = 'recipientEmail' | 'amount' | 'description';
const FIELD_ORDER: Field[] = ['recipientEmail', 'amount', 'description'];
const EMPTY = { recipientEmail: '', amount: '', description: '' };

interface Command {
  recipientEmail: string;
  currency: CryptoCurrency;
  amount: string;
  description: string;
}

/**
 * Send a crypto currency to another user by e-mail (docs/product-rules.md spec 5, "Crypto transfer to a user"; docs/product-rules.md rule 19):
 * free, checked against the available balance, reviewed before it is sent (docs/product-rules.md rule 26),
 * carried with an idempotency key.
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
  const sendWithKey = useIdempotentMutate(transfer.mutate);
  const form = useForm(EMPTY, FIELD_ORDER);
  const { values, setErrors } = form;
  const available = balances.data?.find((entry) => entry.currency === currency)?.balance ?? '0';
  const [pending, setPending] = useState<Command | null>(null);

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
    if (!form.check(found) || !amount.ok) return;

    setPending({
      recipientEmail: email,
      currency,
      amount: amount.amount,
      description: values.description.trim(),
    });
  };

  const confirm = (command: Command) => {
    const email = command.recipientEmail;
    sendWithKey(command, {
      onSuccess: () => {
        toast({
          title: 'Money sent successfully',
          description: `${displayAmount(command.amount, currency)} ${currency} sent to ${email}.`,
          variant: 'success',
        });
        setPending(null);
        form.reset();
        onSent?.();
      },
      onError: (error) => {
        setPending(null);
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
    });
  };

  if (pending) {
    return (
      <ReviewStep
        title="Review your transfer"
        rows={[
          { label: 'Amount', value: `${displayAmount(pending.amount, currency)} ${currency}` },
          { label: 'Fee', value: 'Free' },
          { label: 'Recipient', value: pending.recipientEmail },
          ...(pending.description ? [{ label: 'Description', value: pending.description }] : []),
          { label: 'Arrives', value: 'Instantly' },
        ]}
        confirmLabel="Confirm and send"
        pendingLabel="Sending…"
        pending={transfer.isPending}
        onEdit={() => setPending(null)}
        onConfirm={() => confirm(pending)}
      />
    );
  }

  return (
    <form className={panel.form} onSubmit={onSubmit} noValidate aria-label={`Send ${currency}`}>
      <EmailField
        {...form.textField('recipientEmail')}
        label="Recipient email"
        autoComplete="off"
        placeholder="friend@example.com"
      />
      <AmountField
        {...form.textField('amount')}
        label={`Amount (${currency})`}
        hint={`Available: ${formatAsset(available, currency)} ${currency} · no transfer fee`}
      />
      <DescriptionField {...form.textField('description')} />
      <Button type="submit" fullWidth>
        <Send size={16} aria-hidden="true" />
        Review transfer
      </Button>
    </form>
  );
}
