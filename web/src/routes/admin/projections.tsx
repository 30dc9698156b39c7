import { createFileRoute } from '@tanstack/react-router';
import { AdminHeading } from './-components/AdminHeading.tsx';
import { ProjectionsTable } from './-components/ProjectionsTable.tsx';

export const Route = createFileRoute('/admin/projections')({
  component: AdminProjections,
});

function AdminProjections() {
  return (
    <>
      <AdminHeading title="Projections">
        The read models built from the event log: how far each has read, how far behind it is, and its last
        error. Refreshed every 5 seconds.
      </AdminHeading>
      <ProjectionsTable />
    </>
  );
}
