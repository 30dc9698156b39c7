import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Pencil, Users } from 'lucide-react';
import { currentUserQuery } from '@/queries/auth.queries.ts';
import { adminUsersQuery } from '@/queries/users.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { buttonClassName } from '@/ui/Button/Button.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import * as styles from './Admin.css.ts';
import { UserCells } from './UserColumns.tsx';
import { UserCount, UsersContent, UsersTableFrame } from './UserSearch.tsx';
import { UserStatusAction } from './UserStatusAction.tsx';

/** The user list the dashboard loads once; the distribution form checks e-mails against it too. */
export const RECENT_USERS_QUERY = { limit: 100 } as const;
const SHOWN = 8;

/**
 * Newest users with their real registration date, balance and status (docs/product-rules.md rule 9), and
 * the spec's Actions column: Edit opens the user on /admin/users, and suspend or reactivate works here as
 * it does there (rule 13). There is no action on oneself or on an erased user.
 */
export function RecentUsers() {
  const users = useQuery(adminUsersQuery(RECENT_USERS_QUERY));
  const me = useQuery(currentUserQuery).data;
  return (
    <Panel
      icon={Users}
      titleId="recent-users-title"
      title="Recent users"
      level={3}
      aside={
        users.data ? (
          <UserCount shown={Math.min(SHOWN, users.data.users.length)} total={users.data.total} />
        ) : null
      }
    >
      <UsersContent query={users}>
        {(list) => (
          <UsersTableFrame label="Recent users table" actions>
            {list.slice(0, SHOWN).map((user) => (
              <tr key={user.id}>
                <UserCells user={user} />
                <td className={styles.td}>
                  <span className={styles.actions}>
                    <Link
                      to="/admin/users"
                      search={{ q: user.email }}
                      className={buttonClassName({ variant: 'secondary', size: 'sm' })}
                    >
                      <Pencil size={14} aria-hidden="true" />
                      Edit<span className={visuallyHidden}> {user.username}</span>
                    </Link>
                    {user.id === me?.id ? (
                      <span className={panel.muted}>You</span>
                    ) : user.status === 'erased' ? null : (
                      <UserStatusAction user={user} />
                    )}
                  </span>
                </td>
              </tr>
            ))}
          </UsersTableFrame>
        )}
      </UsersContent>
    </Panel>
  );
}
