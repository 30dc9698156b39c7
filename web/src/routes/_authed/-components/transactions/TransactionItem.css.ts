import { style, styleVariants } from '@vanilla-extract/css';
import { media } from '../../../../styles/breakpoints.ts';
import { vars } from '../../../../styles/theme.css.ts';

export const list = style({
  display: 'grid',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const row = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space.md,
  paddingBlock: vars.space.md,
  selectors: {
    '& + &': { borderTop: `1px solid ${vars.color.border}` },
  },
});

const iconBase = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.pill,
  flexShrink: 0,
});

export const icon = styleVariants({
  sent: [iconBase, { backgroundColor: vars.color.dangerSurface, color: vars.color.danger }],
  received: [iconBase, { backgroundColor: vars.color.successSurface, color: vars.color.success }],
});

export const main = style({
  display: 'grid',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const title = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.sm,
  rowGap: vars.space.xxs,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  minWidth: 0,
});

export const description = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  maxWidth: '100%',
});

export const side = style({
  display: 'grid',
  justifyItems: 'end',
  gap: vars.space.xxs,
  textAlign: 'right',
});

const amountBase = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  '@media': {
    [media.tablet]: { fontSize: vars.fontSize.md },
  },
});

export const amount = styleVariants({
  sent: [amountBase, { color: vars.color.danger }],
  received: [amountBase, { color: vars.color.success }],
});

export const balance = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});
