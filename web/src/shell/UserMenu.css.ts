import { style } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { shownFrom } from '@/styles/shownFrom.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { barPopup, barTrigger } from './headerParts.css.ts';

export const trigger = style([
  sprinkles({ display: 'inline-flex', alignItems: 'center', gap: 'sm', paddingY: 'none', paddingX: 'xs' }),
  ...barTrigger,
  {
    minHeight: '44px',
    '@media': {
      [media.desktop]: { paddingRight: vars.space.md },
    },
  },
]);

export const avatar = style([
  sprinkles({ display: 'inline-grid', placeItems: 'center', flexShrink: '0' }),
  sprinkles({
    borderRadius: 'pill',
    background: 'gold',
    color: 'onGold',
    fontSize: 'sm',
    fontWeight: 'bold',
  }),
  {
    width: '36px',
    height: '36px',
    letterSpacing: '0.02em',
  },
]);

/** The name stays in the button's accessible name on small screens, but only shows from desktop width. */
export const triggerName = style(
  shownFrom(media.desktop, {
    maxWidth: '140px',
    textOverflow: 'ellipsis',
    fontSize: vars.fontSize.sm,
    fontWeight: vars.fontWeight.medium,
  }),
);

export const chevron = style([
  sprinkles({ display: 'none', color: 'muted' }),
  {
    transition: `transform ${vars.duration.normal}`,
    selectors: {
      [`${trigger}[data-state="open"] &`]: { transform: 'rotate(180deg)' },
    },
    '@media': {
      [media.desktop]: { display: 'block' },
    },
  },
]);

export const content = style([
  sprinkles({ padding: 'xs', borderRadius: 'lg', border: 'strong', backgroundColor: 'surface' }),
  barPopup('dropdown-menu'),
  { minWidth: '232px' },
]);

export const label = sprinkles({ display: 'grid', gap: 'xxs', paddingY: 'sm', paddingX: 'md' });

export const labelName = sprinkles({ fontSize: 'sm', fontWeight: 'semibold', overflowWrap: 'anywhere' });

export const labelEmail = sprinkles({ fontSize: 'xs', color: 'muted', overflowWrap: 'anywhere' });

export const separator = style({
  height: '1px',
  margin: `${vars.space.xs} 0`,
  backgroundColor: vars.color.border,
});

export const item = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'sm', paddingY: 'none', paddingX: 'md' }),
  sprinkles({
    borderRadius: 'md',
    color: 'text',
    fontSize: 'sm',
    textDecoration: 'none',
    cursor: 'pointer',
    outline: 'none',
  }),
  {
    minHeight: '40px',
    userSelect: 'none',
    selectors: {
      '&[data-highlighted]': { backgroundColor: vars.color.surfaceHover, color: vars.color.goldBright },
      '&[data-disabled]': { opacity: 0.5, pointerEvents: 'none' },
    },
  },
]);

export const itemDanger = style({
  selectors: {
    '&[data-highlighted]': { backgroundColor: vars.color.dangerSurface, color: vars.color.danger },
  },
});

export const itemIcon = style([
  sprinkles({ flexShrink: '0', color: 'muted' }),
  {
    selectors: {
      [`${item}[data-highlighted] &`]: { color: 'inherit' },
    },
  },
]);
