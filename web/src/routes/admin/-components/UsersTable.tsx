import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Ban, RotateCcw, ScrollText, Search, Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button, buttonClassName } from '../../../components/Button.tsx';
import { ConfirmDialog } from '../../../components/Dialog.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { toast } from '../../../components/toast/index.ts';
import { useSetUserStatusMutation } from '../../../queries/admin.queries.ts';
import type { User } from '../../../queries/auth.queries.ts';
import { type AdminUser, adminUsersQuery } from '../../../queries/users.queries.ts';
import { visuallyHidden } from '../../../styles/layout.css.ts';
import * as panel from '../../../ui/panel/Panel.css.ts';
import { PanelTitle } from '../../../ui/panel/PanelTitle.tsx';
import { QueryContent } from '../../../ui/query/QueryState.tsx';
import * as styles from './Admin.css.ts';
import * as adminStyles from './AdminPanel.css.ts';
import { UserCells, UserTableHead } from './UserColumns.tsx';

const PAGE = 100;

/**
 * Every user with their real registration date, balance and status (docs/product-rules.md rule 9), searchable, with
 * suspend and reactivate behind a confirmation (docs/product-rules.md rule 13). A suspension signs the user out at once.
 */
export function UsersTable({ me }: { me: User }) {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const users = useQuery(adminUsersQuery(q ? { q, limit: PAGE } : { limit: PAGE }));

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQ(draft.trim());
  };

  return (
    <section className={panel.panel} aria-labelledby="users-title">
      <div className={panel.head}>
        <PanelTitle icon={Users} id="users-title">
          All users
        </PanelTitle>
        {users.data ? (
          <p className={panel.muted}>
            {users.data.users.length} of {users.data.total.toLocaleString('en-US')}
          </p>
        ) : null}
      </div>
      <form className={adminStyles.toolbar} onSubmit={onSearch} aria-label="Search users">
        <div className={adminStyles.filter}>
          <TextField
            label="Search by name or e-mail"
            name="q"
            type="search"
            autoComplete="off"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary">
          <Search size={16} aria-hidden="true" />
          Search
        </Button>
        {q ? (
          <Button
            variant="ghost"
            onClick={() => {
              setDraft('');
              setQ('');
            }}
          >
            Clear
          </Button>
        ) : null}
      </form>
      <QueryContent
        query={users}
        loading="Loading users…"
        rows={2}
        failed="An error occurred while loading users."
        empty="No users found"
        isEmpty={(data) => data.users.length === 0}
      >
        {(data) => (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          <section className={styles.tableWrap} aria-label="Users table" tabIndex={0}>
            <table className={styles.table}>
              <UserTableHead actions />
              <tbody>
                {data.users.map((user) => (
                  <UserRow key={user.id} user={user} isMe={user.id === me.id} />
                ))}
              </tbody>
            </table>
          </section>
        )}
      </QueryContent>
    </section>
  );
}

function UserRow({ user, isMe }: { user: AdminUser; isMe: boolean }) {
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
        toast({ title: 'Failed to update user', description: error.message, variant: 'destructive' });
        throw error;
      },
    );

  return (
    <tr>
      <UserCells user={user} />
      <td className={styles.td}>
        <span className={styles.actions}>
          <Link
            to="/admin/audit"
            search={{ user: user.id }}
            className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          >
            <ScrollText size={14} aria-hidden="true" />
            Audit
            <span className={visuallyHidden}> {user.username}</span>
          </Link>
          {isMe ? (
            <span className={panel.muted}>You</span>
          ) : (
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
          )}
        </span>
      </td>
    </tr>
  );
}
