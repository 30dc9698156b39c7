import * as styles from './Admin.css.ts';
import { AdminStats } from './AdminStats.tsx';
import { DistributeTokensForm } from './DistributeTokensForm.tsx';
import { PendingPayments } from './PendingPayments.tsx';
import { RecentUsers } from './RecentUsers.tsx';

/**
 * The admin blocks of the dashboard (docs/product-rules.md spec 2): stats, pending payment verifications, token distribution
 * and recent users. Loaded on demand, so ordinary users never download them; the /admin screen reuses
 * the same pieces.
 */
export default function AdminWidgets() {
  return (
    <section className={styles.widgets} aria-labelledby="admin-widgets-title">
      <h2 id="admin-widgets-title" className={styles.sectionTitle}>
        Administration
      </h2>
      <AdminStats />
      <div className={styles.columns}>
        <PendingPayments />
        <DistributeTokensForm />
      </div>
      <RecentUsers />
    </section>
  );
}
