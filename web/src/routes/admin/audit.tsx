import { createFileRoute } from '@tanstack/react-router';
import { AdminHeading } from './-components/AdminHeading.tsx';
import { AuditStreamEvents, AuditUserStreams } from './-components/AuditStream.tsx';
import { AuditUserPicker } from './-components/AuditUserPicker.tsx';
import { AUDIT_PAGE_SIZE, readAuditSearch } from './-components/audit.ts';
import { LedgerDigests } from './-components/LedgerDigests.tsx';

/**
 * Issue 6: any user's streams and their events in order, with metadata and the hash chain. The user,
 * the stream and the page live in the URL, so an audit can be linked to and reloaded.
 */
export const Route = createFileRoute('/admin/audit')({
  validateSearch: readAuditSearch,
  component: AdminAudit,
});

function AdminAudit() {
  const { user, stream, from = 0, limit = AUDIT_PAGE_SIZE } = Route.useSearch();
  return (
    <>
      <AdminHeading title="Audit log">
        Every event of a user's account, payments, card and withdrawals, in order, with who caused it and the
        hash chain that proves nothing was changed.
      </AdminHeading>
      <AuditUserPicker selected={user} />
      {user ? <AuditUserStreams key={user} userId={user} /> : null}
      {user && stream ? (
        <AuditStreamEvents key={stream} userId={user} stream={stream} from={from} limit={limit} />
      ) : null}
      <LedgerDigests />
    </>
  );
}
