import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

/** Styles for Radix Tabs: a pill row of triggers that scrolls sideways rather than overflow a phone. */
export const list = style({
  display: 'flex',
  gap: vars.space.xs,
  maxWidth: '100%',
  overflowX: 'auto',
  padding: vars.space.xs,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceSunken,
  justifySelf: 'start',
});

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

export const content = style({
  display: 'grid',
  gap: vars.space.xl,
  minWidth: 0,
  outline: 'none',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '4px' },
  },
});
