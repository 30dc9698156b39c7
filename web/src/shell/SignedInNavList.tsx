import { Link, type LinkProps } from '@tanstack/react-router';
import { type MessageId, t } from '@/i18n/i18n.ts';
import * as styles from './Header.css.ts';

interface NavEntry {
  to: LinkProps['to'];
  label: MessageId;
  /** Marked current only on this very page, not on the pages below it. */
  exact?: boolean;
}

const USER_LINKS: readonly NavEntry[] = [
  { to: '/', label: 'shell.nav.home', exact: true },
  { to: '/dashboard', label: 'shell.nav.dashboard' },
  { to: '/partners', label: 'shell.nav.partners' },
  { to: '/compliance', label: 'shell.nav.security' },
];

/**
 * The admin header's links (docs/product-rules.md spec 2, "Admin header"): Home, Dashboard (the admin
 * dashboard), Users, Transactions and Settings. The header shows them instead of the user links when the
 * signed-in user is an admin; the bell and the account menu stay as they are.
 */
const ADMIN_LINKS: readonly NavEntry[] = [
  { to: '/', label: 'shell.nav.home', exact: true },
  { to: '/admin', label: 'shell.nav.dashboard', exact: true },
  { to: '/admin/users', label: 'shell.nav.users' },
  { to: '/admin/transactions', label: 'shell.nav.transactions' },
  { to: '/admin/settings', label: 'shell.nav.settings' },
];

/** The signed-in header's links: the user's, or the admin's for an admin. */
export function SignedInNavList({ isAdmin }: { isAdmin: boolean }) {
  return (
    <ul className={styles.navList}>
      {(isAdmin ? ADMIN_LINKS : USER_LINKS).map((link) => (
        <li key={link.to}>
          <Link
            to={link.to}
            activeOptions={link.exact ? { exact: true } : undefined}
            className={styles.navLink}
          >
            {t(link.label)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
