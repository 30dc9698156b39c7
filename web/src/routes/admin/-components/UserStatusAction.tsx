import { Ban, RotateCcw } from 'lucide-react';
import { useSetUserStatusMutation } from '@/queries/admin.queries.ts';
import type { AdminUser } from '@/queries/users.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { ConfirmDialog } from '@/ui/Dialog/Dialog.tsx';
import { toast, toastFailure } from '@/ui/toast/index.ts';

/**
 * Suspend or reactivate a user, behind a confirmation (docs/product-rules.md rule 13): the same control on
 * /admin/users and in the dashboard's recent-users table. A suspension signs the user out at once.
 */
export function UserStatusAction({ user }: { user: AdminUser }) {
  const setStatus = useSetUserStatusMutation();
  const suspended = user.status === 'suspended';

  const change = () =>
    setStatus.mutateAsync({ userId: user.id, status: suspended ? 'active' : 'suspended' }).then(
      () =>
        toast({
          title: suspended ? 'User reactivated' : 'User suspended',
          description: suspended
            ? `${user.username} can sign in again.`
            : `${user.username} was signed out and cannot sign in or move money.`,
          variant: 'success',
        }),
      (error: Error) => {
        toastFailure('Failed to update user', error);
        throw error;
      },
    );

  return (
    <ConfirmDialog
      title={suspended ? `Reactivate ${user.username}?` : `Suspend ${user.username}?`}
      description={
        suspended
          ? 'They can sign in and use their wallet again.'
          : 'They are signed out everywhere at once and cannot sign in or move money until reactivated.'
      }
      confirmLabel={suspended ? 'Reactivate' : 'Suspend'}
      pendingLabel="Saving…"
      confirmVariant={suspended ? 'primary' : 'danger'}
      pending={setStatus.isPending}
      onConfirm={change}
      trigger={
        <Button size="sm" variant={suspended ? 'secondary' : 'danger'} disabled={setStatus.isPending}>
          {suspended ? <RotateCcw size={14} aria-hidden="true" /> : <Ban size={14} aria-hidden="true" />}
          {suspended ? 'Reactivate' : 'Suspend'}
          <span className={visuallyHidden}> {user.username}</span>
        </Button>
      }
    />
  );
}
