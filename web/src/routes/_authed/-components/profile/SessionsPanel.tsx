import { useQuery } from '@tanstack/react-query';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { Button } from '../../../../components/Button.tsx';
import { ConfirmDialog } from '../../../../components/Dialog.tsx';
import { toast } from '../../../../components/toast/index.ts';
import { formatDateTime, formatRelative } from '../../../../lib/format.ts';
import {
  type ListedSession,
  sessionsQuery,
  useSignOutOtherSessionsMutation,
  useSignOutSessionMutation,
} from '../../../../queries/sessions.queries.ts';
import { visuallyHidden } from '../../../../styles/layout.css.ts';
import * as panel from '../../../../ui/panel/Panel.css.ts';
import { Panel } from '../../../../ui/panel/Panel.tsx';
import { StatusBadge } from '../../../../ui/panel/StatusBadge.tsx';
import { QueryContent } from '../../../../ui/query/QueryState.tsx';
import * as styles from './SessionsPanel.css.ts';

const MOBILE_SYSTEMS = new Set(['iOS', 'Android', 'iPadOS']);

/** "Chrome on macOS", as the server's sign-in notice names a device. */
export function deviceName(session: Pick<ListedSession, 'browser' | 'os'>): string {
  return `${session.browser ?? 'Unknown browser'} on ${session.os ?? 'an unknown system'}`;
}

/**
 * Security centre: where the account is signed in (browser, address, last seen), with "Sign out" per
 * session and "Sign out all other sessions". This device is listed first and is signed out with the
 * header's "Sign out".
 */
export function SessionsPanel() {
  const sessions = useQuery(sessionsQuery);
  const others = useSignOutOtherSessionsMutation();
  const otherCount = sessions.data?.sessions.filter((s) => !s.current).length ?? 0;

  const signOutOthers = () =>
    others.mutateAsync(undefined, {
      onSuccess: ({ endedSessions }) =>
        toast({
          title: 'Other sessions signed out',
          description:
            endedSessions === 1
              ? 'One other session was signed out.'
              : `${endedSessions} other sessions were signed out.`,
          variant: 'success',
        }),
      onError: (error) =>
        toast({
          title: 'Could not sign out other sessions',
          description: error.message,
          variant: 'destructive',
        }),
    });

  return (
    <Panel icon={Monitor} titleId="sessions-title" title="Sessions and devices">
      <p className={panel.subtitle}>
        Where your account is signed in. If you do not recognise a session, sign it out and change your
        password.
      </p>
      <QueryContent
        query={sessions}
        loading="Loading sessions…"
        rows={2}
        failed="Could not load your sessions."
      >
        {(data) => (
          <ul className={styles.list} aria-label="Signed-in sessions">
            {data.sessions.map((session) => (
              <SessionItem key={session.id} session={session} />
            ))}
          </ul>
        )}
      </QueryContent>
      {otherCount > 0 ? (
        <div className={styles.actions}>
          <ConfirmDialog
            title="Sign out all other sessions?"
            description={`${otherCount === 1 ? 'The other session' : `The ${otherCount} other sessions`} will be signed out. This device stays signed in.`}
            confirmLabel="Sign out others"
            pendingLabel="Signing out…"
            confirmVariant="danger"
            pending={others.isPending}
            onConfirm={signOutOthers}
            trigger={
              <Button type="button" variant="secondary" disabled={others.isPending}>
                <LogOut size={16} aria-hidden="true" />
                Sign out all other sessions
              </Button>
            }
          />
        </div>
      ) : null}
    </Panel>
  );
}

function SessionItem({ session }: { session: ListedSession }) {
  const signOut = useSignOutSessionMutation();
  const Icon = session.os && MOBILE_SYSTEMS.has(session.os) ? Smartphone : Monitor;
  const name = deviceName(session);

  const onSignOut = () =>
    signOut.mutate(session.id, {
      onSuccess: () => toast({ title: 'Session signed out', description: name, variant: 'success' }),
      onError: (error) =>
        toast({
          title: 'Could not sign out that session',
          description: error.message,
          variant: 'destructive',
        }),
    });

  return (
    <li className={styles.item} aria-label={name}>
      <div className={styles.what}>
        <span className={styles.device}>
          <Icon size={18} aria-hidden="true" />
          {name}
          {session.current ? <StatusBadge status="active" label="This device" /> : null}
        </span>
        <span className={styles.meta}>
          {session.address ?? 'Address unknown'} · Signed in {formatDateTime(session.createdAt)}
        </span>
        <span className={styles.meta}>
          {session.current ? 'Active now' : `Last seen ${formatRelative(session.lastSeenAt)}`}
        </span>
      </div>
      {session.current ? null : (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={onSignOut}
          pending={signOut.isPending}
          pendingLabel="Signing out…"
        >
          <LogOut size={14} aria-hidden="true" />
          Sign out<span className={visuallyHidden}> {name}</span>
        </Button>
      )}
    </li>
  );
}
