import { style } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { listReset } from '@/styles/patterns.css.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

export const layout = style([
  sprinkles({ display: 'grid', gap: 'xl', gridTemplateColumns: 1 }),
  {
    alignItems: 'start',
    '@media': {
      [media.desktop]: { gridTemplateColumns: 'minmax(0, 1.4fr) minmax(0, 1fr)' },
    },
  },
]);

export const form = sprinkles({ display: 'grid', gap: 'lg' });

export const row = style([
  sprinkles({ display: 'grid', gap: 'lg', gridTemplateColumns: 1 }),
  {
    '@media': {
      [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    },
  },
]);

export const required = sprinkles({ fontSize: 'xs', color: 'muted' });

export const success = sprinkles({ display: 'grid', justifyItems: 'start', gap: 'md' });

export const successIcon = sprinkles({ color: 'success' });

export const details = sprinkles({ display: 'grid', gap: 'lg' });

export const detailRow = style([
  sprinkles({ display: 'grid', gap: 'md' }),
  {
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    alignItems: 'start',
  },
]);

export const detailTitle = style([
  sprinkles({ fontSize: 'sm', fontWeight: 'semibold' }),
  {
    marginBottom: vars.space.xxs,
  },
]);

export const address = style([
  sprinkles({ fontSize: 'sm', color: 'muted' }),
  {
    fontStyle: 'normal',
  },
]);

export const hours = style([
  sprinkles({ display: 'grid', margin: 'none', fontSize: 'sm' }),
  {
    gridTemplateColumns: 'auto auto',
    justifyContent: 'start',
    gap: `${vars.space.xs} ${vars.space.lg}`,
  },
]);

export const hoursDay = sprinkles({ color: 'muted' });

export const hoursTime = sprinkles({ margin: 'none', fontVariantNumeric: 'tabular-nums' });

export const regions = style([listReset, sprinkles({ display: 'flex', flexWrap: 'wrap', gap: 'sm' })]);

/** dt/dd pairs wrapped for valid markup, laid out by the parent grid. */
export const hoursRow = style({
  display: 'contents',
});
