import { style } from '@vanilla-extract/css';
import { media } from '../styles/breakpoints.ts';
import { vars } from '../styles/theme.css.ts';

export const logo = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexShrink: 0,
  color: vars.color.text,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
});

export const mark = style({
  width: '28px',
  height: '28px',
  flexShrink: 0,
  '@media': {
    [media.tablet]: { width: '30px', height: '30px' },
  },
});

export const wordmark = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.02em',
  whiteSpace: 'nowrap',
  '@media': {
    [media.tablet]: { fontSize: vars.fontSize.lg },
  },
});

export const accent = style({
  background: vars.gradient.gold,
  WebkitBackgroundClip: 'text',
  backgroundClip: 'text',
  color: 'transparent',
});
