import { Link } from '@tanstack/react-router';
import {
  Activity,
  ArrowLeftRight,
  ChartColumn,
  CircleHelp,
  CreditCard,
  Gift,
  Globe,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  Menu,
  ScrollText,
  Settings,
  ShieldCheck,
  Undo2,
  Users,
  Wallet,
} from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useState } from 'react';
import { Button } from '@/ui/Button/Button.tsx';
import * as styles from './AdminPanel.css.ts';

type MenuPath =
  | '/admin'
  | '/admin/users'
  | '/admin/transactions'
  | '/admin/cards'
  | '/admin/crypto'
  | '/admin/approvals'
  | '/admin/distribution'
  | '/admin/settings'
  | '/admin/messages'
  | '/admin/audit'
  | '/admin/projections'
  | '/admin/reports'
  | '/'
  | '/dashboard'
  | '/help';

interface MenuItem {
  to: MenuPath;
  icon: LucideIcon;
  label: string;
  /** Active only on this very path (the admin overview), not below it. */
  exact?: boolean;
  soon?: boolean;
}

/** The menu's groups; choosing an admin section (`admin`) folds the phone menu again. */
const MENU: readonly { title: string; admin: boolean; items: readonly MenuItem[] }[] = [
  {
    title: 'Main',
    admin: true,
    items: [
      { to: '/admin', icon: LayoutDashboard, label: 'Dashboard', exact: true },
      { to: '/admin/users', icon: Users, label: 'Users' },
      { to: '/admin/transactions', icon: ArrowLeftRight, label: 'Transactions' },
      { to: '/admin/cards', icon: CreditCard, label: 'Cards' },
      { to: '/admin/crypto', icon: Wallet, label: 'Deposits & withdrawals' },
      { to: '/admin/approvals', icon: ShieldCheck, label: 'Approvals' },
    ],
  },
  {
    title: 'Management',
    admin: true,
    items: [
      { to: '/admin/distribution', icon: Gift, label: 'Token Distribution' },
      { to: '/admin/settings', icon: Settings, label: 'Settings' },
      { to: '/admin/messages', icon: Mail, label: 'Messages' },
      { to: '/admin/audit', icon: ScrollText, label: 'Audit log' },
      { to: '/admin/projections', icon: Activity, label: 'Projections' },
      { to: '/admin/reports', icon: ChartColumn, label: 'Reports', soon: true },
    ],
  },
  {
    title: 'Navigation',
    admin: false,
    items: [
      { to: '/', icon: Globe, label: 'Main Site' },
      { to: '/dashboard', icon: LayoutDashboard, label: 'User Dashboard' },
    ],
  },
  {
    title: 'Other',
    admin: false,
    items: [
      { to: '/help', icon: CircleHelp, label: 'Help' },
      { to: '/dashboard', icon: Undo2, label: 'Back to User Mode' },
    ],
  },
];

/**
 * The admin side menu (docs/product-rules.md spec 2): Main, Management, Navigation and Other. docs/product-rules.md rule 8: the spec's
 * placeholders are real sections; Reports is the one that still says "Coming soon". Folded on phones.
 */
export function AdminMenu() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} asChild>
      <nav className={styles.menu} aria-label="Admin">
        <Collapsible.Trigger asChild>
          <Button icon={Menu} variant="secondary" size="sm" className={styles.menuToggle}>
            {open ? 'Hide admin menu' : 'Admin menu'}
          </Button>
        </Collapsible.Trigger>
        <Collapsible.Content forceMount className={styles.menuGroups}>
          {MENU.map((group) => (
            <div key={group.title} className={styles.group}>
              <p className={styles.groupTitle}>{group.title}</p>
              <ul className={styles.menuList}>
                {group.items.map((item) => (
                  <li key={item.label}>
                    <Link
                      to={item.to}
                      {...(item.exact ? { activeOptions: { exact: true } } : {})}
                      className={styles.menuLink}
                      {...(group.admin ? { onClick: close } : {})}
                    >
                      <item.icon size={16} aria-hidden="true" />
                      {item.label}
                      {item.soon ? <span className={styles.soon}>Coming soon</span> : null}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </Collapsible.Content>
      </nav>
    </Collapsible.Root>
  );
}
