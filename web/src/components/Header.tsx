import { useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { currentUserQuery, type User } from '../queries/auth.queries.ts';
import { container } from '../styles/layout.css.ts';
import * as styles from './Header.css.ts';
import * as logoStyles from './Logo.css.ts';
import { LogoMark, Wordmark } from './Logo.tsx';
import { VisitorBar } from './PublicHeader.tsx';

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
  const [open, setOpen] = useState(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  // The folded menu closes whenever the page changes, and on Escape.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(() => {
    setOpen(false);
  }, [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <>
      <Link to="/dashboard" className={logoStyles.logo}>
        <LogoMark />
        <Wordmark />
      </Link>
      <nav id={navId} aria-label="Main" className={styles.nav} data-open={open}>
        <ul className={styles.navList}>
          <li>
            <Link to="/" activeOptions={{ exact: true }} className={styles.navLink}>
              Home
            </Link>
          </li>
          <li>
            <Link to="/dashboard" className={styles.navLink}>
              Dashboard
            </Link>
          </li>
          <li>
            <Link to="/partners" className={styles.navLink}>
              Partners &amp; Rewards
            </Link>
          </li>
          <li>
            <Link to="/compliance" className={styles.navLink}>
              Security
            </Link>
          </li>
        </ul>
      </nav>
      <div className={styles.actions}>
        <Suspense fallback={<span className={styles.iconPlaceholder} aria-hidden="true" />}>
          <NotificationBell />
        </Suspense>
        <Suspense fallback={<span className={styles.avatarPlaceholder} aria-hidden="true" />}>
          <UserMenu user={user} />
        </Suspense>
        <button
          type="button"
          className={styles.menuToggle}
          aria-expanded={open}
          aria-controls={navId}
          aria-label={open ? 'Close navigation menu' : 'Open navigation menu'}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X size={20} aria-hidden="true" /> : <Menu size={20} aria-hidden="true" />}
        </button>
      </div>
    </>
  );
}
