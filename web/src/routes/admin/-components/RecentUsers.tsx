import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { adminUsersQuery } from '../../../queries/users.queries.ts';
import * as panel from '../../../ui/panel/Panel.css.ts';
import { PanelTitle } from '../../../ui/panel/PanelTitle.tsx';
import { QueryContent } from '../../../ui/query/QueryState.tsx';
import * as styles from './Admin.css.ts';
import { UserCells, UserTableHead } from './UserColumns.tsx';

/** The user list the dashboard loads once; the distribution form checks e-mails against it too. */
export const RECENT_USERS_QUERY = { limit: 100 } as const;
const SHOWN = 8;

/** Newest users with their real registration date, balance and status (docs/product-rules.md rule 9). */
export function RecentUsers() {
  const users = useQuery(adminUsersQuery(RECENT_USERS_QUERY));
  return (
    <section className={panel.panel} aria-labelledby="recent-users-title">
      <div className={panel.head}>
        <PanelTitle icon={Users} id="recent-users-title" level={3}>
          Recent users
        </PanelTitle>
        {users.data ? (
          <p className={panel.muted}>
            {Math.min(SHOWN, users.data.users.length)} of {users.data.total.toLocaleString('en-US')}
          </p>
        ) : null}
      </div>
      <QueryContent
        query={users}
        loading="Loading users…"
        rows={2}
        failed="An error occurred while loading users."
        empty="No users found"
        isEmpty={(data) => data.users.length === 0}
      >
        {(data) => (
          // Scrolls sideways inside its frame on phones; focusable so keyboard users can scroll it too.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          <section className={styles.tableWrap} aria-label="Recent users table" tabIndex={0}>
            <table className={styles.table}>
              <UserTableHead />
              <tbody>
                {data.users.slice(0, SHOWN).map((user) => (
                  <tr key={user.id}>
                    <UserCells user={user} />
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </QueryContent>
    </section>
  );
}
