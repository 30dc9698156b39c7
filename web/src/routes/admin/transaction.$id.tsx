import { createFileRoute } from '@tanstack/react-router';
import { transactionDetailQuery } from '@/queries/adminTransactions.queries.ts';
import { AdminHeading } from './-components/AdminHeading.tsx';
import { TransactionDetail } from './-components/TransactionDetail.tsx';

/** docs/product-rules.md rule 7: one transaction, the events behind it and the balances before and after. */
export const Route = createFileRoute('/admin/transaction/$id')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(transactionDetailQuery(params.id));
  },
  component: AdminTransaction,
});

function AdminTransaction() {
  const { id } = Route.useParams();
  return (
    <>
      <AdminHeading title="Transaction details">
        The transaction, the events recorded for it and each account's balance before and after.
      </AdminHeading>
      <TransactionDetail id={id} />
    </>
  );
}
