import { Link } from '@tanstack/react-router';
import { Globe, Handshake, House, type LucideIcon, ReceiptText, Shield, UserRound } from 'lucide-react';
import * as styles from './MobileTabBar.css.ts';

interface Tab {
  to: '/dashboard' | '/transactions' | '/partners' | '/' | '/admin' | '/profile';
  icon: LucideIcon;
  label: string;
}

const TABS: readonly Tab[] = [
  { to: '/dashboard', icon: House, label: 'Home' },
  { to: '/transactions', icon: ReceiptText, label: 'Transactions' },
  { to: '/partners', icon: Handshake, label: 'Partners' },
  // The landing page is active only on itself, not on every path below it.
  { to: '/', icon: Globe, label: 'Main Site' },
];
const ADMIN_TAB: Tab = { to: '/admin', icon: Shield, label: 'Admin' };
const PROFILE_TAB: Tab = { to: '/profile', icon: UserRound, label: 'Profile' };

/** docs/product-rules.md spec 2: Home, Transactions, Partners, Main Site, and Admin for admins or Profile for others. */
export function MobileTabBar({ isAdmin }: { isAdmin: boolean }) {
  return (
    <nav className={styles.bar} aria-label="Quick navigation">
      <ul className={styles.list}>
        {[...TABS, isAdmin ? ADMIN_TAB : PROFILE_TAB].map((tab) => (
          <li key={tab.label}>
            <Link
              to={tab.to}
              {...(tab.to === '/' ? { activeOptions: { exact: true } } : {})}
              className={styles.link}
            >
              <tab.icon size={20} aria-hidden="true" />
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
