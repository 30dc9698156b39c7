import { style } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { emptyState, inputIcon, listReset, searchBox } from '@/styles/patterns.css.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

export const searchWrap = style({
  position: 'relative',
  // Inside the centred hero the box sizes itself, not to its content.
  width: `min(560px, calc(100vw - 2 * ${vars.space.lg}))`,
});

export const searchIcon = inputIcon;

export const searchInput = style([
  searchBox,
  {
    minHeight: '56px',
    padding: `0 ${vars.space.lg} 0 calc(${vars.space.lg} + 30px)`,
    boxShadow: vars.shadow.md,
  },
]);

export const faqGroups = sprinkles({ display: 'grid', gap: '2xl' });

export const faqGroupHead = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'md' }),
  {
    marginBottom: vars.space.lg,
  },
]);

export const faqGroupTitle = sprinkles({ fontSize: 'xl', fontFamily: 'display' });

export const results = style([
  sprinkles({ fontSize: 'sm', color: 'muted' }),
  {
    marginBottom: vars.space.lg,
  },
]);

export const noResults = style([emptyState, sprinkles({ gap: 'md' })]);

export const helpGrid = style([
  listReset,
  sprinkles({ display: 'grid', gap: 'lg', gridTemplateColumns: 1 }),
  {
    '@media': {
      [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    },
  },
]);

export const soon = style({
  justifySelf: 'start',
});
