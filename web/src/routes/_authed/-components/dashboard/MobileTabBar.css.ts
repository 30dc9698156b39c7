import { style } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { plainList } from '@/ui/layout/boxes.ts';

/** docs/product-rules.md spec 2: a bottom bar on phones only (under 768 px). */
export const bar = style({
  position: 'fixed',
  insetInline: 0,
  bottom: 0,
  zIndex: vars.zIndex.header,
  borderTop: `1px solid ${vars.color.border}`,
  backgroundColor: vars.tint.bg94,
  backdropFilter: 'saturate(140%) blur(14px)',
  WebkitBackdropFilter: 'saturate(140%) blur(14px)',
  paddingBottom: 'env(safe-area-inset-bottom, 0px)',
  '@media': {
    [media.tablet]: { display: 'none' },
  },
});

export const list = style([plainList(), { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' }]);

export const link = style([
  sprinkles({ display: 'grid', gap: 'xxs', paddingY: 'xs', paddingX: 'xxs' }),
  sprinkles({ color: 'muted', fontWeight: 'medium', textAlign: 'center' }),
  {
    justifyItems: 'center',
    alignContent: 'center',
    minHeight: '60px',
    fontSize: '0.6875rem',
    textDecoration: 'none',
    selectors: {
      '&:hover': { color: vars.color.text },
      '&[aria-current="page"]': { color: vars.color.goldBright },
    },
  },
]);
