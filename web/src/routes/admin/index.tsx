import { createFileRoute } from '@tanstack/react-router';
import { displayName } from '@/lib/format.ts';
import { AdminHeading } from './-components/AdminHeading.tsx';
import { AdminStats } from './-components/AdminStats.tsx';
import { PendingPayments } from './-components/PendingPayments.tsx';
import { QueueSummary } from './-components/QueueSummary.tsx';

export const Route = createFileRoute('/admin/')({
  component: AdminOverview,
});

/** docs/product-rules.md spec 2: a welcome, the stats and the pending payment verifications, then what else waits. */
function AdminOverview() {
  const { user } = Route.useRouteContext();
  return (
    <>
      <AdminHeading title={`Welcome back, ${displayName(user)}`}>
        Review payments, confirm deposits, send withdrawals and manage users and cards.
      </AdminHeading>
      <AdminStats />
      <PendingPayments />
      <QueueSummary />
    </>
  );
}
