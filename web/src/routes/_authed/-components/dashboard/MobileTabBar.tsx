import { Link } from '@tanstack/react-router';
import { Globe, Handshake, House, ReceiptText, Shield, UserRound } from 'lucide-react';
import * as styles from './MobileTabBar.css.ts';

/** docs/product-rules.md spec 2: Home, Transactions, Partners, Main Site, and Admin for admins or Profile for others. */
export function MobileTabBar({ isAdmin }: { isAdmin: boolean }) {
  return (
    <nav className={styles.bar} aria-label="Quick navigation">
      <ul className={styles.list}>
        <li>
          <Link to="/dashboard" className={styles.link}>
            <House size={20} aria-hidden="true" />
            Home
          </Link>
        </li>
        <li>
          <Link to="/transactions" className={styles.link}>
            <ReceiptText size={20} aria-hidden="true" />
            Transactions
          </Link>
        </li>
        <li>
          <Link to="/partners" className={styles.link}>
            <Handshake size={20} aria-hidden="true" />
            Partners
          </Link>
        </li>
        <li>
          <Link to="/" activeOptions={{ exact: true }} className={styles.link}>
            <Globe size={20} aria-hidden="true" />
            Main Site
          </Link>
        </li>
        <li>
          {isAdmin ? (
            <Link to="/admin" className={styles.link}>
              <Shield size={20} aria-hidden="true" />
              Admin
            </Link>
          ) : (
            <Link to="/profile" className={styles.link}>
              <UserRound size={20} aria-hidden="true" />
              Profile
            </Link>
          )}
        </li>
      </ul>
    </nav>
  );
}
