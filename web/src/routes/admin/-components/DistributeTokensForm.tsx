import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { formatDecimal } from '@/lib/format.ts';
import { useIdempotentCommand } from '@/lib/idempotency.ts';
import { readAmount } from '@/lib/money.ts';
import { amountError, type FormErrors, isEmail, MAX_DESCRIPTION, messages } from '@/lib/validation.ts';
import { isSentForApproval } from '@/queries/approvals.queries.ts';
import { useDistributionMutation } from '@/queries/transactions.queries.ts';
import { type AdminUser, adminUsersQuery } from '@/queries/users.queries.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { AmountField, DescriptionField, EmailField } from '@/ui/form/fields.tsx';
import { PanelForm } from '@/ui/form/PanelForm.tsx';
import { useForm } from '@/ui/form/useForm.ts';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import type { Proof } from '@/ui/review/ProofField.tsx';
import { ReviewStep } from '@/ui/review/ReviewStep.tsx';
import { toast, toastFailure } from '@/ui/toast/index.ts';
import { useAdminProof, withoutProof } from './AdminProof.tsx';
import { SENT_FOR_APPROVAL } from './QueueItem.tsx';
import { RECENT_USERS_QUERY } from './RecentUsers.tsx';

type Field = 'email' | 'amount' | 'description';
const FIELD_ORDER: Field[] = ['email', 'amount', 'description'];
const EMPTY = { email: '', amount: '', description: '' };

function sameEmail(a: string, b: string) {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** A distribution checked by the form, waiting for the admin's confirmation. */
interface Pending {
  command: { receiverId: string; amount: string; description: string };
  receiver: AdminUser;
}

/**
 * Admin token distribution (docs/product-rules.md spec 2 and 5): the e-mail must belong to a user in the loaded list, else
 * "User with email {email} not found". Beyond the first page the list is searched by the e-mail. A review
 * (docs/product-rules.md rule 26) shows who gets what before Confirm mints it.
 */
export function DistributeTokensForm() {
  const queryClient = useQueryClient();
  const users = useQuery(adminUsersQuery(RECENT_USERS_QUERY));
  const distribute = useDistributionMutation();
  // The proof is not part of what makes a retry the same distribution: a fresh code keeps the key.
  const sending = useIdempotentCommand(distribute.mutateAsync, withoutProof);
  const proof = useAdminProof(sending.pending);
  const form = useForm(EMPTY, FIELD_ORDER);
  const { values, showErrors } = form;
  const [finding, setFinding] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);

  const findUser = async (email: string): Promise<AdminUser | undefined> => {
    const loaded = users.data ?? (await queryClient.fetchQuery(adminUsersQuery(RECENT_USERS_QUERY)));
    const inList = loaded.users.find((user) => sameEmail(user.email, email));
    if (inList || loaded.total <= loaded.users.length) return inList;
    const searched = await queryClient.fetchQuery(adminUsersQuery({ q: email.trim(), limit: 20 }));
    return searched.users.find((user) => sameEmail(user.email, email));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (finding || sending.pending) return;
    const found: FormErrors<Field> = {};
    const email = values.email.trim();
    if (!isEmail(email)) found.email = messages.email;
    const amountProblem = amountError(values.amount);
    if (amountProblem) found.amount = amountProblem;
    if (values.description.length > MAX_DESCRIPTION) found.description = messages.description;
    if (!form.check(found)) return;
    const read = readAmount(values.amount);
    if (!read.ok) return;

    setFinding(true);
    let receiver: AdminUser | undefined;
    try {
      receiver = await findUser(email);
    } catch (error) {
      toast({
        title: 'Failed to distribute tokens',
        description: error instanceof Error ? error.message : 'An unexpected error occurred',
        variant: 'destructive',
      });
      return;
    } finally {
      setFinding(false);
    }
    if (!receiver) {
      const message = `User with email ${email} not found`;
      showErrors({ email: message });
      toast({ title: 'Failed to distribute tokens', description: message, variant: 'destructive' });
      return;
    }

    const command = { receiverId: receiver.id, amount: read.amount, description: values.description.trim() };
    setPending({ command, receiver });
  };

  const confirm = ({ command, receiver }: Pending) => {
    let given: Proof;
    try {
      given = proof.read();
    } catch {
      return;
    }
    sending.send(
      { ...command, ...given },
      {
        onSuccess: (result) => {
          // Above the four-eyes threshold nothing is minted yet: a second admin approves it (docs/security.md).
          const answer: unknown = result;
          toast(
            isSentForApproval(answer)
              ? { title: SENT_FOR_APPROVAL, description: answer.message, variant: 'success' }
              : {
                  title: 'Tokens distributed successfully',
                  description: `${formatDecimal(command.amount)} SAI sent to ${receiver.username}.`,
                  variant: 'success',
                },
          );
          setPending(null);
          form.reset();
        },
        onError: (error) => {
          // A missing or wrong password or code: stay on the review, the message on its field.
          if (proof.refused(error)) return;
          setPending(null);
          toastFailure('Failed to distribute tokens', error);
        },
      },
    );
  };

  return (
    <Panel icon={Gift} titleId="distribute-title" title="Token distribution" level={3}>
      <p className={panel.subtitle}>Mint SAI to a user&apos;s balance. Every distribution is recorded.</p>
      {pending ? (
        <ReviewStep
          title="Review the distribution"
          level={4}
          rows={[
            { label: 'Amount', value: `${formatDecimal(pending.command.amount)} SAI` },
            { label: 'Fee', value: 'Free' },
            { label: 'Recipient', value: `${pending.receiver.username} (${pending.receiver.email})` },
            ...(pending.command.description
              ? [{ label: 'Description', value: pending.command.description }]
              : []),
            { label: 'Arrives', value: 'Instantly' },
          ]}
          confirmLabel="Confirm and distribute"
          pendingLabel="Distributing…"
          pending={sending.pending}
          notice={sending.notice}
          onEdit={() => setPending(null)}
          onConfirm={() => confirm(pending)}
        >
          {proof.element}
        </ReviewStep>
      ) : (
        <PanelForm label="Distribute tokens" onSubmit={onSubmit}>
          <EmailField {...form.textField('email')} label="User email" autoComplete="off" />
          <AmountField {...form.textField('amount')} label="Amount (SAI)" />
          <DescriptionField {...form.textField('description')} placeholder="Token distribution" />
          <Button type="submit" fullWidth pending={finding} pendingLabel="Finding user…">
            Review distribution
          </Button>
        </PanelForm>
      )}
    </Panel>
  );
}
