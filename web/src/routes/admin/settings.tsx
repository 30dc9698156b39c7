import { createFileRoute } from '@tanstack/react-router';
import { AdminHeading } from './-components/AdminHeading.tsx';
import { DepositAddressSettings } from './-components/DepositAddressSettings.tsx';
import { FeeSettings } from './-components/FeeSettings.tsx';
import { MarketSettings } from './-components/MarketSettings.tsx';

export const Route = createFileRoute('/admin/settings')({
  component: AdminSettings,
});

function AdminSettings() {
  return (
    <>
      <AdminHeading title="Settings">
        Crypto prices and the SAI token price. Values must be positive.
      </AdminHeading>
      <MarketSettings />
      <FeeSettings />
      <DepositAddressSettings />
    </>
  );
}
