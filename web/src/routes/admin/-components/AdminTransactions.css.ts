import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/breakpoints.ts';
import { vars } from '../../../styles/theme.css.ts';

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

export const toolbarActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

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

export const cardTable = style({
  display: 'block',
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  '@media': {
    [media.tablet]: { display: 'table', minWidth: '640px' },
  },
});

export const cardHead = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  '@media': {
    [media.tablet]: {
      position: 'static',
      width: 'auto',
      height: 'auto',
      overflow: 'visible',
      clip: 'auto',
      display: 'table-header-group',
    },
  },
});

export const cardBody = style({
  display: 'block',
  '@media': {
    [media.tablet]: { display: 'table-row-group' },
  },
});

export const headCell = style({
  ...cell,
  backgroundColor: vars.color.surface,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.04em',
  textAlign: 'left',
  textTransform: 'uppercase',
  whiteSpace: 'nowrap',
});

export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gridTemplateAreas: '"desc amount" "type status" "date id"',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.md}`,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceHover },
    '&:last-child': { borderBottom: 'none' },
  },
  '@media': {
    [media.tablet]: { display: 'table-row', padding: 0, borderBottom: 'none' },
  },
});

export const bodyCell = style({
  display: 'block',
  minWidth: 0,
  '@media': {
    [media.tablet]: {
      ...cell,
      display: 'table-cell',
      selectors: { 'tr:last-child > &': { borderBottom: 'none' } },
    },
  },
});

export const idCell = style({ gridArea: 'id', justifySelf: 'end' });
export const typeCell = style({
  gridArea: 'type',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  '@media': {
    [media.tablet]: { color: vars.color.text, fontSize: vars.fontSize.sm },
  },
});
export const descriptionCell = style({ gridArea: 'desc' });
export const amountCell = style({
  gridArea: 'amount',
  justifySelf: 'end',
  textAlign: 'right',
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  '@media': {
    [media.tablet]: { fontWeight: vars.fontWeight.regular },
  },
});
export const dateCell = style({
  gridArea: 'date',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  whiteSpace: 'nowrap',
  '@media': {
    [media.tablet]: { color: vars.color.text, fontSize: vars.fontSize.sm },
  },
});
export const statusCell = style({ gridArea: 'status', justifySelf: 'end' });
export const numericHead = style({ textAlign: 'right' });

export const idLink = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  whiteSpace: 'nowrap',
});

export const description = style({
  display: 'grid',
  gap: vars.space.xxs,
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const parties = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
});

export const count = style({
  flex: '1 1 100%',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  '@media': {
    [media.tablet]: { flex: '1 1 auto', alignSelf: 'center' },
  },
});

export const pager = style({
  display: 'flex',
  flex: '1 1 auto',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  '@media': {
    [media.tablet]: { flex: '0 0 auto', gap: vars.space.sm },
  },
});

export const pageSize = style({
  width: '120px',
});

export const pageNumber = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  whiteSpace: 'nowrap',
  '@media': {
    [media.tablet]: { fontSize: vars.fontSize.sm },
  },
  fontVariantNumeric: 'tabular-nums',
});

export const backLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  justifySelf: 'start',
  fontSize: vars.fontSize.sm,
});

export const events = style({
  display: 'grid',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const event = style({
  display: 'grid',
  gap: vars.space.md,
  minWidth: 0,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceSunken,
});

export const eventHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const eventType = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

/** Term and value on one line from tablets up; stacked on phones, where long hashes need the width. */
export const eventDetails = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
  margin: 0,
  fontSize: vars.fontSize.sm,
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'max-content minmax(0, 1fr)' },
  },
});

export const eventTerm = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  '@media': {
    [media.tablet]: { fontSize: vars.fontSize.sm },
  },
});

export const caption = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textAlign: 'left',
  captionSide: 'top',
  display: 'block',
  '@media': {
    [media.tablet]: { display: 'table-caption' },
  },
});

export const balancesTable = style({
  '@media': {
    [media.tablet]: { minWidth: '480px' },
  },
});

/** Balances: a card per account on phones (before, change, after side by side), a table from tablets up. */
export const balanceRow = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gridTemplateAreas: '"account account account" "before change after"',
  gap: `${vars.space.sm} ${vars.space.md}`,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: {
    '&:last-child': { borderBottom: 'none' },
  },
  '@media': {
    [media.tablet]: { display: 'table-row', padding: 0, borderBottom: 'none' },
  },
});

export const accountCell = style({
  gridArea: 'account',
  textAlign: 'left',
  fontWeight: vars.fontWeight.regular,
});

export const account = style({
  display: 'grid',
  gap: vars.space.xxs,
});

export const accountName = style({
  fontWeight: vars.fontWeight.semibold,
});

export const figureCell = style({
  display: 'grid',
  alignContent: 'start',
  gap: vars.space.xxs,
  fontVariantNumeric: 'tabular-nums',
  '@media': {
    [media.tablet]: { display: 'table-cell', textAlign: 'right', whiteSpace: 'nowrap' },
  },
});

/** The column's name above each figure on phones, where the header row is hidden; screen readers have the header. */
export const figureLabel = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  '@media': {
    [media.tablet]: { display: 'none' },
  },
});
