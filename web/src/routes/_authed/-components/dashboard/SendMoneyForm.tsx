import { Send } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../../../components/Button.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { toast } from '../../../../components/toast/index.ts';
import { t } from '../../../../i18n/i18n.ts';
import { ApiError } from '../../../../lib/api.ts';
import { formatDecimal } from '../../../../lib/format.ts';
import { useIdempotentCommand } from '../../../../lib/idempotency.ts';
import { readAmount } from '../../../../lib/money.ts';
import {
  hasErrors,
  MAX_DESCRIPTION,
  messages,
  type SendValues,
  validateSend,
} from '../../../../lib/validation.ts';
import type { User } from '../../../../queries/auth.queries.ts';
import { useTransferMutation } from '../../../../queries/transactions.queries.ts';
import type { Recipient } from '../../../../queries/users.queries.ts';
import { apiFieldErrors } from '../../../../ui/form/apiFieldErrors.ts';
import { AmountField, EmailField } from '../../../../ui/form/fields.tsx';
import { useForm } from '../../../../ui/form/useForm.ts';
import * as panel from '../../../../ui/panel/Panel.css.ts';
import { ReviewStep } from '../../../../ui/review/ReviewStep.tsx';
import { useAskedProof } from './ProofField.tsx';
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
  // The proof is not part of what makes a retry the same transfer: a proof asked for keeps the key.
  const sending = useIdempotentCommand(transfer.mutateAsync, ({ totpCode, password, ...command }) => command);
  const proof = useAskedProof(sending.pending, t('dashboard.send.stepUp'));
  const form = useForm(EMPTY, FIELD_ORDER, { validate: (values) => validateSend(values, user.balance) });
  const { values, errors, showErrors } = form;
  const [pending, setPending] = useState<Pending | null>(null);

  const lookup = useRecipientLookup(values.recipientEmail, (message) =>
    showErrors({ recipientEmail: message }),
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (lookup.looking || sending.pending) return;
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

  const confirm = (confirmed: Pending) => {
    // Once the server asked for a proof (docs/security.md, "Step-up for transfers"), Confirm sends it.
    const given = proof.given();
    if (!given) return;
    sending.send(
      { ...confirmed.command, ...given },
      {
        onSuccess: () => {
          toast({
            title: t('dashboard.send.sent'),
            description: t('dashboard.send.sent.description', {
              amount: t('dashboard.sai', { amount: formatDecimal(confirmed.command.amount) }),
              recipient: confirmed.recipient.username,
            }),
            variant: 'success',
          });
          setPending(null);
          proof.clear();
          form.reset();
          lookup.clear();
          onSent?.();
        },
        onError: (error) => {
          // The server asks for the password or code, or refused it: stay on the review, on its field.
          if (proof.refused(error)) return;
          // Back to the form, where the refusal's field errors show beside the fields.
          setPending(null);
          proof.clear();
          const fromServer = apiFieldErrors(error, API_FIELDS);
          if (hasErrors(fromServer)) showErrors(fromServer);
          toast(transferFailureToast(error));
        },
      },
    );
  };

  if (pending) {
    return (
      <SendReview
        pending={pending}
        sending={sending.pending}
        notice={sending.notice}
        onEdit={() => {
          setPending(null);
          proof.clear();
        }}
        onConfirm={() => confirm(pending)}
      >
        {proof.element}
      </SendReview>
    );
  }

  return (
    <SendFields
      form={form}
      user={user}
      lookup={lookup}
      error={errors.recipientEmail ?? lookup.error}
      onSubmit={onSubmit}
    />
  );
}

/** The review of a checked transfer (docs/product-rules.md rule 26): what will be sent, before Confirm. */
function SendReview({
  pending,
  sending,
  notice,
  onEdit,
  onConfirm,
  children,
}: {
  pending: Pending;
  sending: boolean;
  notice: string | undefined;
  onEdit: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <ReviewStep
      title={t('dashboard.send.review')}
      rows={[
        {
          label: t('dashboard.review.amount'),
          value: t('dashboard.sai', { amount: formatDecimal(pending.command.amount) }),
        },
        { label: t('dashboard.review.fee'), value: t('dashboard.review.free') },
        {
          label: t('dashboard.review.recipient'),
          value: `${pending.recipient.username} (${pending.email})`,
        },
        ...(pending.command.description
          ? [{ label: t('dashboard.send.description'), value: pending.command.description }]
          : []),
        { label: t('dashboard.review.arrives'), value: t('dashboard.review.instantly') },
      ]}
      confirmLabel={t('dashboard.send.confirm')}
      pendingLabel={t('dashboard.send.sending')}
      pending={sending}
      notice={notice}
      onEdit={onEdit}
      onConfirm={onConfirm}
    >
      {children}
    </ReviewStep>
  );
}

/** The form's fields: the recipient's e-mail (looked up when left), the amount and a description. */
function SendFields({
  form,
  user,
  lookup,
  error,
  onSubmit,
}: {
  form: ReturnType<typeof useForm<SendValues>>;
  user: User;
  lookup: ReturnType<typeof useRecipientLookup>;
  error: string | undefined;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form
      className={panel.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={t('dashboard.send.form', { currency: 'SAI' })}
    >
      <EmailField
        {...form.textField('recipientEmail')}
        label={t('dashboard.send.recipientEmail')}
        autoComplete="off"
        placeholder={t('dashboard.send.emailPlaceholder')}
        onBlur={lookup.leave}
        hint={lookup.hint}
        error={error}
      />
      <AmountField
        {...form.textField('amount')}
        label={t('dashboard.send.amount', { currency: 'SAI' })}
        hint={t('dashboard.send.available', {
          amount: t('dashboard.sai', { amount: formatDecimal(user.balance) }),
        })}
      />
      <TextField
        {...form.textField('description')}
        label={t('dashboard.send.description')}
        optional
        maxLength={MAX_DESCRIPTION}
        autoComplete="off"
        placeholder={t('dashboard.send.descriptionPlaceholder')}
      />
      <Button type="submit" fullWidth pending={lookup.looking} pendingLabel={t('dashboard.send.finding')}>
        <Send size={16} aria-hidden="true" />
        {t('dashboard.send.reviewButton')}
      </Button>
    </form>
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
