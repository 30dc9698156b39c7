import { createFileRoute } from '@tanstack/react-router';
import { AdminHeading } from '../-components/admin/AdminHeading.tsx';
import { DistributeTokensForm } from '../-components/admin/DistributeTokensForm.tsx';
import { RecentUsers } from '../-components/admin/RecentUsers.tsx';

export const Route = createFileRoute('/admin/distribution')({
  component: AdminDistribution,
});

function AdminDistribution() {
  return (
    <>
      <AdminHeading title="Token Distribution">
        Mint SAI to a user by e-mail. Every distribution is recorded.
      </AdminHeading>
      <DistributeTokensForm />
      <RecentUsers />
    </>
  );
}
