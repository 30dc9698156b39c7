import { style } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { emptyState, inputIcon, listReset, searchBox } from '@/styles/patterns.css.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

export const grid = style([
  listReset,
  sprinkles({ display: 'grid', gap: 'md', gridTemplateColumns: 1 }),
  {
    '@media': {
      [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space.lg },
      [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    },
  },
]);

export const card = style([
  sprinkles({ display: 'grid', gap: 'md', padding: 'lg' }),
  sprinkles({ borderRadius: 'lg', border: 'subtle', backgroundColor: 'raised' }),
  {
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    alignItems: 'start',
    height: '100%',
    boxShadow: vars.shadow.insetHighlight,
    transition: `border-color ${vars.duration.normal}`,
    selectors: {
      '&:hover': { borderColor: vars.tint.gold40 },
    },
  },
]);

export const body = sprinkles({ display: 'grid', gap: 'xs', minWidth: '0' });

export const name = sprinkles({ fontSize: 'md', fontWeight: 'semibold' });

export const category = style([
  sprinkles({ fontSize: 'xs', color: 'muted' }),
  {
    letterSpacing: '0.04em',
  },
]);

export const discount = sprinkles({ fontSize: 'sm', fontWeight: 'semibold', color: 'gold' });

export const toolbar = style([
  sprinkles({ display: 'grid', gap: 'lg' }),
  {
    marginBottom: vars.space.xl,
  },
]);

export const searchWrap = style({
  position: 'relative',
  maxWidth: '480px',
});

export const searchIcon = inputIcon;

export const searchInput = style([
  searchBox,
  {
    minHeight: '48px',
    padding: `0 ${vars.space.lg} 0 calc(${vars.space.lg} + 28px)`,
  },
]);

export const tabList = sprinkles({ display: 'flex', flexWrap: 'wrap', gap: 'sm' });

export const tab = style([
  sprinkles({ display: 'inline-flex', alignItems: 'center', gap: 'xs', paddingY: 'none', paddingX: 'lg' }),
  sprinkles({
    borderRadius: 'pill',
    border: 'subtle',
    backgroundColor: 'surface',
    color: 'muted',
    fontSize: 'sm',
    fontWeight: 'medium',
    cursor: 'pointer',
  }),
  {
    minHeight: '40px',
    selectors: {
      '&:hover': { color: vars.color.text, borderColor: vars.color.borderStrong },
      '&[data-state="active"]': {
        background: vars.gradient.gold,
        borderColor: vars.color.gold,
        color: vars.color.onGold,
      },
    },
  },
]);

export const tabCount = style({
  fontSize: vars.fontSize.xs,
  opacity: 0.8,
});

export const empty = style([emptyState, sprinkles({ gap: 'sm' })]);

export const emptyTitle = sprinkles({ fontSize: 'lg', fontWeight: 'semibold', color: 'text' });

export const resultCount = sprinkles({ fontSize: 'sm', color: 'muted' });

export const categoryHeading = sprinkles({ display: 'inline-flex', alignItems: 'center', gap: 'sm' });

export const pair = style([listReset, sprinkles({ display: 'grid', gap: 'sm' })]);

export const tabsRoot = sprinkles({ display: 'grid', gap: 'lg', paddingBottom: '3xl' });

export const tabPanel = style([
  sprinkles({ display: 'grid', gap: 'lg', outline: 'none' }),
  {
    selectors: {
      '&:focus-visible': { boxShadow: `0 0 0 2px ${vars.color.focus}`, borderRadius: vars.radius.md },
    },
  },
]);
