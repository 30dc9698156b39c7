import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { t } from '@/i18n/i18n.ts';
import { ApiError } from '@/lib/api.ts';
import { checkCryptoAmount, formatAsset } from '@/lib/assets.ts';
import type { CryptoCurrency } from '@/lib/constants.ts';
import { type FormErrors, isEmail, MAX_DESCRIPTION, messages } from '@/lib/validation.ts';
import type { User } from '@/queries/auth.queries.ts';
import { cryptoBalancesQuery, useCryptoTransferMutation } from '@/queries/crypto.queries.ts';
import type { Recipient } from '@/queries/users.queries.ts';
import { useForm } from '@/ui/form/useForm.ts';
import { toast } from '@/ui/toast/index.ts';
import { sentToast, TransferFields, TransferReview, useTransferSending } from './TransferSteps.tsx';
import { useRecipientLookup } from './useRecipientLookup.ts';

type Field = 'recipientEmail' | 'amount' | 'description';
const FIELD_ORDER: Field[] = ['recipientEmail', 'amount', 'description'];
const EMPTY = { recipientEmail: '', amount: '', description: '' };

interface Command {
  recipientEmail: string;
  currency: CryptoCurrency;
  amount: string;
  description: string;
}

/** A transfer checked by the form, its recipient found, waiting for the user's confirmation. */
interface Pending {
  command: Command;
  recipient: Recipient;
}

/**
 * Send a crypto currency to another user by e-mail (docs/product-rules.md spec 5, "Crypto transfer to a user"; docs/product-rules.md rule 19):
 * free, checked against the available balance, reviewed before it is sent (docs/product-rules.md rule 26),
 * carried with an idempotency key. The recipient is looked up as for SAI (SendMoneyForm): when the e-mail
 * field is left, and again before the review, so the review names who receives the money and an unknown
 * e-mail is refused on the form, not only at Confirm.
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
  const [pending, setPending] = useState<Pending | null>(null);
  const { send, review } = useTransferSending(transfer.mutateAsync, () => setPending(null));
  const form = useForm(EMPTY, FIELD_ORDER);
  const { values, setErrors } = form;
  const available = balances.data?.find((entry) => entry.currency === currency)?.balance ?? '0';

  const lookup = useRecipientLookup(values.recipientEmail, (message) =>
    setErrors({ recipientEmail: message }),
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (lookup.looking || review.sending.pending) return;
    const found: FormErrors<Field> = {};
    const email = values.recipientEmail.trim();
    if (!isEmail(email)) found.recipientEmail = messages.recipientEmail;
    else if (email.toLowerCase() === user.email.toLowerCase())
      found.recipientEmail = t('dashboard.send.toYourselfCrypto');
    const amount = checkCryptoAmount(values.amount, available, currency, messages.amount);
    if (!amount.ok) found.amount = amount.message;
    if (values.description.length > MAX_DESCRIPTION) found.description = messages.description;
    if (!form.check(found) || !amount.ok) return;

    const recipient = await lookup.find(email);
    if (!recipient) return;
    if (recipient.id === user.id) {
      setErrors({ recipientEmail: t('dashboard.send.toYourselfCrypto') });
      return;
    }
    setPending({
      command: {
        recipientEmail: email,
        currency,
        amount: amount.amount,
        description: values.description.trim(),
      },
      recipient,
    });
  };

  const confirm = ({ command, recipient }: Pending) =>
    send(command, {
      onSuccess: () => {
        sentToast(`${formatAsset(command.amount, currency)} ${currency}`, recipient.username);
        form.reset();
        lookup.clear();
        onSent?.();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 404) {
          setErrors({ recipientEmail: t('dashboard.send.notFound') });
          toast({
            title: t('dashboard.error'),
            description: t('dashboard.send.notFound'),
            variant: 'destructive',
          });
          return;
        }
        // By its code: the message is in the reader's language (lib/refusals.ts).
        if (error instanceof ApiError && error.code === 'insufficient_funds')
          setErrors({ amount: error.message });
        toast({
          title: t('dashboard.send.failed'),
          description: error.message || t('dashboard.send.failed.retry'),
          variant: 'destructive',
        });
      },
    });

  if (pending) {
    return (
      <TransferReview
        amount={`${formatAsset(pending.command.amount, currency)} ${currency}`}
        username={pending.recipient.username}
        email={pending.command.recipientEmail}
        description={pending.command.description}
        {...review}
        onConfirm={() => confirm(pending)}
      />
    );
  }

  return (
    <TransferFields
      form={form}
      currency={currency}
      available={`${formatAsset(available, currency)} ${currency}`}
      lookup={lookup}
      onSubmit={onSubmit}
    />
  );
}
