import { UserX } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '@/lib/api.ts';
import { formatAsset } from '@/lib/assets.ts';
import { useEraseUserMutation } from '@/queries/admin.queries.ts';
import type { AdminUser } from '@/queries/users.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { ConfirmDialog } from '@/ui/Dialog/Dialog.tsx';
import { CheckboxField } from '@/ui/Field/CheckboxField.tsx';
import { TextAreaField } from '@/ui/Field/TextAreaField.tsx';
import { TextField } from '@/ui/Field/TextField.tsx';
import { toast, toastFailure } from '@/ui/toast/index.ts';
import * as styles from './EraseUser.css.ts';
import {
  blockerText,
  ERASE_WORD,
  type EraseRefusal,
  foldBlockers,
  REASON_MAX,
  readRefusal,
  reasonProblem,
} from './erasure.ts';

/**
 * "Erase personal data" for one user (docs/architecture/personal-data.md, "Erasure"): what it removes and
 * keeps, a reason without personal data, the choice to move what is left to dormant, and the word ERASE
 * typed out before the button works. While the person still holds money the API refuses (409) and the
 * dialog lists what must happen first; it stays open until the erasure is done or the admin backs out.
 */
export function EraseUserAction({ user }: { user: AdminUser }) {
  const erase = useEraseUserMutation();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [toDormant, setToDormant] = useState(false);
  const [typed, setTyped] = useState('');
  const [refusal, setRefusal] = useState<EraseRefusal | null>(null);

  const reset = () => {
    setReason('');
    setReasonError(undefined);
    setToDormant(false);
    setTyped('');
    setRefusal(null);
  };

  const confirm = () => {
    const problem = reasonProblem(reason);
    setReasonError(problem);
    if (problem) return Promise.reject(new Error(problem));
    const name = user.username;
    return erase
      .mutateAsync({ userId: user.id, reason: reason.trim(), moveBalancesToDormant: toDormant })
      .then(
        (result) => {
          const moved = result.movedToDormant.map(
            (item) => `${formatAsset(item.amount, item.asset)} ${item.asset}`,
          );
          toast({
            title: 'Personal data erased',
            description: `${name} is now “Erased user”; the money history stays.${
              moved.length > 0 ? ` Moved to dormant: ${moved.join(', ')}.` : ''
            }`,
            variant: 'success',
          });
        },
        (error: Error) => {
          const refused = readRefusal(error);
          setRefusal(refused);
          if (!refused && error instanceof ApiError && error.status === 422) setReasonError(error.message);
          else if (!refused) toastFailure('Failed to erase personal data', error);
          throw error;
        },
      );
  };

  return (
    <ConfirmDialog
      title={`Erase ${user.username}’s personal data?`}
      description="This cannot be undone."
      confirmLabel="Erase personal data"
      pendingLabel="Erasing…"
      confirmVariant="danger"
      pending={erase.isPending}
      confirmDisabled={typed !== ERASE_WORD}
      onOpenChange={(open) => (open ? undefined : reset())}
      onConfirm={confirm}
      trigger={
        <Button size="sm" variant="danger" disabled={erase.isPending}>
          <UserX size={14} aria-hidden="true" />
          Erase
          <span className={visuallyHidden}> personal data of {user.username}</span>
        </Button>
      }
    >
      <div className={styles.form}>
        <ul className={styles.facts}>
          <li>Removed for good: name, e-mail, profile, addresses and everything they wrote.</li>
          <li>They are signed out everywhere and can never sign in again.</li>
          <li>Kept: their money history, shown as “Erased user”.</li>
        </ul>
        {refusal ? <RefusalNotice refusal={refusal} /> : null}
        <TextAreaField
          label="Reason"
          name="reason"
          required
          maxLength={REASON_MAX}
          hint="No personal data: a ticket or request number, for example."
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={reasonError}
        />
        <CheckboxField
          label="Move remaining balances to dormant"
          name="moveBalancesToDormant"
          checked={toDormant}
          onCheckedChange={setToDormant}
        />
        <TextField
          label={`Type ${ERASE_WORD} to confirm`}
          name="confirm"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}

/** The 409: the API's own sentence, then each step that must come first. */
function RefusalNotice({ refusal }: { refusal: EraseRefusal }) {
  return (
    <div className={styles.refusal} role="alert">
      <p className={styles.refusalTitle}>Not erased: this person still holds money.</p>
      <p>{refusal.detail}</p>
      {refusal.blockers.length > 0 ? (
        <ul className={styles.blockers} aria-label="What must happen first">
          {foldBlockers(refusal.blockers).map((blocker) => (
            <li key={`${blocker.kind}-${blocker.id ?? ''}-${blocker.asset ?? ''}`}>{blockerText(blocker)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
