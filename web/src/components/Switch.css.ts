import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const row = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.lg,
});

export const text = style({
  display: 'grid',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
});

export const description = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const root = style({
  all: 'unset',
  boxSizing: 'border-box',
  position: 'relative',
  flexShrink: 0,
  width: '44px',
  height: '26px',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surfaceSunken,
  cursor: 'pointer',
  transition: `background-color ${vars.duration.fast}, border-color ${vars.duration.fast}`,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[data-state="checked"]': { background: vars.gradient.gold, borderColor: vars.color.gold },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const thumb = style({
  display: 'block',
  width: '20px',
  height: '20px',
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.text,
  boxShadow: vars.shadow.sm,
  transform: 'translateX(2px)',
  transition: `transform ${vars.duration.fast}`,
  willChange: 'transform',
  selectors: {
    '&[data-state="checked"]': { transform: 'translateX(20px)', backgroundColor: vars.color.onGold },
  },
});
