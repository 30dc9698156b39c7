import { createFileRoute } from '@tanstack/react-router';
import { WITHDRAWAL_PROMISE_HOURS } from '@/lib/constants.ts';
import { AdminHeading } from './-components/AdminHeading.tsx';
import { CryptoDepositsQueue } from './-components/CryptoDepositsQueue.tsx';
import { WithdrawalsQueue } from './-components/WithdrawalsQueue.tsx';

export const Route = createFileRoute('/admin/crypto')({
  component: AdminCrypto,
});

function AdminCrypto() {
  return (
    <>
      <AdminHeading title="Deposits & withdrawals">
        Confirm declared deposits with the amount received; send withdrawals within {WITHDRAWAL_PROMISE_HOURS}{' '}
        hours.
      </AdminHeading>
      <CryptoDepositsQueue />
      <WithdrawalsQueue />
    </>
  );
}
