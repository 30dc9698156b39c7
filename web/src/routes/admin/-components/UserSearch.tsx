import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ScrollText, Search } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { AdminUser, AdminUserPage } from '@/queries/users.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { Button, buttonClassName } from '@/ui/Button/Button.tsx';
import { TextField } from '@/ui/Field/TextField.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { StatusBadge } from '@/ui/panel/StatusBadge.tsx';
import { QueryContent } from '@/ui/query/QueryState.tsx';
import { FramedTable } from '@/ui/table/TableParts.tsx';
import * as adminStyles from './AdminPanel.css.ts';
import { USER_COLUMNS } from './UserColumns.tsx';

/**
 * The admin's user search: a search field and button; the query is taken on submit (`onSearch`), not
 * on each key. `clearable` adds Clear while a search is applied; `requireText` disables an empty search.
 */
export function UserSearchForm({
  formLabel,
  label,
  applied,
  onSearch,
  clearable = false,
  requireText = false,
}: {
  formLabel: string;
  label: string;
  applied: string;
  onSearch: (q: string) => void;
  clearable?: boolean;
  requireText?: boolean;
}) {
  const [draft, setDraft] = useState(applied);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form className={adminStyles.toolbar} onSubmit={submit} aria-label={formLabel}>
      <div className={adminStyles.filter}>
        <TextField
          label={label}
          name="q"
          type="search"
          autoComplete="off"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
      </div>
      <Button icon={Search} type="submit" variant="secondary" disabled={requireText && draft.trim() === ''}>
        Search
      </Button>
      {clearable && applied ? (
        <Button
          variant="ghost"
          onClick={() => {
            setDraft('');
            onSearch('');
          }}
        >
          Clear
        </Button>
      ) : null}
    </form>
  );
}

/** A link to one user's audit log; the username completes its accessible name ("Audit alice"). */
export function AuditLink({ user }: { user: Pick<AdminUser, 'id' | 'username'> }) {
  return (
    <Link
      to="/admin/audit"
      search={{ user: user.id }}
      className={buttonClassName({ variant: 'secondary', size: 'sm' })}
    >
      <ScrollText size={14} aria-hidden="true" />
      Audit
      <span className={visuallyHidden}> {user.username}</span>
    </Link>
  );
}

/** The user's name with an Admin badge beside it for admins. */
export function UserNameWithBadge({ user }: { user: Pick<AdminUser, 'username' | 'isAdmin'> }) {
  return (
    <>
      {user.username}
      {user.isAdmin ? (
        <>
          {' '}
          <StatusBadge status="admin" label="Admin" />
        </>
      ) : null}
    </>
  );
}

/** A users table in its scrolling frame (`FramedTable`), with an Actions column when asked; `label` names the region. */
export function UsersTableFrame({
  label,
  actions = false,
  children,
}: {
  label: string;
  actions?: boolean;
  children: ReactNode;
}) {
  return (
    <FramedTable label={label} columns={actions ? [...USER_COLUMNS, 'Actions'] : USER_COLUMNS}>
      {children}
    </FramedTable>
  );
}

/** "8 of 1,204": how many users a panel shows of how many there are. */
export function UserCount({ shown, total }: { shown: number; total: number }) {
  return (
    <p className={panel.muted}>
      {shown} of {total.toLocaleString('en-US')}
    </p>
  );
}

/** The admin user list's loading, failed and empty states; `children` draws the users. */
export function UsersContent({
  query,
  children,
}: {
  query: UseQueryResult<AdminUserPage, unknown>;
  children: (users: AdminUser[]) => ReactNode;
}) {
  return (
    <QueryContent
      query={query}
      loading="Loading users…"
      rows={2}
      failed="An error occurred while loading users."
      empty="No users found"
      isEmpty={(data) => data.users.length === 0}
    >
      {(data) => children(data.users)}
    </QueryContent>
  );
}
