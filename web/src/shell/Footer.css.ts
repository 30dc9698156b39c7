import { style } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { listReset } from '@/styles/patterns.css.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

export const footer = style({
  marginTop: 'auto',
  borderTop: `1px solid ${vars.color.border}`,
  backgroundColor: vars.tint.sunken90,
});

export const inner = style([
  sprinkles({ display: 'grid', gap: '2xl', gridTemplateColumns: 1 }),
  {
    paddingBlock: vars.space['3xl'],
    '@media': {
      [media.desktop]: { gridTemplateColumns: 'minmax(0, 1.2fr) minmax(0, 3fr)' },
    },
  },
]);

export const brand = style([
  sprinkles({ display: 'grid', gap: 'md', justifyItems: 'start' }),
  {
    alignContent: 'start',
  },
]);

export const tagline = style([
  sprinkles({ fontSize: 'sm', color: 'muted' }),
  {
    maxWidth: '22rem',
  },
]);

export const groups = style([
  sprinkles({ display: 'grid', gap: 'xl', gridTemplateColumns: 2 }),
  {
    '@media': {
      [media.tablet]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
    },
  },
]);

export const groupTitle = style([
  sprinkles({ fontSize: 'xs', fontWeight: 'semibold', textTransform: 'uppercase', color: 'text' }),
  {
    marginBottom: vars.space.md,
    letterSpacing: '0.12em',
  },
]);

export const list = style([listReset, sprinkles({ display: 'grid', gap: 'xs' })]);

export const link = style([
  sprinkles({ display: 'inline-flex', alignItems: 'center' }),
  sprinkles({ fontSize: 'sm', color: 'muted', textDecoration: 'none' }),
  {
    minHeight: '32px',
    selectors: {
      '&:hover': { color: vars.color.goldBright },
    },
  },
]);

export const bottom = style([
  sprinkles({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: 'md',
  }),
  sprinkles({ fontSize: 'xs', color: 'muted' }),
  {
    paddingBlock: vars.space.xl,
    borderTop: `1px solid ${vars.color.border}`,
  },
]);

export const legal = style([
  listReset,
  sprinkles({ display: 'flex', flexWrap: 'wrap' }),
  {
    gap: `${vars.space.xs} ${vars.space.lg}`,
  },
]);

export const disclaimer = style({
  flexBasis: '100%',
  color: vars.color.textSubtle,
});
