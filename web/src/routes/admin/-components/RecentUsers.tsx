import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { adminUsersQuery } from '../../../queries/users.queries.ts';
import { Panel } from '../../../ui/panel/Panel.tsx';
import { UserCells } from './UserColumns.tsx';
import { UserCount, UsersContent, UsersTableFrame } from './UserSearch.tsx';

/** The user list the dashboard loads once; the distribution form checks e-mails against it too. */
export const RECENT_USERS_QUERY = { limit: 100 } as const;
const SHOWN = 8;

/** Newest users with their real registration date, balance and status (docs/product-rules.md rule 9). */
export function RecentUsers() {
  const users = useQuery(adminUsersQuery(RECENT_USERS_QUERY));
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
          <UsersTableFrame label="Recent users table">
            {list.slice(0, SHOWN).map((user) => (
              <tr key={user.id}>
                <UserCells user={user} />
              </tr>
            ))}
          </UsersTableFrame>
        )}
      </UsersContent>
    </Panel>
  );
}
