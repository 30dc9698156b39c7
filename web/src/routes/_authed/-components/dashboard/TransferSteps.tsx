import { Send } from 'lucide-react';
import type { FormEvent } from 'react';
import { t } from '@/i18n/i18n.ts';
import { useIdempotentCommand } from '@/lib/idempotency.ts';
import { MAX_DESCRIPTION, type SendValues } from '@/lib/validation.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { TextField } from '@/ui/Field/TextField.tsx';
import { AmountField, EmailField } from '@/ui/form/fields.tsx';
import { PanelForm } from '@/ui/form/PanelForm.tsx';
import type { useForm } from '@/ui/form/useForm.ts';
import { useAskedProof } from '@/ui/review/ProofField.tsx';
import { ReviewStep } from '@/ui/review/ReviewStep.tsx';
import { toast } from '@/ui/toast/index.ts';
import type { useRecipientLookup } from './useRecipientLookup.ts';

/*
 * The two steps a transfer to another user by e-mail shares, in SAI (SendMoneyForm) and in crypto
 * (CryptoTransferForm): the form, then the review (docs/product-rules.md rule 26) before Confirm.
 */

interface TransferReviewProps {
  /** The amount as shown, with its currency. */
  amount: string;
  username: string;
  email: string;
  description: string;
  sending: { pending: boolean; notice: string | undefined };
  /** The password or code, once the server asked for one; dropped when the user goes back to edit. */
  proof: ReturnType<typeof useAskedProof>;
  onEdit: () => void;
  onConfirm: () => void;
}

/** The review of a checked transfer: what will be sent, to whom, before Confirm. */
export function TransferReview({ amount, username, email, description, ...step }: TransferReviewProps) {
  return (
    <ReviewStep
      title={t('dashboard.send.review')}
      rows={[
        { label: t('dashboard.review.amount'), value: amount },
        { label: t('dashboard.review.fee'), value: t('dashboard.review.free') },
        { label: t('dashboard.review.recipient'), value: `${username} (${email})` },
        ...(description ? [{ label: t('dashboard.send.description'), value: description }] : []),
        { label: t('dashboard.review.arrives'), value: t('dashboard.review.instantly') },
      ]}
      confirmLabel={t('dashboard.send.confirm')}
      pendingLabel={t('dashboard.send.sending')}
      pending={step.sending.pending}
      notice={step.sending.notice}
      onEdit={() => {
        step.onEdit();
        step.proof.clear();
      }}
      onConfirm={step.onConfirm}
    >
      {step.proof.element}
    </ReviewStep>
  );
}

type ProofInput = { totpCode?: string; password?: string };

/**
 * Confirm's sending, once: a lost answer is asked again with the same idempotency key, and the proof is
 * not part of what makes a retry the same transfer (a proof asked for keeps the key). `leave` closes the
 * review, once the transfer went through or was refused for anything but its proof.
 */
export function useTransferSending<Input extends { idempotencyKey: string } & ProofInput, Result>(
  run: (input: Input) => Promise<Result>,
  leave: () => void,
) {
  const sending = useIdempotentCommand(run, ({ totpCode, password, ...command }) => command);
  const proof = useAskedProof(sending.pending, t('dashboard.send.stepUp'));
  const send = (
    command: Omit<Input, 'idempotencyKey' | keyof ProofInput>,
    done: { onSuccess: () => void; onError: (error: Error) => void },
  ) => {
    // Once the server asked for a proof (docs/security.md, "Step-up for transfers"), Confirm sends it.
    const given = proof.given();
    if (!given) return;
    sending.send({ ...command, ...given } as Omit<Input, 'idempotencyKey'>, {
      onSuccess: () => {
        leave();
        proof.clear();
        done.onSuccess();
      },
      onError: (error) => {
        // The server asks for the password or code, or refused it: stay on the review, on its field.
        if (proof.refused(error)) return;
        leave();
        proof.clear();
        done.onError(error);
      },
    });
  };
  return { send, review: { sending, proof, onEdit: leave } };
}

/** The toast of a transfer that went through. */
export function sentToast(amount: string, username: string) {
  toast({
    title: t('dashboard.send.sent'),
    description: t('dashboard.send.sent.description', { amount, recipient: username }),
    variant: 'success',
  });
}

interface TransferFieldsProps {
  form: ReturnType<typeof useForm<SendValues>>;
  currency: string;
  /** The balance that can be sent, as shown, with its currency. */
  available: string;
  lookup: ReturnType<typeof useRecipientLookup>;
  descriptionPlaceholder?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** The form's fields: the recipient's e-mail (looked up when left), the amount and a description. */
export function TransferFields({
  form,
  currency,
  available,
  lookup,
  descriptionPlaceholder,
  onSubmit,
}: TransferFieldsProps) {
  return (
    <PanelForm label={t('dashboard.send.form', { currency })} onSubmit={onSubmit}>
      <EmailField
        {...form.textField('recipientEmail')}
        label={t('dashboard.send.recipientEmail')}
        autoComplete="off"
        placeholder={t('dashboard.send.emailPlaceholder')}
        onBlur={lookup.leave}
        hint={lookup.hint}
        error={form.errors.recipientEmail ?? lookup.error}
      />
      <AmountField
        {...form.textField('amount')}
        label={t('dashboard.send.amount', { currency })}
        hint={t('dashboard.send.available', { amount: available })}
      />
      <TextField
        {...form.textField('description')}
        label={t('dashboard.send.description')}
        optional
        maxLength={MAX_DESCRIPTION}
        autoComplete="off"
        placeholder={descriptionPlaceholder}
      />
      <Button
        icon={Send}
        type="submit"
        fullWidth
        pending={lookup.looking}
        pendingLabel={t('dashboard.send.finding')}
      >
        {t('dashboard.send.reviewButton')}
      </Button>
    </PanelForm>
  );
}
