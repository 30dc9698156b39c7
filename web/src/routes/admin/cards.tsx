import { createFileRoute } from '@tanstack/react-router';
import { AdminHeading } from '../-components/admin/AdminHeading.tsx';
import { CardsQueue } from '../-components/admin/CardsQueue.tsx';

export const Route = createFileRoute('/admin/cards')({
  component: AdminCards,
});

function AdminCards() {
  return (
    <>
      <AdminHeading title="Cards">
        Ship active cards with a tracking number, and mark them delivered.
      </AdminHeading>
      <CardsQueue />
    </>
  );
}
