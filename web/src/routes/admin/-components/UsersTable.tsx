import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useState } from 'react';
import type { User } from '@/queries/auth.queries.ts';
import { type AdminUser, adminUsersQuery } from '@/queries/users.queries.ts';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import * as styles from './Admin.css.ts';
import { EraseUserAction } from './EraseUser.tsx';
import { UserCells } from './UserColumns.tsx';
import { AuditLink, UserCount, UserSearchForm, UsersContent, UsersTableFrame } from './UserSearch.tsx';
import { UserStatusAction } from './UserStatusAction.tsx';

const PAGE = 100;

/**
 * Every user with their real registration date, balance and status (docs/product-rules.md rule 9), searchable, with
 * suspend and reactivate behind a confirmation (docs/product-rules.md rule 13). A suspension signs the user out at once.
 * "Erase personal data" (docs/product-rules.md rule 33) is offered for everyone but oneself; an erased user has no
 * action left.
 */
export function UsersTable({ me, initialQuery = '' }: { me: User; initialQuery?: string }) {
  const [q, setQ] = useState(initialQuery);
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
  return (
    <tr>
      <UserCells user={user} />
      <td className={styles.td}>
        <span className={styles.actions}>
          <AuditLink user={user} />
          {isMe ? (
            <span className={panel.muted}>You</span>
          ) : user.status === 'erased' ? null : (
            <>
              <UserStatusAction user={user} />
              <EraseUserAction user={user} />
            </>
          )}
        </span>
      </td>
    </tr>
  );
}
