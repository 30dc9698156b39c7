import { t } from '@/i18n/i18n.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useIdempotentCommand } from '@/lib/idempotency.ts';
import { isSentForApproval } from '@/queries/approvals.queries.ts';
import { TextAreaField } from '@/ui/Field/TextAreaField.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { reauthenticationRefusal } from '@/ui/review/ProofField.tsx';
import { toast, toastFailure } from '@/ui/toast/index.ts';
import * as styles from './Admin.css.ts';
import { withoutProof } from './AdminProof.tsx';

/** The toast of a money action held for a second admin (four-eyes). */
export const SENT_FOR_APPROVAL = 'Sent for approval by a second admin';

/** What the admin queues (payments, deposits, withdrawals, cards) show of the user who asked. */
export interface Requester {
  userId: string;
  username?: string | null | undefined;
  email?: string | null | undefined;
}

/** The requester by name: the username, else the e-mail, else the id. */
export function requesterName(item: Requester): string {
  return item.username ?? item.email ?? item.userId;
}

/** The "User" row of a queue item's details: the name, and the e-mail beside a username. */
export function RequesterDetail({ item }: { item: Requester }) {
  return (
    <>
      <dt className={styles.term}>User</dt>
      <dd className={styles.definition}>
        {requesterName(item)}
        {item.email && item.username ? <span className={panel.muted}> · {item.email}</span> : null}
      </dd>
    </>
  );
}

/** A dated row of a queue item's details ("Requested", "Declared"…). */
export function DateDetail({ term, at }: { term: string; at: string }) {
  return (
    <>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.definition}>
        <time dateTime={at}>{formatDateTime(at)}</time>
      </dd>
    </>
  );
}

/** The reason an admin gives for turning a request down; the user is shown it. */
export function ReasonField({
  value,
  onChange,
  maxLength,
  hint = 'Shown to the user.',
  error,
  required = false,
}: {
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  hint?: string;
  error?: string | undefined;
  required?: boolean;
}) {
  return (
    <TextAreaField
      label="Reason"
      name="reason"
      optional={!required}
      required={required}
      maxLength={maxLength}
      hint={hint}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

/**
 * Runs an admin's decision on a money request with an idempotency key, asked again with the same key
 * until the outcome is known (lib/idempotency.ts: a retried decision is applied once), toasting the
 * outcome. The returned promise rejects unless it succeeded, so the confirm dialog stays open; when the
 * outcome stayed unknown, Confirm again sends the same key.
 */
export function useDecision<Input extends { idempotencyKey: string }>(
  mutateAsync: (input: Input) => Promise<unknown>,
  failureTitle: string,
) {
  // The admin's proof is not part of what makes a retry the same decision (AdminProof.tsx).
  const { sendAsync } = useIdempotentCommand(mutateAsync, withoutProof);
  return async (
    command: Omit<Input, 'idempotencyKey'>,
    success: { title: string; description?: string },
    onError?: (error: Error) => void,
  ): Promise<void> => {
    const outcome = await sendAsync(command);
    if (outcome.kind === 'done') {
      // Above the four-eyes threshold the action waits for a second admin (docs/security.md).
      if (isSentForApproval(outcome.result))
        toast({ title: SENT_FOR_APPROVAL, description: outcome.result.message, variant: 'success' });
      else toast({ ...success, variant: 'success' });
      return;
    }
    if (outcome.kind === 'busy') throw new Error(t('shell.command.waiting'));
    if (outcome.kind === 'unknown') {
      const unknown = new Error(t('shell.command.unknown'));
      toastFailure(failureTitle, unknown);
      throw unknown;
    }
    onError?.(outcome.error);
    // A refused proof is shown on its field in the dialog (AdminProof.tsx), not in a toast.
    if (reauthenticationRefusal(outcome.error)) throw outcome.error;
    toast({ title: failureTitle, description: outcome.error.message, variant: 'destructive' });
    throw outcome.error;
  };
}
