import { headCell, numeric } from './Table.css.ts';

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
