import { createFileRoute } from '@tanstack/react-router';
import { adminTransactionsQuery } from '@/queries/adminTransactions.queries.ts';
import { AdminHeading } from './-components/AdminHeading.tsx';
import { readAdminTransactionSearch } from './-components/adminTransactions.ts';
import { TransactionsTable } from './-components/TransactionsTable.tsx';

export const Route = createFileRoute('/admin/transactions')({
  validateSearch: readAdminTransactionSearch,
  loaderDeps: ({ search }) => search,
  // Starts the request early (also on a link's hover); the table shows its own skeleton and errors.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(adminTransactionsQuery(deps));
  },
  component: AdminTransactions,
});

function AdminTransactions() {
  return (
    <>
      <AdminHeading title="Transactions">
        Every transaction in the ledger. Open one to see the events behind it and the balances it changed.
      </AdminHeading>
      <TransactionsTable />
    </>
  );
}
