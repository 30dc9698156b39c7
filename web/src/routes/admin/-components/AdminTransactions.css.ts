import { style } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { shownFrom } from '@/styles/shownFrom.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { cluster, mutedText, plainList, shrinkStack, spread, stack, tile } from '@/ui/layout/boxes.ts';
import { headCell as tableHeadCell } from '@/ui/table/Table.css.ts';

export { numericHead } from '@/ui/table/Table.css.ts';

/** /admin/transactions and /admin/transaction/{id}: the list's rows, its pager and the detail's events. */

export const search = style({
  flex: '1 1 220px',
  minWidth: 0,
});

export const select = style({
  flex: '1 1 160px',
  minWidth: 0,
  '@media': {
    [media.tablet]: { flex: '0 1 190px' },
  },
});

export const toolbarActions = cluster('sm');

/*
 * The transactions table is a list of cards on phones and a table from tablets up: one DOM, so the
 * links and the row click are the same everywhere. The header row stays in the accessibility tree on
 * phones (visually hidden), so the cells keep their column names.
 */
const cell = {
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
} as const;

export const cardTable = style([
  sprinkles({ width: '100%', fontSize: 'sm' }),
  {
    display: 'block',
    borderCollapse: 'collapse',
    '@media': {
      [media.tablet]: { display: 'table', minWidth: '640px' },
    },
  },
]);

export const cardHead = style(
  shownFrom(media.tablet, { overflow: 'visible', display: 'table-header-group' }),
);

export const cardBody = style({
  display: 'block',
  '@media': {
    [media.tablet]: { display: 'table-row-group' },
  },
});

export const headCell = style([tableHeadCell, { verticalAlign: 'middle' }]);

/**
 * A padded grid with a line under it on phones; a table row (the cells draw the lines) from tablets up.
 * What changes with the width is set in one rule or one responsive atom, never an atom overridden by a rule.
 */
const cardRow = style([
  sprinkles({ paddingY: { mobile: 'md', tablet: 'none' }, paddingX: { mobile: 'lg', tablet: 'none' } }),
  {
    display: 'grid',
    borderBottom: `1px solid ${vars.color.border}`,
    selectors: {
      '&:last-child': { borderBottom: 'none' },
    },
    '@media': {
      [media.tablet]: { display: 'table-row', borderBottom: 'none' },
    },
  },
]);

export const row = style([
  cardRow,
  sprinkles({ alignItems: 'center', cursor: 'pointer' }),
  {
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    gridTemplateAreas: '"desc amount" "type status" "date id"',
    gap: `${vars.space.xs} ${vars.space.md}`,
    selectors: {
      '&:hover': { backgroundColor: vars.color.surfaceHover },
    },
  },
]);

export const bodyCell = style([
  sprinkles({ minWidth: '0' }),
  {
    display: 'block',
    '@media': {
      [media.tablet]: {
        ...cell,
        display: 'table-cell',
        selectors: { 'tr:last-child > &': { borderBottom: 'none' } },
      },
    },
  },
]);

/** Small muted text in the phone cards, plain table text from tablets up. */
const cardMeta = style([
  sprinkles({ fontSize: { mobile: 'xs', tablet: 'sm' } }),
  {
    color: vars.color.textMuted,
    '@media': {
      [media.tablet]: { color: vars.color.text },
    },
  },
]);

export const idCell = style({ gridArea: 'id', justifySelf: 'end' });
export const typeCell = style([cardMeta, { gridArea: 'type' }]);
export const descriptionCell = style({ gridArea: 'desc' });
export const amountCell = style([
  sprinkles({ fontVariantNumeric: 'tabular-nums', textAlign: 'right', whiteSpace: 'nowrap' }),
  {
    fontWeight: vars.fontWeight.semibold,
    gridArea: 'amount',
    justifySelf: 'end',
    '@media': {
      [media.tablet]: { fontWeight: vars.fontWeight.regular },
    },
  },
]);
export const dateCell = style([cardMeta, sprinkles({ whiteSpace: 'nowrap' }), { gridArea: 'date' }]);
export const statusCell = style({ gridArea: 'status', justifySelf: 'end' });

export const idLink = sprinkles({ fontFamily: 'mono', fontSize: 'xs', whiteSpace: 'nowrap' });

export const description = style([shrinkStack('xxs'), sprinkles({ overflowWrap: 'anywhere' })]);

export const parties = mutedText('xs');

export const footer = cluster('md', 'flex-end');

export const count = style([
  mutedText(),
  {
    flex: '1 1 100%',
    '@media': {
      [media.tablet]: { flex: '1 1 auto', alignSelf: 'center' },
    },
  },
]);

export const pager = style([
  sprinkles({ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }),
  sprinkles({ gap: { mobile: 'xs', tablet: 'sm' } }),
  {
    flex: '1 1 auto',
    '@media': {
      [media.tablet]: { flex: '0 0 auto' },
    },
  },
]);

export const pageSize = style({
  width: '120px',
});

export const pageNumber = style([
  sprinkles({ color: 'muted', fontSize: { mobile: 'xs', tablet: 'sm' } }),
  sprinkles({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }),
]);

export const backLink = style([
  sprinkles({ display: 'inline-flex', alignItems: 'center', gap: 'xs', fontSize: 'sm' }),
  { justifySelf: 'start' },
]);

export const events = plainList('md');

export const event = style([shrinkStack('md'), tile('lg')]);

export const eventHead = spread('sm', 'baseline');

export const eventType = sprinkles({ fontSize: 'md', fontWeight: 'semibold' });

/** Term and value on one line from tablets up; stacked on phones, where long hashes need the width. */
export const eventDetails = style([
  sprinkles({ display: 'grid', margin: 'none', fontSize: 'sm' }),
  {
    gridTemplateColumns: 'minmax(0, 1fr)',
    columnGap: vars.space.md,
    rowGap: vars.space.xs,
    '@media': {
      [media.tablet]: { gridTemplateColumns: 'max-content minmax(0, 1fr)' },
    },
  },
]);

export const eventTerm = sprinkles({ color: 'muted', fontSize: { mobile: 'xs', tablet: 'sm' } });

export const caption = style([
  sprinkles({ paddingY: 'sm', paddingX: 'md', textAlign: 'left' }),
  mutedText(),
  {
    captionSide: 'top',
    display: 'block',
    '@media': {
      [media.tablet]: { display: 'table-caption' },
    },
  },
]);

export const balancesTable = style({
  '@media': {
    [media.tablet]: { minWidth: '480px' },
  },
});

/** Balances: a card per account on phones (before, change, after side by side), a table from tablets up. */
export const balanceRow = style([
  cardRow,
  sprinkles({ gridTemplateColumns: 3 }),
  {
    gridTemplateAreas: '"account account account" "before change after"',
    gap: `${vars.space.sm} ${vars.space.md}`,
  },
]);

export const accountCell = style([
  sprinkles({ textAlign: 'left', fontWeight: 'regular' }),
  { gridArea: 'account' },
]);

export const account = stack('xxs');

export const accountName = sprinkles({ fontWeight: 'semibold' });

export const figureCell = style([
  sprinkles({ gap: 'xxs', fontVariantNumeric: 'tabular-nums' }),
  {
    display: 'grid',
    alignContent: 'start',
    '@media': {
      [media.tablet]: { display: 'table-cell', textAlign: 'right', whiteSpace: 'nowrap' },
    },
  },
]);

/** The column's name above each figure on phones, where the header row is hidden; screen readers have the header. */
export const figureLabel = style([
  mutedText('xs'),
  sprinkles({ textTransform: 'uppercase', display: { tablet: 'none' } }),
  { letterSpacing: '0.04em' },
]);
