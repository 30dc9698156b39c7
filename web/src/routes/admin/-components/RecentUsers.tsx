import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { formatDate, formatDecimal } from '../../../lib/format.ts';
import { adminUsersQuery } from '../../../queries/users.queries.ts';
import * as panel from '../../../ui/panel/Panel.css.ts';
import { StatusBadge } from '../../../ui/panel/StatusBadge.tsx';
import { PanelEmpty, PanelError, PanelLoading } from '../../../ui/query/QueryState.tsx';
import * as styles from './Admin.css.ts';

/** The user list the dashboard loads once; the distribution form checks e-mails against it too. */
export const RECENT_USERS_QUERY = { limit: 100 } as const;
const SHOWN = 8;

/** Newest users with their real registration date, balance and status (DECISIONS 9). */
export function RecentUsers() {
  const users = useQuery(adminUsersQuery(RECENT_USERS_QUERY));
  return (
    <section className={panel.panel} aria-labelledby="recent-users-title">
      <div className={panel.head}>
        <div className={panel.titleRow}>
          <Users size={20} aria-hidden="true" className={panel.titleIcon} />
          <h3 id="recent-users-title" className={panel.title}>
            Recent users
          </h3>
        </div>
        {users.data ? (
          <p className={panel.muted}>
            {Math.min(SHOWN, users.data.users.length)} of {users.data.total.toLocaleString('en-US')}
          </p>
        ) : null}
      </div>
      {users.isPending ? (
        <PanelLoading label="Loading users…" rows={2} />
      ) : users.isError ? (
        <PanelError onRetry={() => users.refetch()}>An error occurred while loading users.</PanelError>
      ) : users.data.users.length === 0 ? (
        <PanelEmpty>No users found</PanelEmpty>
      ) : (
        // Scrolls sideways inside its frame on phones; focusable so keyboard users can scroll it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        <section className={styles.tableWrap} aria-label="Recent users table" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col" className={styles.th}>
                  User
                </th>
                <th scope="col" className={styles.th}>
                  Email
                </th>
                <th scope="col" className={styles.th}>
                  Registered
                </th>
                <th scope="col" className={`${styles.th} ${styles.numeric}`}>
                  Balance
                </th>
                <th scope="col" className={styles.th}>
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.users.slice(0, SHOWN).map((user) => {
                const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
                return (
                  <tr key={user.id}>
                    <td className={styles.td}>
                      <span className={styles.userCell}>
                        <span className={styles.userName}>{fullName || user.username}</span>
                        {fullName ? <span className={styles.userHandle}>@{user.username}</span> : null}
                      </span>
                    </td>
                    <td className={styles.td}>{user.email}</td>
                    <td className={styles.td}>
                      <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
                    </td>
                    <td className={`${styles.td} ${styles.numeric}`}>{formatDecimal(user.balance)} SAI</td>
                    <td className={styles.td}>
                      <StatusBadge status={user.status} />
                      {user.isAdmin ? (
                        <>
                          {' '}
                          <StatusBadge status="admin" label="Admin" />
                        </>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
