import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const wrap = style({
  flex: 1,
  display: 'grid',
  placeItems: 'center',
  paddingBlock: vars.space['3xl'],
});

export const panel = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.lg,
  maxWidth: '520px',
  textAlign: 'center',
});

export const code = style({
  display: 'block',
  fontFamily: vars.font.display,
  fontSize: 'clamp(4rem, 20vw, 7rem)',
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
  background: vars.gradient.gold,
  WebkitBackgroundClip: 'text',
  backgroundClip: 'text',
  color: 'transparent',
});

export const title = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize['2xl'],
});

export const titleText = style({
  display: 'block',
});

export const text = style({
  color: vars.color.textMuted,
});
