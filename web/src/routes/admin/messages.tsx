import { createFileRoute } from '@tanstack/react-router';
import { AdminHeading } from './-components/AdminHeading.tsx';
import { ContactMessages } from './-components/ContactMessages.tsx';

export const Route = createFileRoute('/admin/messages')({
  component: AdminMessages,
});

function AdminMessages() {
  return (
    <>
      <AdminHeading title="Messages">What visitors and users sent through the contact form.</AdminHeading>
      <ContactMessages />
    </>
  );
}
