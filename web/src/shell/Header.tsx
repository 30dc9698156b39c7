import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId } from 'react';
import { t } from '@/i18n/i18n.ts';
import { currentUserQuery, type User } from '@/queries/auth.queries.ts';
import { container } from '@/styles/layout.css.ts';
import { MenuToggle, useFoldedMenu } from './FoldedMenu.tsx';
import * as styles from './Header.css.ts';
import { LogoLink } from './Logo.tsx';
import { VisitorBar } from './PublicHeader.tsx';
import { SignedInNavList } from './SignedInNavList.tsx';

// Only signed-in users see the account menu; visitors never download the dropdown machinery.
const UserMenu = lazy(() => import('./UserMenu.tsx').then((module) => ({ default: module.UserMenu })));
const NotificationBell = lazy(() =>
  import('./NotificationBell.tsx').then((module) => ({ default: module.NotificationBell })),
);

export function Header() {
  const { data: user } = useQuery(currentUserQuery);
  return (
    <header className={styles.header}>
      <div className={`${container} ${styles.bar}`}>
        {user ? <SignedInBar user={user} /> : <VisitorBar />}
      </div>
    </header>
  );
}

function SignedInBar({ user }: { user: User }) {
  const navId = useId();
  const { open, toggle } = useFoldedMenu();

  return (
    <>
      <LogoLink to="/dashboard" />
      <nav id={navId} aria-label={t('shell.nav.main')} className={styles.nav} data-open={open}>
        <SignedInNavList isAdmin={user.isAdmin} />
      </nav>
      <div className={styles.actions}>
        <Suspense fallback={<span className={styles.iconPlaceholder} aria-hidden="true" />}>
          <NotificationBell />
        </Suspense>
        <Suspense fallback={<span className={styles.avatarPlaceholder} aria-hidden="true" />}>
          <UserMenu user={user} />
        </Suspense>
        <MenuToggle open={open} controls={navId} onToggle={toggle} className={styles.menuToggle} />
      </div>
    </>
  );
}
