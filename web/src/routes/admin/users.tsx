import { createFileRoute } from '@tanstack/react-router';
import { AdminHeading } from './-components/AdminHeading.tsx';
import { UsersTable } from './-components/UsersTable.tsx';

export const Route = createFileRoute('/admin/users')({
  component: AdminUsers,
});

function AdminUsers() {
  const { user } = Route.useRouteContext();
  return (
    <>
      <AdminHeading title="Users">
        Every account, its balance and status. Suspend or reactivate a user, or erase their personal data.
      </AdminHeading>
      <UsersTable me={user} />
    </>
  );
}
