import { useQuery } from '@tanstack/react-query';
import { UserSearch } from 'lucide-react';
import { useState } from 'react';
import { adminUsersQuery } from '@/queries/users.queries.ts';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { QueryContent } from '@/ui/query/QueryState.tsx';
import * as styles from './Admin.css.ts';
import * as adminStyles from './AdminPanel.css.ts';
import * as auditStyles from './Audit.css.ts';
import { AuditLink, UserNameWithBadge, UserSearchForm } from './UserSearch.tsx';

const RESULTS = 10;

/** Finds the user whose history to audit, by name, e-mail or a pasted user id (the list API matches all three). */
export function AuditUserPicker({ selected }: { selected?: string | undefined }) {
  const [q, setQ] = useState('');
  const users = useQuery({ ...adminUsersQuery({ q, limit: RESULTS }), enabled: q !== '' });

  return (
    <Panel icon={UserSearch} titleId="audit-user-title" title="Find a user" head>
      <UserSearchForm
        formLabel="Find a user to audit"
        label="Name, e-mail or user id"
        applied={q}
        onSearch={setQ}
        requireText
      />
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
                      <UserNameWithBadge user={user} />
                    </span>
                    <span className={styles.userHandle}>
                      {user.email} · <span className={adminStyles.mono}>{user.id}</span>
                    </span>
                  </span>
                  {user.id === selected ? (
                    <span className={panel.muted}>Open below</span>
                  ) : (
                    <AuditLink user={user} />
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryContent>
      )}
    </Panel>
  );
}
