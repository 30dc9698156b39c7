import { type MessageId, t } from '@/i18n/i18n.ts';
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

/** The statuses worded in every language; any other shows as its own word, capitalised. */
const words: Record<string, MessageId> = {
  completed: 'shell.status.completed',
  verified: 'shell.status.verified',
  confirmed: 'shell.status.confirmed',
  delivered: 'shell.status.delivered',
  active: 'shell.status.active',
  pending: 'shell.status.pending',
  verifying: 'shell.status.verifying',
  shipping: 'shell.status.shipping',
  shipped: 'shell.status.shipped',
  overdue: 'shell.status.overdue',
  failed: 'shell.status.failed',
  rejected: 'shell.status.rejected',
  suspended: 'shell.status.suspended',
  inactive: 'shell.status.inactive',
  erased: 'shell.status.erased',
};

function statusWord(value: string): string {
  const word = Object.hasOwn(words, value) ? words[value] : undefined;
  if (word) return t(word);
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
  return <span className={styles.badge({ tone })}>{label ?? statusWord(status)}</span>;
}
