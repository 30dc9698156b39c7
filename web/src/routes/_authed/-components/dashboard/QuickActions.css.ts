import { style } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { code, listReset, spread, stack, tile } from '@/ui/layout/boxes.ts';

export const section = stack('md');

export const grid = style([
  listReset(),
  sprinkles({ display: 'grid', gap: { mobile: 'xs', tablet: 'lg' } }),
  { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' },
]);

export const action = style([
  sprinkles({ display: 'grid', gap: 'sm', width: '100%', paddingY: 'md', paddingX: 'xxs' }),
  sprinkles({ borderRadius: 'lg', border: 'subtle', backgroundColor: 'raised', color: 'text' }),
  sprinkles({ fontWeight: 'semibold', textAlign: 'center', textTransform: 'uppercase', cursor: 'pointer' }),
  {
    justifyItems: 'center',
    alignContent: 'center',
    minHeight: '84px',
    // Five across on a 360 px phone: "WITHDRAW" must fit a 62 px column. Longer words in other languages
    // break at the soft hyphens their catalogs place, and as a last resort anywhere, never past the tile.
    fontSize: '0.625rem',
    letterSpacing: 0,
    lineHeight: 1.2,
    overflowWrap: 'anywhere',
    textDecoration: 'none',
    transition: `border-color ${vars.duration.fast}, background-color ${vars.duration.fast}, transform ${vars.duration.fast}`,
    selectors: {
      '&:hover:not([aria-disabled="true"])': {
        borderColor: vars.color.gold,
        backgroundColor: vars.color.surface,
      },
      '&:active:not([aria-disabled="true"])': { transform: 'translateY(1px)' },
      '&[aria-disabled="true"]': { cursor: 'not-allowed', color: vars.color.textMuted },
    },
    '@media': {
      [media.tablet]: { minHeight: '104px', fontSize: vars.fontSize.xs, letterSpacing: '0.06em' },
    },
  },
]);

export const actionIcon = style([
  sprinkles({ display: 'inline-grid', placeItems: 'center', borderRadius: 'pill', color: 'onGold' }),
  {
    width: '40px',
    height: '40px',
    background: vars.gradient.gold,
    selectors: {
      [`${action}[aria-disabled="true"] &`]: {
        background: vars.color.surfaceHover,
        color: vars.color.textMuted,
      },
    },
    '@media': {
      [media.tablet]: { width: '48px', height: '48px' },
    },
  },
]);

export const partners = style([
  sprinkles({ display: 'inline-flex', alignItems: 'center', gap: 'xs', fontSize: 'sm' }),
  { justifySelf: 'end' },
]);

export const receiveBox = style([spread('md'), tile('lg', 'strong')]);

export const receiveEmail = style([code('sm'), sprinkles({ minWidth: '0' })]);
