import type { UseQueryResult } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { t } from '@/i18n/i18n.ts';
import { visuallyHidden } from '@/styles/layout.css.ts';
import { Button } from '@/ui/Button/Button.tsx';
import * as panel from '../panel/Panel.css.ts';

/**
 * The three states every panel that shows a query has besides its data: loading (skeleton rows, a
 * status line for screen readers, `aria-busy` so tests and assistive tech can wait on it), failed
 * (an alert with "Try again"), and empty (one muted line).
 */

/** Skeleton rows while a query loads; `label` is announced ("Loading users…"). */
export function PanelLoading({ label, rows = 1 }: { label: string; rows?: number }) {
  return (
    <div className={panel.skeletonList} aria-busy="true">
      <p role="status" className={visuallyHidden}>
        {label}
      </p>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder rows, never reordered
        <div key={row} className={panel.skeletonRow} />
      ))}
    </div>
  );
}

/** A failed query: what could not be loaded, and a button that asks again. */
export function PanelError({ children, onRetry }: { children: ReactNode; onRetry: () => unknown }) {
  return (
    <div className={panel.errorState} role="alert">
      <p>{children}</p>
      <Button variant="secondary" size="sm" onClick={() => onRetry()}>
        <RefreshCw size={14} aria-hidden="true" />
        {t('shell.tryAgain')}
      </Button>
    </div>
  );
}

/** Nothing to show: one muted line. */
export function PanelEmpty({ children }: { children: ReactNode }) {
  return <p className={panel.state}>{children}</p>;
}

/**
 * A panel's body for one query: `PanelLoading` while it loads, `PanelError` with `failed` when it fails,
 * `PanelEmpty` with `empty` when `isEmpty` (by default: an empty list), else `children` with the data.
 */
export function QueryContent<Data>({
  query,
  loading,
  rows,
  failed,
  empty,
  isEmpty = isEmptyList,
  children,
}: {
  query: UseQueryResult<Data, unknown>;
  loading: string;
  rows?: number;
  failed: ReactNode;
  empty?: ReactNode;
  isEmpty?: (data: Data) => boolean;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) return <PanelLoading label={loading} {...(rows ? { rows } : {})} />;
  if (query.isError) return <PanelError onRetry={() => query.refetch()}>{failed}</PanelError>;
  if (empty !== undefined && isEmpty(query.data)) return <PanelEmpty>{empty}</PanelEmpty>;
  return children(query.data);
}

function isEmptyList(data: unknown): boolean {
  return Array.isArray(data) && data.length === 0;
}
