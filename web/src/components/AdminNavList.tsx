import { Link } from '@tanstack/react-router';
import { t } from '../i18n/i18n.ts';
import * as styles from './Header.css.ts';

/**
 * The admin header's links (docs/product-rules.md spec 2, "Admin header"): Home, Dashboard (the admin
 * dashboard), Users, Transactions and Settings. The header shows them instead of the user links when the
 * signed-in user is an admin; the bell and the account menu stay as they are.
 */
export function AdminNavList() {
  return (
    <ul className={styles.navList}>
      <li>
        <Link to="/" activeOptions={{ exact: true }} className={styles.navLink}>
          {t('shell.nav.home')}
        </Link>
      </li>
      <li>
        <Link to="/admin" activeOptions={{ exact: true }} className={styles.navLink}>
          {t('shell.nav.dashboard')}
        </Link>
      </li>
      <li>
        <Link to="/admin/users" className={styles.navLink}>
          {t('shell.nav.users')}
        </Link>
      </li>
      <li>
        <Link to="/admin/transactions" className={styles.navLink}>
          {t('shell.nav.transactions')}
        </Link>
      </li>
      <li>
        <Link to="/admin/settings" className={styles.navLink}>
          {t('shell.nav.settings')}
        </Link>
      </li>
    </ul>
  );
}
