import { style } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

export const layout = style([
  sprinkles({ display: 'grid', gap: '2xl', gridTemplateColumns: 1 }),
  {
    paddingBlock: vars.space['2xl'],
    '@media': {
      [media.desktop]: { gridTemplateColumns: '260px minmax(0, 1fr)', alignItems: 'start' },
    },
  },
]);

export const toc = style([
  sprinkles({ padding: 'lg', borderRadius: 'lg', border: 'subtle', backgroundColor: 'raised' }),
  {
    '@media': {
      [media.desktop]: { position: 'sticky', top: `calc(${vars.layout.headerHeight} + ${vars.space.lg})` },
    },
  },
]);

export const tocTitle = style([
  sprinkles({ fontSize: 'xs', fontWeight: 'semibold', textTransform: 'uppercase', color: 'muted' }),
  {
    marginBottom: vars.space.sm,
    letterSpacing: '0.12em',
  },
]);

export const tocList = style([
  sprinkles({ display: 'grid', gap: 'xxs', margin: 'none', paddingLeft: 'lg' }),
  sprinkles({ fontSize: 'sm', color: 'muted' }),
]);

export const tocLink = style([
  sprinkles({ color: 'muted', textDecoration: 'none' }),
  {
    display: 'inline-block',
    paddingBlock: vars.space.xxs,
    selectors: {
      '&:hover': { color: vars.color.goldBright, textDecoration: 'underline' },
    },
  },
]);

export const body = style([
  sprinkles({ display: 'grid', gap: '2xl' }),
  {
    maxWidth: '46rem',
  },
]);

export const section = style([
  sprinkles({ display: 'grid', gap: 'md', color: 'muted' }),
  {
    lineHeight: 1.7,
  },
]);

export const heading = sprinkles({ fontFamily: 'display', fontSize: 'xl', color: 'text' });
