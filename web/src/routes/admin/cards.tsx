import { createFileRoute } from '@tanstack/react-router';
import { AdminHeading } from './-components/AdminHeading.tsx';
import { CardsQueue } from './-components/CardsQueue.tsx';

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
