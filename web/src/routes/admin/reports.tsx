import { createFileRoute, Link } from '@tanstack/react-router';
import { ChartColumn } from 'lucide-react';
import { buttonClassName } from '@/ui/Button/Button.tsx';
import * as panel from '@/ui/panel/Panel.css.ts';
import { AdminHeading } from './-components/AdminHeading.tsx';
import * as styles from './-components/AdminPanel.css.ts';

export const Route = createFileRoute('/admin/reports')({
  component: AdminReports,
});

/** docs/product-rules.md rule 8: a placeholder that cannot be real yet says "Coming soon". */
function AdminReports() {
  return (
    <>
      <AdminHeading title="Reports" />
      <section className={`${panel.panel} ${styles.comingSoon}`} aria-labelledby="reports-soon-title">
        <ChartColumn size={28} aria-hidden="true" className={panel.titleIcon} />
        <h2 id="reports-soon-title" className={panel.title}>
          Coming soon
        </h2>
        <p className={panel.subtitle}>
          Downloadable reports are on their way. Until then, the statistics on the admin dashboard are live.
        </p>
        <Link to="/admin" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
          Back to the admin dashboard
        </Link>
      </section>
    </>
  );
}
