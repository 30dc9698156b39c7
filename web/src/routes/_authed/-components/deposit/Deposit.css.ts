import { keyframes, style } from '@vanilla-extract/css';
import { media } from '../../../../styles/breakpoints.ts';
import { vars } from '../../../../styles/theme.css.ts';

export const top = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const layout = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  '@media': {
    [media.desktop]: { gridTemplateColumns: 'minmax(0, 1.6fr) minmax(0, 1fr)' },
  },
});

export const aside = style({
  display: 'grid',
  gap: vars.space.lg,
  minWidth: 0,
});

export const addressCard = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.lg,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surfaceSunken,
  fontSize: vars.fontSize.sm,
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'auto minmax(0, 1fr)', alignItems: 'center' },
  },
});

export const qr = style({
  display: 'grid',
  placeItems: 'center',
  width: '112px',
  height: '112px',
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  color: vars.color.textMuted,
});

export const addressBody = style({
  display: 'grid',
  gap: vars.space.sm,
  minWidth: 0,
});

export const addressRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const addressText = style({
  minWidth: 0,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  overflowWrap: 'anywhere',
});

export const warning = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.dangerBorder}`,
  backgroundColor: vars.color.dangerSurface,
  fontSize: vars.fontSize.sm,
});

export const warningIcon = style({
  flexShrink: 0,
  marginTop: '2px',
  color: vars.color.danger,
});

export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const list = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceSunken,
  fontSize: vars.fontSize.sm,
});

export const itemMain = style({
  display: 'grid',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const itemTitle = style({
  fontWeight: vars.fontWeight.semibold,
});

export const hash = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const infoTitle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.lg,
});

export const steps = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  paddingLeft: vars.space.xl,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const tiers = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const tier = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
});

export const tierPrice = style({
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
});

export const footer = style({
  paddingTop: vars.space.xl,
  borderTop: `1px solid ${vars.color.border}`,
});

export const footerList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.sm} ${vars.space.xl}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
});

export const spinnerWrap = style({
  display: 'grid',
  placeItems: 'center',
  gap: vars.space.md,
  minHeight: '40vh',
  color: vars.color.textMuted,
});

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  color: vars.color.goldBright,
  animation: `${spin} 0.8s linear infinite`,
});
