import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const field = style({
  display: 'grid',
  gap: vars.space.xs,
  minWidth: 0,
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const optional = style({
  marginLeft: vars.space.xs,
  fontWeight: vars.fontWeight.regular,
  color: vars.color.textMuted,
});

export const input = style({
  width: '100%',
  minHeight: '46px',
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surfaceSunken,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  transition: `border-color ${vars.duration.fast}, box-shadow ${vars.duration.fast}`,
  '::placeholder': { color: vars.color.textSubtle },
  selectors: {
    '&:hover': { borderColor: vars.tint.white28 },
    '&:focus-visible': {
      outline: 'none',
      borderColor: vars.color.gold,
      boxShadow: `0 0 0 3px ${vars.tint.gold25}`,
    },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&[aria-invalid="true"]:focus-visible': { boxShadow: `0 0 0 3px ${vars.tint.danger25}` },
    '&:-webkit-autofill': {
      WebkitTextFillColor: vars.color.text,
      boxShadow: `0 0 0 100px ${vars.color.surface} inset`,
      caretColor: vars.color.text,
    },
  },
});

export const hint = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const error = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  fontSize: vars.fontSize.xs,
  color: vars.color.danger,
});

export const checkboxRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
});

export const checkbox = style({
  all: 'unset',
  boxSizing: 'border-box',
  flexShrink: 0,
  display: 'inline-grid',
  placeItems: 'center',
  width: '20px',
  height: '20px',
  marginTop: '1px',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surfaceSunken,
  cursor: 'pointer',
  transition: `background-color ${vars.duration.fast}, border-color ${vars.duration.fast}`,
  selectors: {
    '&:hover': { borderColor: vars.color.gold },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[data-state="checked"]': { background: vars.gradient.gold, borderColor: vars.color.gold },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
});

export const checkboxIndicator = style({
  display: 'grid',
  placeItems: 'center',
  color: vars.color.onGold,
});

export const checkboxLabel = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  cursor: 'pointer',
  userSelect: 'none',
});

export const textarea = style({
  minHeight: '88px',
  paddingBlock: vars.space.md,
  resize: 'vertical',
  lineHeight: vars.lineHeight.normal,
});
