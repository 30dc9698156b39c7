import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import * as styles from './Admin.css.ts';

/** One figure of the admin overview: icon and label, the value, then a trend, a note or a link. */
export function StatTile({
  icon: Icon,
  label,
  value,
  children,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  children?: ReactNode;
}) {
  return (
    <li className={styles.stat}>
      <p className={styles.statLabel}>
        <Icon size={16} aria-hidden="true" />
        {label}
      </p>
      <p className={styles.statValue}>{value}</p>
      {children}
    </li>
  );
}
