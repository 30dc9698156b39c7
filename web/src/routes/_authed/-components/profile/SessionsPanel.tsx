import { useQuery } from '@tanstack/react-query';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { t } from '@/i18n/i18n.ts';
import { formatDateTime, formatRelative } from '@/lib/format.ts';
import {
  type ListedSession,
  sessionsQuery,
  useSignOutOtherSessionsMutation,
  useSignOutSessionMutation,
} from '@/queries/sessions.queries.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
import { ConfirmDialog } from '@/ui/Dialog/Dialog.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { StatusBadge } from '@/ui/panel/StatusBadge.tsx';
import { QueryContent } from '@/ui/query/QueryState.tsx';
import { toast, toastFailure } from '@/ui/toast/index.ts';
import * as styles from './SessionsPanel.css.ts';

const MOBILE_SYSTEMS = new Set(['iOS', 'Android', 'iPadOS']);

/** "Chrome on macOS", as the server's sign-in notice names a device (browser and system are data). */
export function deviceName(session: Pick<ListedSession, 'browser' | 'os'>): string {
  return t('profile.sessions.device', {
    browser: session.browser ?? t('profile.sessions.unknownBrowser'),
    os: session.os ?? t('profile.sessions.unknownOs'),
  });
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
          title: t('profile.sessions.othersSignedOut'),
          description: t('profile.sessions.othersSignedOutDetail', { count: endedSessions }),
          variant: 'success',
        }),
      onError: (error) => toastFailure(t('profile.sessions.othersFailed'), error),
    });

  return (
    <Panel icon={Monitor} titleId="sessions-title" title={t('profile.sessions.title')}>
      <p className={panel.subtitle}>{t('profile.sessions.intro')}</p>
      <QueryContent
        query={sessions}
        loading={t('profile.sessions.loading')}
        rows={2}
        failed={t('profile.sessions.loadFailed')}
      >
        {(data) => (
          <ul className={styles.list} aria-label={t('profile.sessions.list')}>
            {data.sessions.map((session) => (
              <SessionItem key={session.id} session={session} />
            ))}
          </ul>
        )}
      </QueryContent>
      {otherCount > 0 ? (
        <div className={styles.actions}>
          <ConfirmDialog
            title={t('profile.sessions.confirmTitle')}
            description={t('profile.sessions.confirmText', { count: otherCount })}
            confirmLabel={t('profile.sessions.confirmButton')}
            pendingLabel={t('profile.sessions.signingOut')}
            confirmVariant="danger"
            pending={others.isPending}
            onConfirm={signOutOthers}
            trigger={
              <Button icon={LogOut} type="button" variant="secondary" disabled={others.isPending}>
                {t('profile.sessions.signOutOthers')}
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
      onSuccess: () =>
        toast({ title: t('profile.sessions.signedOut'), description: name, variant: 'success' }),
      onError: (error) => toastFailure(t('profile.sessions.signOutFailed'), error),
    });

  return (
    <li className={styles.item} aria-label={name}>
      <div className={styles.what}>
        <span className={styles.device}>
          <Icon size={18} aria-hidden="true" />
          {name}
          {session.current ? <StatusBadge status="active" label={t('profile.sessions.thisDevice')} /> : null}
        </span>
        <span className={styles.meta}>
          {t('profile.sessions.signedIn', {
            address: session.address ?? t('profile.sessions.addressUnknown'),
            date: formatDateTime(session.createdAt),
          })}
        </span>
        <span className={styles.meta}>
          {session.current
            ? t('profile.sessions.activeNow')
            : t('profile.sessions.lastSeen', { when: formatRelative(session.lastSeenAt) })}
        </span>
      </div>
      {session.current ? null : (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={onSignOut}
          pending={signOut.isPending}
          pendingLabel={t('profile.sessions.signingOut')}
        >
          <LogOut size={14} aria-hidden="true" />
          {t('profile.sessions.signOut')}
          <span className={visuallyHidden}> {name}</span>
        </Button>
      )}
    </li>
  );
}
