import { style } from '@vanilla-extract/css';
import { vars } from '../../../../styles/theme.css.ts';

export const total = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
});

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
  columnGap: vars.space.md,
  padding: `${vars.space.md} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: {
    '&:last-child': { borderBottom: 'none' },
  },
});

export const icon = style({
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.pill,
});

export const name = style({
  display: 'grid',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const code = style({
  fontWeight: vars.fontWeight.semibold,
});

export const small = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
});

export const side = style({
  display: 'grid',
  justifyItems: 'end',
  gap: vars.space.xxs,
  minWidth: 0,
  textAlign: 'right',
});

export const amount = style({
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
});

export const hold = style({
  color: vars.color.goldBright,
  fontSize: vars.fontSize.xs,
  fontVariantNumeric: 'tabular-nums',
});

export const subheading = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

export const activity = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const activityRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceSunken,
  fontSize: vars.fontSize.sm,
});

export const activityMain = style({
  display: 'grid',
  gap: vars.space.xxs,
  minWidth: 0,
});
