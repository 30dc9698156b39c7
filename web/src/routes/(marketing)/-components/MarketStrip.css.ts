import { style, styleVariants } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { listReset } from '@/styles/patterns.css.ts';
import { shownFrom } from '@/styles/shownFrom.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

/** The landing page's crypto and pay-methods strip (MarketStrip). */

export const strip = style([
  sprinkles({ display: 'grid', gap: 'lg', padding: 'lg', borderRadius: 'xl', border: 'subtle' }),
  {
    background: `linear-gradient(180deg, ${vars.tint.white03}, transparent), ${vars.color.bgRaised}`,
    boxShadow: vars.shadow.md,
    '@media': {
      [media.tablet]: { padding: vars.space.xl },
    },
  },
]);

export const stripHead = sprinkles({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: 'sm',
});

export const stripTitle = sprinkles({ fontSize: 'lg', fontWeight: 'semibold' });

export const coins = style([
  listReset,
  sprinkles({ display: 'grid', gap: 'sm', gridTemplateColumns: 2 }),
  {
    '@media': {
      [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    },
  },
]);

export const coin = style([
  sprinkles({ display: 'grid', alignItems: 'center', padding: 'md', minWidth: '0' }),
  sprinkles({ borderRadius: 'lg', backgroundColor: 'surface', border: 'subtle' }),
  {
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    columnGap: vars.space.sm,
    rowGap: vars.space.xxs,
  },
]);

export const coinIcon = style({
  gridRow: 'span 2',
  width: '32px',
  height: '32px',
  borderRadius: vars.radius.pill,
});

export const coinFallback = style([
  sprinkles({ display: 'inline-grid', placeItems: 'center' }),
  sprinkles({ borderRadius: 'pill', border: 'strong', color: 'gold', fontWeight: 'bold' }),
  {
    gridRow: 'span 2',
    width: '32px',
    height: '32px',
    background: vars.gradient.black,
    fontSize: '0.625rem',
    letterSpacing: '0.02em',
  },
]);

export const coinLine = style([
  sprinkles({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    justifyContent: 'space-between',
    minWidth: '0',
  }),
  {
    gap: `0 ${vars.space.xs}`,
  },
]);

export const coinSymbol = sprinkles({ fontSize: 'sm', fontWeight: 'semibold' });

/** The coin's full name is read out everywhere but only shown where the tile has room. */
export const coinName = style(
  shownFrom(media.tablet, {
    marginLeft: vars.space.xs,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.regular,
    color: vars.color.textMuted,
  }),
);

export const coinPrice = style([
  sprinkles({ fontSize: 'xs', fontVariantNumeric: 'tabular-nums', color: 'text', overflow: 'hidden' }),
  {
    textOverflow: 'ellipsis',
  },
]);

export const change = styleVariants({
  up: { color: vars.color.success, fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.semibold },
  down: { color: vars.color.danger, fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.semibold },
  flat: { color: vars.color.textMuted, fontSize: vars.fontSize.xs, fontWeight: vars.fontWeight.semibold },
});

export const coinSkeleton = style({
  height: '66px',
  borderRadius: vars.radius.lg,
});

export const payMethods = style([
  listReset,
  sprinkles({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 'sm' }),
]);

export const payLabel = style([
  sprinkles({ fontSize: 'xs', fontWeight: 'semibold', textTransform: 'uppercase', color: 'muted' }),
  {
    letterSpacing: '0.12em',
    marginRight: vars.space.xs,
  },
]);
