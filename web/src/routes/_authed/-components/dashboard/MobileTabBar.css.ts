import { style } from '@vanilla-extract/css';
import { media } from '../../../../styles/breakpoints.ts';
import { vars } from '../../../../styles/theme.css.ts';

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

export const list = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(5, minmax(0, 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const link = style({
  display: 'grid',
  justifyItems: 'center',
  alignContent: 'center',
  gap: vars.space.xxs,
  minHeight: '60px',
  padding: `${vars.space.xs} ${vars.space.xxs}`,
  color: vars.color.textMuted,
  fontSize: '0.6875rem',
  fontWeight: vars.fontWeight.medium,
  textAlign: 'center',
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&[aria-current="page"]': { color: vars.color.goldBright },
  },
});
