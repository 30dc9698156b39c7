import type { ReactNode } from 'react';
import { headCell, numeric, table, tableWrap } from './Table.css.ts';

/** A column of `ColumnHeads`: its header text, or the text of a right-aligned figure column. */
export type Column = string | { label: string; numeric: true };

/**
 * A table's header row, one `<th scope="col">` a column; a figure column adds `numericClass` to
 * `cellClass` (by default the kit's header cell and right-aligned figures, Table.css.ts).
 */
export function ColumnHeads({
  columns,
  cellClass = headCell,
  numericClass = numeric,
}: {
  columns: readonly Column[];
  cellClass?: string;
  numericClass?: string;
}) {
  return (
    <tr>
      {columns.map((column) => {
        const figure = typeof column !== 'string';
        const label = figure ? column.label : column;
        return (
          <th key={label} scope="col" className={figure ? `${cellClass} ${numericClass}` : cellClass}>
            {label}
          </th>
        );
      })}
    </tr>
  );
}

/**
 * A table's scrolling frame: the table scrolls sideways inside it on phones, and the frame is focusable
 * so keyboard users can scroll it too. `label` names the region.
 */
function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className={tableWrap} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

/** Class names in place of the kit's: the table, its head and body groups, header cells, figure headers. */
export interface TableClasses {
  table?: string;
  head?: string;
  body?: string;
  cell?: string;
  numeric?: string;
}

/**
 * A data table in its `TableFrame`: `caption` if any, the header row of `columns`, then `children`, the
 * body's rows. `busy` marks a table showing the previous page while the next one loads.
 */
export function FramedTable({
  label,
  columns,
  caption,
  classes = {},
  busy,
  children,
}: {
  label: string;
  columns: readonly Column[];
  caption?: ReactNode;
  classes?: TableClasses;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <TableFrame label={label}>
      <table className={classes.table ?? table} aria-busy={busy || undefined}>
        {caption}
        <thead className={classes.head}>
          <ColumnHeads columns={columns} cellClass={classes.cell} numericClass={classes.numeric} />
        </thead>
        <tbody className={classes.body}>{children}</tbody>
      </table>
    </TableFrame>
  );
}
