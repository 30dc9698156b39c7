import { createFileRoute } from '@tanstack/react-router';
import { AdminHeading } from './-components/AdminHeading.tsx';
import { ApprovalsQueue } from './-components/ApprovalsQueue.tsx';

export const Route = createFileRoute('/admin/approvals')({
  component: AdminApprovals,
});

function AdminApprovals() {
  return (
    <>
      <AdminHeading title="Approvals">
        Money actions above their threshold wait here for a second admin: approve with your password, or
        reject.
      </AdminHeading>
      <ApprovalsQueue />
    </>
  );
}
