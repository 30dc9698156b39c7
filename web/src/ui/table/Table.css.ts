import { style } from '@vanilla-extract/css';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

/** The admin screens' data tables: a scrolling frame, header cells, body cells and right-aligned figures. */

export const tableWrap = style([
  sprinkles({ borderRadius: 'md', border: 'subtle' }),
  {
    overflowX: 'auto',
    selectors: {
      '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    },
  },
]);

export const table = style([
  sprinkles({ width: '100%', fontSize: 'sm' }),
  { minWidth: '640px', borderCollapse: 'collapse' },
]);

const cellPadding = sprinkles({ paddingY: 'sm', paddingX: 'md' });
const rowRule = `1px solid ${vars.color.border}`;

/** A column header: small muted capitals on the surface colour. */
export const headCell = style([
  cellPadding,
  sprinkles({ backgroundColor: 'surface', color: 'muted', fontSize: 'xs', fontWeight: 'semibold' }),
  sprinkles({ textTransform: 'uppercase', whiteSpace: 'nowrap' }),
  // Left alignment stays in the rule: `numeric` overrides it on figure columns.
  { borderBottom: rowRule, letterSpacing: '0.04em', textAlign: 'left' },
]);

export const bodyCell = style([
  cellPadding,
  {
    borderBottom: rowRule,
    verticalAlign: 'middle',
    selectors: {
      'tr:last-child > &': { borderBottom: 'none' },
    },
  },
]);

/** Right-aligned figures; defined after the cells so that it wins over the header's left alignment. */
export const numeric = style({
  textAlign: 'right',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});

/** A figure column's header: right-aligned like its figures, defined after the header cell it overrides. */
export const numericHead = style({ textAlign: 'right' });
