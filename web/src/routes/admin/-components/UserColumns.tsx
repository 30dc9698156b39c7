import { formatDate, formatDecimal } from '@/lib/format.ts';
import type { AdminUser } from '@/queries/users.queries.ts';
import { StatusBadge } from '@/ui/panel/StatusBadge.tsx';
import type { Column } from '@/ui/table/TableParts.tsx';
import * as styles from './Admin.css.ts';

/** The user tables' columns: user, e-mail, registration date, balance, status (and actions when asked). */
export const USER_COLUMNS: readonly Column[] = [
  'User',
  'Email',
  'Registered',
  { label: 'Balance', numeric: true },
  'Status',
];

/** One user's cells under `USER_COLUMNS`: name and handle, e-mail, real registration date, balance, status. */
export function UserCells({ user }: { user: AdminUser }) {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <>
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
    </>
  );
}
