import { style } from '@vanilla-extract/css';
import { sprinkles } from '../styles/sprinkles.css.ts';
import { vars } from '../styles/theme.css.ts';

/** Styles for Radix Tabs: a pill row of triggers that scrolls sideways rather than overflow a phone. */
export const list = style([
  sprinkles({ display: 'flex', gap: 'xs', padding: 'xs' }),
  sprinkles({ borderRadius: 'pill', border: 'subtle', backgroundColor: 'sunken' }),
  {
    maxWidth: '100%',
    overflowX: 'auto',
    justifySelf: 'start',
  },
]);

// Starts from `all: unset`, so every property stays in this one rule: an atom composed in would be unset.
export const trigger = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  flexShrink: 0,
  minHeight: '40px',
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.pill,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[data-state="active"]': { background: vars.gradient.gold, color: vars.color.onGold },
  },
});

export const content = style([
  sprinkles({ display: 'grid', gap: 'xl', minWidth: '0', outline: 'none' }),
  {
    selectors: {
      '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '4px' },
    },
  },
]);
