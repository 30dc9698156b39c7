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
  Mail,
  Menu,
  ScrollText,
  Settings,
  Undo2,
  Users,
  Wallet,
} from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useState } from 'react';
import { Button } from '../../../components/Button.tsx';
import * as styles from './AdminPanel.css.ts';

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
          <Button variant="secondary" size="sm" className={styles.menuToggle}>
            <Menu size={16} aria-hidden="true" />
            {open ? 'Hide admin menu' : 'Admin menu'}
          </Button>
        </Collapsible.Trigger>
        <Collapsible.Content forceMount className={styles.menuGroups}>
          <div className={styles.group}>
            <p className={styles.groupTitle}>Main</p>
            <ul className={styles.menuList}>
              <li>
                <Link to="/admin" activeOptions={{ exact: true }} className={styles.menuLink} onClick={close}>
                  <LayoutDashboard size={16} aria-hidden="true" />
                  Dashboard
                </Link>
              </li>
              <li>
                <Link to="/admin/users" className={styles.menuLink} onClick={close}>
                  <Users size={16} aria-hidden="true" />
                  Users
                </Link>
              </li>
              <li>
                <Link to="/admin/transactions" className={styles.menuLink} onClick={close}>
                  <ArrowLeftRight size={16} aria-hidden="true" />
                  Transactions
                </Link>
              </li>
              <li>
                <Link to="/admin/cards" className={styles.menuLink} onClick={close}>
                  <CreditCard size={16} aria-hidden="true" />
                  Cards
                </Link>
              </li>
              <li>
                <Link to="/admin/crypto" className={styles.menuLink} onClick={close}>
                  <Wallet size={16} aria-hidden="true" />
                  Deposits &amp; withdrawals
                </Link>
              </li>
            </ul>
          </div>
          <div className={styles.group}>
            <p className={styles.groupTitle}>Management</p>
            <ul className={styles.menuList}>
              <li>
                <Link to="/admin/distribution" className={styles.menuLink} onClick={close}>
                  <Gift size={16} aria-hidden="true" />
                  Token Distribution
                </Link>
              </li>
              <li>
                <Link to="/admin/settings" className={styles.menuLink} onClick={close}>
                  <Settings size={16} aria-hidden="true" />
                  Settings
                </Link>
              </li>
              <li>
                <Link to="/admin/messages" className={styles.menuLink} onClick={close}>
                  <Mail size={16} aria-hidden="true" />
                  Messages
                </Link>
              </li>
              <li>
                <Link to="/admin/audit" className={styles.menuLink} onClick={close}>
                  <ScrollText size={16} aria-hidden="true" />
                  Audit log
                </Link>
              </li>
              <li>
                <Link to="/admin/projections" className={styles.menuLink} onClick={close}>
                  <Activity size={16} aria-hidden="true" />
                  Projections
                </Link>
              </li>
              <li>
                <Link to="/admin/reports" className={styles.menuLink} onClick={close}>
                  <ChartColumn size={16} aria-hidden="true" />
                  Reports
                  <span className={styles.soon}>Coming soon</span>
                </Link>
              </li>
            </ul>
          </div>
          <div className={styles.group}>
            <p className={styles.groupTitle}>Navigation</p>
            <ul className={styles.menuList}>
              <li>
                <Link to="/" className={styles.menuLink}>
                  <Globe size={16} aria-hidden="true" />
                  Main Site
                </Link>
              </li>
              <li>
                <Link to="/dashboard" className={styles.menuLink}>
                  <LayoutDashboard size={16} aria-hidden="true" />
                  User Dashboard
                </Link>
              </li>
            </ul>
          </div>
          <div className={styles.group}>
            <p className={styles.groupTitle}>Other</p>
            <ul className={styles.menuList}>
              <li>
                <Link to="/help" className={styles.menuLink}>
                  <CircleHelp size={16} aria-hidden="true" />
                  Help
                </Link>
              </li>
              <li>
                <Link to="/dashboard" className={styles.menuLink}>
                  <Undo2 size={16} aria-hidden="true" />
                  Back to User Mode
                </Link>
              </li>
            </ul>
          </div>
        </Collapsible.Content>
      </nav>
    </Collapsible.Root>
  );
}
