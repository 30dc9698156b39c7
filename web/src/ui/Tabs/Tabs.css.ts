import { style } from '@vanilla-extract/css';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

/**
 * Styles for Radix Tabs: a row of pill triggers that wraps onto a second row where the screen is too narrow
 * (a phone, or a language with long names), so every tab stays in sight. A list that scrolled sideways
 * instead hid its last tab with nothing to show it was there (issue 48, point 9).
 */
export const list = style([
  sprinkles({ display: 'flex', gap: 'xs', padding: 'xs' }),
  sprinkles({ borderRadius: 'xl', border: 'subtle', backgroundColor: 'sunken' }),
  {
    flexWrap: 'wrap',
    maxWidth: '100%',
    minWidth: 0,
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
  // Wrapped rows share their width; a name longer than the row itself breaks onto a second line.
  flex: '1 1 auto',
  minWidth: 0,
  textAlign: 'center',
  minHeight: '40px',
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.pill,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
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
