import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const progress = style({
  display: 'grid',
  gap: vars.space.sm,
  minWidth: 0,
});

export const figures = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const percent = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['2xl'],
  fontWeight: vars.fontWeight.bold,
  color: vars.color.goldBright,
});

export const track = style({
  position: 'relative',
  overflow: 'hidden',
  height: '12px',
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.surfaceSunken,
  border: `1px solid ${vars.color.border}`,
});

export const indicator = style({
  width: '100%',
  height: '100%',
  borderRadius: vars.radius.pill,
  background: vars.gradient.gold,
  transformOrigin: 'left center',
  transition: `transform ${vars.duration.slow} ease-out`,
});

export const skeletonBar = style({
  height: '12px',
  borderRadius: vars.radius.pill,
});

export const skeletonLine = style({
  height: '1rem',
  width: '60%',
});

export const error = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
