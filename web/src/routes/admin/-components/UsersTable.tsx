import { useQuery } from '@tanstack/react-query';
import { Ban, RotateCcw, Users } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/Dialog.tsx';
import { toast } from '../../../components/toast/index.ts';
import { useSetUserStatusMutation } from '../../../queries/admin.queries.ts';
import type { User } from '../../../queries/auth.queries.ts';
import { type AdminUser, adminUsersQuery } from '../../../queries/users.queries.ts';
import { visuallyHidden } from '../../../styles/layout.css.ts';
import * as panel from '../../../ui/panel/Panel.css.ts';
import { Panel } from '../../../ui/panel/Panel.tsx';
import * as styles from './Admin.css.ts';
import { EraseUserAction } from './EraseUser.tsx';
import { UserCells } from './UserColumns.tsx';
import { AuditLink, UserCount, UserSearchForm, UsersContent, UsersTableFrame } from './UserSearch.tsx';

const PAGE = 100;

/**
 * Every user with their real registration date, balance and status (docs/product-rules.md rule 9), searchable, with
 * suspend and reactivate behind a confirmation (docs/product-rules.md rule 13). A suspension signs the user out at once.
 * "Erase personal data" (docs/product-rules.md rule 33) is offered for everyone but oneself; an erased user has no
 * action left.
 */
export function UsersTable({ me }: { me: User }) {
  const [q, setQ] = useState('');
  const users = useQuery(adminUsersQuery(q ? { q, limit: PAGE } : { limit: PAGE }));

  return (
    <Panel
      icon={Users}
      titleId="users-title"
      title="All users"
      aside={users.data ? <UserCount shown={users.data.users.length} total={users.data.total} /> : null}
    >
      <UserSearchForm
        formLabel="Search users"
        label="Search by name or e-mail"
        applied={q}
        onSearch={setQ}
        clearable
      />
      <UsersContent query={users}>
        {(list) => (
          <UsersTableFrame label="Users table" actions>
            {list.map((user) => (
              <UserRow key={user.id} user={user} isMe={user.id === me.id} />
            ))}
          </UsersTableFrame>
        )}
      </UsersContent>
    </Panel>
  );
}

function UserRow({ user, isMe }: { user: AdminUser; isMe: boolean }) {
  const setStatus = useSetUserStatusMutation();
  const suspended = user.status === 'suspended';
  const erased = user.status === 'erased';

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
        toast({ title: 'Failed to update user', description: error.message, variant: 'destructive' });
        throw error;
      },
    );

  return (
    <tr>
      <UserCells user={user} />
      <td className={styles.td}>
        <span className={styles.actions}>
          <AuditLink user={user} />
          {isMe ? (
            <span className={panel.muted}>You</span>
          ) : erased ? null : (
            <>
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
                  <Button
                    size="sm"
                    variant={suspended ? 'secondary' : 'danger'}
                    disabled={setStatus.isPending}
                  >
                    {suspended ? (
                      <RotateCcw size={14} aria-hidden="true" />
                    ) : (
                      <Ban size={14} aria-hidden="true" />
                    )}
                    {suspended ? 'Reactivate' : 'Suspend'}
                    <span className={visuallyHidden}> {user.username}</span>
                  </Button>
                }
              />
              <EraseUserAction user={user} />
            </>
          )}
        </span>
      </td>
    </tr>
  );
}
