import { style } from '@vanilla-extract/css';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

export const progress = sprinkles({ display: 'grid', gap: 'sm', minWidth: '0' });

export const figures = style([
  sprinkles({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    justifyContent: 'space-between',
    gap: 'sm',
  }),
  sprinkles({ fontSize: 'sm', color: 'muted' }),
]);

export const percent = sprinkles({
  fontFamily: 'display',
  fontSize: '2xl',
  fontWeight: 'bold',
  color: 'gold',
});

export const track = style([
  sprinkles({ position: 'relative' }),
  sprinkles({ overflow: 'hidden', borderRadius: 'pill', backgroundColor: 'sunken', border: 'subtle' }),
  {
    height: '12px',
  },
]);

export const indicator = style([
  sprinkles({ width: '100%', borderRadius: 'pill', background: 'gold' }),
  {
    height: '100%',
    transformOrigin: 'left center',
    transition: `transform ${vars.duration.slow} ease-out`,
  },
]);

export const skeletonBar = style({
  height: '12px',
  borderRadius: vars.radius.pill,
});

export const skeletonLine = style({
  height: '1rem',
  width: '60%',
});

export const error = style([
  sprinkles({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 'md' }),
  sprinkles({ fontSize: 'sm', color: 'muted' }),
]);
