import { type FormEvent, useState } from 'react';
import { t } from '@/i18n/i18n.ts';
import { ApiError } from '@/lib/api.ts';
import { formatDecimal } from '@/lib/format.ts';
import { readAmount } from '@/lib/money.ts';
import { hasErrors, messages, type SendValues, validateSend } from '@/lib/validation.ts';
import type { User } from '@/queries/auth.queries.ts';
import { useTransferMutation } from '@/queries/transactions.queries.ts';
import type { Recipient } from '@/queries/users.queries.ts';
import { apiFieldErrors } from '@/ui/form/apiFieldErrors.ts';
import { useForm } from '@/ui/form/useForm.ts';
import { toast } from '@/ui/toast/index.ts';
import { sentToast, TransferFields, TransferReview, useTransferSending } from './TransferSteps.tsx';
import { useRecipientLookup } from './useRecipientLookup.ts';

type Field = keyof SendValues;
const FIELD_ORDER: Field[] = ['recipientEmail', 'amount', 'description'];
const EMPTY: SendValues = { recipientEmail: '', amount: '', description: '' };
/** The API's field names, for the field errors of a 400 answer. */
const API_FIELDS: Record<string, Field> = {
  receiver_id: 'recipientEmail',
  amount: 'amount',
  description: 'description',
};

/** A transfer checked by the form and waiting for the user's confirmation. */
interface Pending {
  command: { receiverId: string; amount: string; description: string };
  recipient: Recipient;
  email: string;
}

/**
 * Send SAI to another user by e-mail (docs/product-rules.md spec 2 and 5). The recipient is looked up when the e-mail field is
 * left, and again on submit; then a review (docs/product-rules.md rule 26) shows what will be sent before
 * Confirm sends it, once: a lost or "still processing" answer is asked again with the same idempotency
 * key until the outcome is known (lib/idempotency.ts), so a double click or a dropped connection moves
 * the money once.
 */
export function SendMoneyForm({ user, onSent }: { user: User; onSent?: () => void }) {
  const transfer = useTransferMutation();
  const [pending, setPending] = useState<Pending | null>(null);
  const { send, review } = useTransferSending(transfer.mutateAsync, () => setPending(null));
  const form = useForm(EMPTY, FIELD_ORDER, { validate: (values) => validateSend(values, user.balance) });
  const { values, showErrors } = form;

  const lookup = useRecipientLookup(values.recipientEmail, (message) =>
    showErrors({ recipientEmail: message }),
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (lookup.looking || review.sending.pending) return;
    const found = validateSend(values, user.balance);
    if (!form.check(found)) {
      if (found.amount === messages.insufficientBalance) {
        toast({
          title: t('dashboard.send.insufficient'),
          description: messages.insufficientBalance,
          variant: 'destructive',
        });
      }
      return;
    }
    const read = readAmount(values.amount);
    if (!read.ok) return;
    const email = values.recipientEmail.trim();

    const recipient = await lookup.find(email);
    if (!recipient) return;
    if (recipient.id === user.id) {
      showErrors({ recipientEmail: t('dashboard.send.toYourself') });
      return;
    }

    const command = { receiverId: recipient.id, amount: read.amount, description: values.description.trim() };
    setPending({ command, recipient, email });
  };

  const confirm = (confirmed: Pending) =>
    send(confirmed.command, {
      onSuccess: () => {
        sentToast(
          t('dashboard.sai', { amount: formatDecimal(confirmed.command.amount) }),
          confirmed.recipient.username,
        );
        form.reset();
        lookup.clear();
        onSent?.();
      },
      onError: (error) => {
        // Back to the form, where the refusal's field errors show beside the fields.
        const fromServer = apiFieldErrors(error, API_FIELDS);
        if (hasErrors(fromServer)) showErrors(fromServer);
        toast(transferFailureToast(error));
      },
    });

  if (pending) {
    return (
      <TransferReview
        amount={t('dashboard.sai', { amount: formatDecimal(pending.command.amount) })}
        username={pending.recipient.username}
        email={pending.email}
        description={pending.command.description}
        {...review}
        onConfirm={() => confirm(pending)}
      />
    );
  }

  return (
    <TransferFields
      form={form}
      currency="SAI"
      available={t('dashboard.sai', { amount: formatDecimal(user.balance) })}
      lookup={lookup}
      descriptionPlaceholder={t('dashboard.send.descriptionPlaceholder')}
      onSubmit={onSubmit}
    />
  );
}

/**
 * docs/product-rules.md spec 8, "Transaction failure" and "Send over balance": the refusal known by its code,
 * since its message is in the reader's language (lib/refusals.ts).
 */
export function transferFailureToast(error: unknown) {
  if (error instanceof ApiError && error.code === 'insufficient_funds') {
    return {
      title: t('dashboard.send.insufficient'),
      description: error.message,
      variant: 'destructive' as const,
    };
  }
  if (error instanceof ApiError && error.status === 0) {
    return {
      title: t('dashboard.send.failed'),
      description: t('dashboard.send.failed.network'),
      variant: 'destructive' as const,
    };
  }
  return {
    title: t('dashboard.send.failed'),
    description:
      error instanceof ApiError && error.message ? error.message : t('dashboard.send.failed.retry'),
    variant: 'destructive' as const,
  };
}
