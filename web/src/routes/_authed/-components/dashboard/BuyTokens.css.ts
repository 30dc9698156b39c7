import { style } from '@vanilla-extract/css';
import { vars } from '../../../../styles/theme.css.ts';

export const presets = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.sm,
});

export const legend = style({
  marginBottom: vars.space.xs,
  padding: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const fieldset = style({
  display: 'grid',
  gap: vars.space.xs,
  minWidth: 0,
  margin: 0,
  padding: 0,
  border: 'none',
});

export const preset = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.xxs,
  minHeight: '64px',
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surfaceSunken,
  color: vars.color.text,
  cursor: 'pointer',
  transition: `border-color ${vars.duration.fast}, background-color ${vars.duration.fast}`,
  selectors: {
    '&:hover': { borderColor: vars.color.gold },
    '&[data-state="checked"]': {
      borderColor: vars.color.gold,
      backgroundColor: vars.tint.gold12,
      boxShadow: `inset 0 0 0 1px ${vars.color.gold}`,
    },
  },
});

export const presetAmount = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const presetUnit = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const summaryValue = style({
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
});

export const address = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surfaceSunken,
  fontSize: vars.fontSize.sm,
});

export const addressRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const addressText = style({
  minWidth: 0,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  overflowWrap: 'anywhere',
});

export const addressMissing = style({
  color: vars.color.textMuted,
});
