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

export const trigger = style([
  sprinkles({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 'xs',
    flexShrink: '0',
    paddingY: 'none',
    paddingX: 'lg',
  }),
  sprinkles({
    borderRadius: 'pill',
    color: 'muted',
    fontSize: 'sm',
    fontWeight: 'semibold',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
  }),
  {
    all: 'unset',
    boxSizing: 'border-box',
    minHeight: '40px',
    selectors: {
      '&:hover': { color: vars.color.text },
      '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
      '&[data-state="active"]': { background: vars.gradient.gold, color: vars.color.onGold },
    },
  },
]);

export const content = style([
  sprinkles({ display: 'grid', gap: 'xl', minWidth: '0', outline: 'none' }),
  {
    selectors: {
      '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '4px' },
    },
  },
]);
