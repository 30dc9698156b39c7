import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/breakpoints.ts';
import { vars } from '../../../styles/theme.css.ts';

export const layout = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  '@media': {
    [media.desktop]: { gridTemplateColumns: 'minmax(0, 1.4fr) minmax(0, 1fr)' },
  },
});

export const form = style({
  display: 'grid',
  gap: vars.space.lg,
});

export const row = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
});

export const required = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const success = style({
  display: 'grid',
  justifyItems: 'start',
  gap: vars.space.md,
});

export const successIcon = style({
  color: vars.color.success,
});

export const details = style({
  display: 'grid',
  gap: vars.space.lg,
});

export const detailRow = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: vars.space.md,
  alignItems: 'start',
});

export const detailTitle = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  marginBottom: vars.space.xxs,
});

export const address = style({
  fontStyle: 'normal',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const hours = style({
  display: 'grid',
  gridTemplateColumns: 'auto auto',
  justifyContent: 'start',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

export const hoursDay = style({
  color: vars.color.textMuted,
});

export const hoursTime = style({
  margin: 0,
  fontVariantNumeric: 'tabular-nums',
});

export const regions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** dt/dd pairs wrapped for valid markup, laid out by the parent grid. */
export const hoursRow = style({
  display: 'contents',
});
