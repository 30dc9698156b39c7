import { Link } from '@tanstack/react-router';
import { Globe, Handshake, House, type LucideIcon, ReceiptText, Shield, UserRound } from 'lucide-react';
import { type MessageId, t } from '@/i18n/i18n.ts';
import * as styles from './MobileTabBar.css.ts';

interface Tab {
  to: '/dashboard' | '/transactions' | '/partners' | '/' | '/admin' | '/profile';
  icon: LucideIcon;
  label: MessageId;
}

// Message ids, read at render: a label read at module load would keep the first language.
const TABS: readonly Tab[] = [
  { to: '/dashboard', icon: House, label: 'dashboard.tabs.home' },
  { to: '/transactions', icon: ReceiptText, label: 'dashboard.tabs.transactions' },
  { to: '/partners', icon: Handshake, label: 'dashboard.tabs.partners' },
  // The landing page is active only on itself, not on every path below it.
  { to: '/', icon: Globe, label: 'dashboard.tabs.mainSite' },
];
const ADMIN_TAB: Tab = { to: '/admin', icon: Shield, label: 'dashboard.tabs.admin' };
const PROFILE_TAB: Tab = { to: '/profile', icon: UserRound, label: 'dashboard.tabs.profile' };

/** docs/product-rules.md spec 2: Home, Transactions, Partners, Main Site, and Admin for admins or Profile for others. */
export function MobileTabBar({ isAdmin }: { isAdmin: boolean }) {
  return (
    <nav className={styles.bar} aria-label={t('dashboard.tabs.label')} data-tab-bar="">
      <ul className={styles.list}>
        {[...TABS, isAdmin ? ADMIN_TAB : PROFILE_TAB].map((tab) => (
          <li key={tab.label}>
            <Link
              to={tab.to}
              {...(tab.to === '/' ? { activeOptions: { exact: true } } : {})}
              className={styles.link}
            >
              <tab.icon size={20} aria-hidden="true" />
              {t(tab.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
