import { createFileRoute } from '@tanstack/react-router';
import { AdminHeading } from './-components/AdminHeading.tsx';
import { DistributeTokensForm } from './-components/DistributeTokensForm.tsx';
import { RecentUsers } from './-components/RecentUsers.tsx';

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
