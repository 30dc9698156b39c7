import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ScrollText, Search, UserSearch } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button, buttonClassName } from '../../../components/Button.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { adminUsersQuery } from '../../../queries/users.queries.ts';
import { visuallyHidden } from '../../../styles/layout.css.ts';
import * as panel from '../../../ui/panel/Panel.css.ts';
import { PanelTitle } from '../../../ui/panel/PanelTitle.tsx';
import { StatusBadge } from '../../../ui/panel/StatusBadge.tsx';
import { QueryContent } from '../../../ui/query/QueryState.tsx';
import * as styles from './Admin.css.ts';
import * as adminStyles from './AdminPanel.css.ts';
import * as auditStyles from './Audit.css.ts';

const RESULTS = 10;

/** Finds the user whose history to audit, by name, e-mail or a pasted user id (the list API matches all three). */
export function AuditUserPicker({ selected }: { selected?: string | undefined }) {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const users = useQuery({ ...adminUsersQuery({ q, limit: RESULTS }), enabled: q !== '' });

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQ(draft.trim());
  };

  return (
    <section className={panel.panel} aria-labelledby="audit-user-title">
      <div className={panel.head}>
        <PanelTitle icon={UserSearch} id="audit-user-title">
          Find a user
        </PanelTitle>
      </div>
      <form className={adminStyles.toolbar} onSubmit={onSearch} aria-label="Find a user to audit">
        <div className={adminStyles.filter}>
          <TextField
            label="Name, e-mail or user id"
            name="q"
            type="search"
            autoComplete="off"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={draft.trim() === ''}>
          <Search size={16} aria-hidden="true" />
          Search
        </Button>
      </form>
      {q === '' ? null : (
        <QueryContent
          query={users}
          loading="Searching users…"
          failed="An error occurred while searching users."
          empty="No users found"
          isEmpty={(data) => data.users.length === 0}
        >
          {(data) => (
            <ul className={auditStyles.results} aria-label="Matching users">
              {data.users.map((user) => (
                <li key={user.id} className={auditStyles.result}>
                  <span className={styles.userCell}>
                    <span className={styles.userName}>
                      {user.username}
                      {user.isAdmin ? (
                        <>
                          {' '}
                          <StatusBadge status="admin" label="Admin" />
                        </>
                      ) : null}
                    </span>
                    <span className={styles.userHandle}>
                      {user.email} · <span className={adminStyles.mono}>{user.id}</span>
                    </span>
                  </span>
                  {user.id === selected ? (
                    <span className={panel.muted}>Open below</span>
                  ) : (
                    <Link
                      to="/admin/audit"
                      search={{ user: user.id }}
                      className={buttonClassName({ variant: 'secondary', size: 'sm' })}
                    >
                      <ScrollText size={14} aria-hidden="true" />
                      Audit
                      <span className={visuallyHidden}> {user.username}</span>
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryContent>
      )}
    </section>
  );
}
