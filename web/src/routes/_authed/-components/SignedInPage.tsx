import { useSuspenseQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import type { ComponentType, ReactNode } from 'react';
import { currentUserQuery, type User } from '@/queries/auth.queries.ts';
import { eyebrow as eyebrowClass, page } from '@/styles/layout.css.ts';
import * as dashboardStyles from '@/ui/page/Page.css.ts';
import { MobileTabBar } from './dashboard/MobileTabBar.tsx';

/**
 * A signed-in screen, given its user. Signed out while on it (sign-out, expired session), the visitor goes
 * to /login: nothing here is theirs any more.
 */
export function signedIn(Screen: ComponentType<{ user: User }>) {
  return function SignedInScreen() {
    const { data: user } = useSuspenseQuery(currentUserQuery);
    if (!user) return <Navigate to="/login" replace />;
    return <Screen user={user} />;
  };
}

/** A screen of the phone's tab bar (dashboard, history, profile, notifications): the page, then the bar. */
export function TabBarPage({ user, children }: { user: User; children: ReactNode }) {
  return (
    <>
      <div className={`${page} ${dashboardStyles.stack} ${dashboardStyles.withTabBar}`}>{children}</div>
      <MobileTabBar isAdmin={user.isAdmin} />
    </>
  );
}

/** A signed-in screen's heading: its eyebrow, its title and, where it has one, a lead. */
export function PageHeading({
  eyebrow,
  title,
  lead,
}: {
  eyebrow: string;
  title: ReactNode;
  lead?: ReactNode;
}) {
  return (
    <div className={dashboardStyles.heading}>
      <p className={eyebrowClass}>{eyebrow}</p>
      <h1 className={dashboardStyles.title}>{title}</h1>
      {lead === undefined ? null : <p className={dashboardStyles.muted}>{lead}</p>}
    </div>
  );
}
