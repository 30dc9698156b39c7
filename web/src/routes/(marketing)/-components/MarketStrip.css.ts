import { style, styleVariants } from '@vanilla-extract/css';
import { media } from '../../../styles/breakpoints.ts';
import { vars } from '../../../styles/theme.css.ts';

/** The landing page's crypto and pay-methods strip (MarketStrip). */

export const strip = style({
  display: 'grid',
  gap: vars.space.lg,
  padding: vars.space.lg,
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.color.border}`,
  background: `linear-gradient(180deg, ${vars.tint.white03}, transparent), ${vars.color.bgRaised}`,
  boxShadow: vars.shadow.md,
  '@media': {
    [media.tablet]: { padding: vars.space.xl },
  },
});

export const stripHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const stripTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
});

export const coins = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

export const coin = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  alignItems: 'center',
  columnGap: vars.space.sm,
  rowGap: vars.space.xxs,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  minWidth: 0,
});

export const coinIcon = style({
  gridRow: 'span 2',
  width: '32px',
  height: '32px',
  borderRadius: vars.radius.pill,
});

export const coinFallback = style({
  gridRow: 'span 2',
  display: 'inline-grid',
  placeItems: 'center',
  width: '32px',
  height: '32px',
  borderRadius: vars.radius.pill,
  background: vars.gradient.black,
  border: `1px solid ${vars.color.borderStrong}`,
  color: vars.color.goldBright,
  fontSize: '0.625rem',
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.02em',
});

export const coinLine = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: `0 ${vars.space.xs}`,
  minWidth: 0,
});

export const coinSymbol = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

/** The coin's full name is read out everywhere but only shown where the tile has room. */
export const coinName = style({
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
      clip: 'auto',
      marginLeft: vars.space.xs,
      fontSize: vars.fontSize.xs,
      fontWeight: vars.fontWeight.regular,
      color: vars.color.textMuted,
    },
  },
});

export const coinPrice = style({
  fontSize: vars.fontSize.xs,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export const change = styleVariants({
  up: { color: vars.color.success, fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.semibold },
  down: { color: vars.color.danger, fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.semibold },
  flat: { color: vars.color.textMuted, fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.semibold },
});

export const coinSkeleton = style({
  height: '66px',
  borderRadius: vars.radius.lg,
});

export const payMethods = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const payLabel = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.12em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
  marginRight: vars.space.xs,
});
