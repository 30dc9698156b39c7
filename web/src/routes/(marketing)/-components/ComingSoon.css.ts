import { style } from '@vanilla-extract/css';
import { vars } from '../../../styles/theme.css.ts';

export const wrap = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: '60dvh',
  paddingBlock: vars.space['4xl'],
});

export const panel = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.lg,
  maxWidth: '560px',
  textAlign: 'center',
});

export const icon = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '64px',
  height: '64px',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.tint.gold40}`,
  background: `radial-gradient(circle at 30% 30%, ${vars.tint.goldBright25}, ${vars.tint.surface90})`,
  color: vars.color.goldBright,
});

export const eyebrow = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.14em',
  textTransform: 'uppercase',
  color: vars.color.goldBright,
});

export const title = style({
  fontFamily: vars.font.display,
  fontSize: 'clamp(2.25rem, 9vw, 3.5rem)',
  background: vars.gradient.gold,
  WebkitBackgroundClip: 'text',
  backgroundClip: 'text',
  color: 'transparent',
});

export const text = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.lg,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.md,
});
