import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  width: '100%',
  minHeight: '46px',
  padding: `0 ${vars.space.md} 0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surfaceSunken,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: vars.tint.white28 },
    '&:focus-visible': {
      outline: 'none',
      borderColor: vars.color.gold,
      boxShadow: `0 0 0 3px ${vars.tint.gold25}`,
    },
    '&[data-placeholder]': { color: vars.color.textSubtle },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
});

export const icon = style({
  flexShrink: 0,
  color: vars.color.textMuted,
});

export const content = style({
  zIndex: vars.zIndex.toast,
  minWidth: 'var(--radix-select-trigger-width)',
  maxHeight: 'var(--radix-select-content-available-height)',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  boxShadow: vars.shadow.lg,
});

export const viewport = style({
  padding: vars.space.xs,
});

export const item = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  minHeight: '40px',
  padding: `0 ${vars.space['2xl']} 0 ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  userSelect: 'none',
  selectors: {
    '&[data-highlighted]': { backgroundColor: vars.color.surfaceHover, color: vars.color.goldBright },
    '&[data-state="checked"]': { fontWeight: vars.fontWeight.semibold },
  },
});

export const indicator = style({
  position: 'absolute',
  right: vars.space.sm,
  display: 'inline-grid',
  placeItems: 'center',
  color: vars.color.goldBright,
});
