import type { UseQueryResult } from '@tanstack/react-query';
import { type ComponentProps, Fragment, type ReactNode } from 'react';
import * as panelStyles from '@/ui/panel/Panel.css.ts';
import { Panel } from '@/ui/panel/Panel.tsx';
import { QueryContent } from '@/ui/query/QueryState.tsx';
import * as styles from './Admin.css.ts';

interface QueueListProps<Item> {
  query: UseQueryResult<Item[], unknown>;
  loading: string;
  failed: string;
  empty: string;
  /** The list's accessible name, where the panel holds more than the list. */
  label?: string;
  /** The order to show the items in, when not the server's. */
  order?: (a: Item, b: Item) => number;
  children: (item: Item) => ReactNode;
}

/** A queue's items, one per line of a list; while loading, on failure or when empty, the caller's words. */
function QueueList<Item extends { id: string | number }>({
  query,
  loading,
  failed,
  empty,
  label,
  order,
  children,
}: QueueListProps<Item>) {
  return (
    <QueryContent query={query} loading={loading} failed={failed} empty={empty}>
      {(data) => (
        <ul className={styles.payments} aria-label={label}>
          {(order ? [...data].sort(order) : data).map((item) => (
            <Fragment key={item.id}>{children(item)}</Fragment>
          ))}
        </ul>
      )}
    </QueryContent>
  );
}

/**
 * A queue's panel: its title row (`panel`), with how many items it shows when given the word after the
 * count (`counted`: "shown", "received"), then `toolbar` (a filter) if any, then its items.
 */
export function QueuePanel<Item extends { id: string | number }>({
  panel,
  counted,
  toolbar,
  ...list
}: QueueListProps<Item> & {
  panel: Omit<ComponentProps<typeof Panel>, 'children'>;
  counted?: string;
  toolbar?: ReactNode;
}) {
  const data = list.query.data;
  const count = data ? (
    <p className={panelStyles.muted}>
      {data.length} {counted}
    </p>
  ) : null;
  return (
    <Panel {...panel} {...(counted ? { aside: count } : {})}>
      {toolbar}
      <QueueList {...list} />
    </Panel>
  );
}
