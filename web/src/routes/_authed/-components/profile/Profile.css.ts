import { style } from '@vanilla-extract/css';
import { media } from '../../../../styles/breakpoints.ts';
import { vars } from '../../../../styles/theme.css.ts';

export const identity = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.lg,
});

export const avatar = style({
  display: 'inline-grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '72px',
  height: '72px',
  borderRadius: vars.radius.pill,
  background: vars.gradient.gold,
  color: vars.color.onGold,
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['2xl'],
  fontWeight: vars.fontWeight.bold,
});

export const who = style({
  display: 'grid',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const name = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['2xl'],
});

export const quick = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

export const twoColumns = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
});

export const formActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});

export const qrBlock = style({
  display: 'grid',
  gap: vars.space.md,
  justifyItems: 'start',
});

export const qrImage = style({
  width: '200px',
  height: '200px',
  borderRadius: vars.radius.md,
  backgroundColor: vars.tint.white,
  padding: vars.space.sm,
});

export const uri = style({
  maxWidth: '100%',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceSunken,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  overflowWrap: 'anywhere',
});

export const sectionTitle = style({
  fontSize: vars.fontSize.lg,
});

export const switches = style({
  display: 'grid',
  gap: vars.space.lg,
});
