import * as styles from './Panel.css.ts';

export type BadgeTone = NonNullable<styles.BadgeVariants['tone']>;

const tones: Record<string, BadgeTone> = {
  completed: 'success',
  verified: 'success',
  confirmed: 'success',
  delivered: 'success',
  active: 'success',
  pending: 'warning',
  verifying: 'warning',
  shipping: 'warning',
  shipped: 'warning',
  overdue: 'danger',
  failed: 'danger',
  rejected: 'danger',
  suspended: 'danger',
  inactive: 'danger',
  erased: 'neutral',
};

function titleCase(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1).replaceAll('_', ' ');
}

/** A status word in its colour: completed/verified/active green, pending gold, failed/rejected red. */
export function StatusBadge({
  status,
  label,
  tone: toneOverride,
}: {
  status: string;
  label?: string;
  tone?: BadgeTone;
}) {
  const tone = toneOverride ?? tones[status] ?? 'neutral';
  return <span className={styles.badge({ tone })}>{label ?? titleCase(status)}</span>;
}
