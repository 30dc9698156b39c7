import { createFileRoute } from '@tanstack/react-router';
import { AdminHeading } from './-components/AdminHeading.tsx';
import { UsersTable } from './-components/UsersTable.tsx';

/** `?q=` opens the list searched (the recent-users table's Edit links here with the user's e-mail). */
function readUsersSearch(search: Record<string, unknown>): { q?: string } {
  const q = typeof search.q === 'string' ? search.q.trim().slice(0, 254) : '';
  return q ? { q } : {};
}

export const Route = createFileRoute('/admin/users')({
  validateSearch: readUsersSearch,
  component: AdminUsers,
});

function AdminUsers() {
  const { user } = Route.useRouteContext();
  const { q } = Route.useSearch();
  return (
    <>
      <AdminHeading title="Users">
        Every account, its balance and status. Suspend or reactivate a user, or erase their personal data.
      </AdminHeading>
      {/* Keyed by the search, so following another Edit link starts the list searched for that user. */}
      <UsersTable key={q ?? ''} me={user} initialQuery={q ?? ''} />
    </>
  );
}
