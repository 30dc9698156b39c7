import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const root = style({
  display: 'grid',
  gap: vars.space.sm,
});

export const item = style({
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.bgRaised,
  overflow: 'hidden',
  transition: `border-color ${vars.duration.normal}`,
  selectors: {
    '&[data-state="open"]': { borderColor: vars.tint.gold40 },
  },
});

export const header = style({
  margin: 0,
  fontSize: 'inherit',
});

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  width: '100%',
  minHeight: '56px',
  padding: `${vars.space.md} ${vars.space.lg}`,
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.goldBright },
  },
});

export const chevron = style({
  flexShrink: 0,
  color: vars.color.textMuted,
  transition: `transform ${vars.duration.normal}`,
  selectors: {
    [`${trigger}[data-state="open"] &`]: { transform: 'rotate(180deg)', color: vars.color.goldBright },
  },
});

export const content = style({
  padding: `0 ${vars.space.lg} ${vars.space.lg}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
});
