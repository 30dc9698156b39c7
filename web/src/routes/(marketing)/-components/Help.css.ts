import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/breakpoints.ts';
import { listReset } from '../../../styles/patterns.css.ts';
import { sprinkles } from '../../../styles/sprinkles.css.ts';
import { vars } from '../../../styles/theme.css.ts';

export const searchWrap = style({
  position: 'relative',
  // Inside the centred hero the box sizes itself, not to its content.
  width: `min(560px, calc(100vw - 2 * ${vars.space.lg}))`,
});

export const searchIcon = style([
  sprinkles({ position: 'absolute', color: 'muted' }),
  {
    top: '50%',
    left: vars.space.lg,
    transform: 'translateY(-50%)',
    pointerEvents: 'none',
  },
]);

export const searchInput = style([
  sprinkles({ width: '100%' }),
  sprinkles({
    borderRadius: 'pill',
    border: 'strong',
    backgroundColor: 'sunken',
    color: 'text',
    fontSize: 'md',
  }),
  {
    minHeight: '56px',
    padding: `0 ${vars.space.lg} 0 calc(${vars.space.lg} + 30px)`,
    boxShadow: vars.shadow.md,
    '::placeholder': { color: vars.color.textSubtle },
    selectors: {
      '&:focus-visible': {
        outline: 'none',
        borderColor: vars.color.gold,
        boxShadow: `0 0 0 3px ${vars.tint.gold25}`,
      },
    },
  },
]);

export const categoryCard = sprinkles({ display: 'grid', gap: 'sm' });

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

export const noResults = style([
  sprinkles({ display: 'grid', justifyItems: 'center', gap: 'md', paddingY: '3xl', paddingX: 'lg' }),
  sprinkles({ borderRadius: 'xl', textAlign: 'center', color: 'muted' }),
  {
    border: `1px dashed ${vars.color.borderStrong}`,
  },
]);

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
