import { style } from '@vanilla-extract/css';
import { media } from '../styles/breakpoints.ts';
import { vars } from '../styles/theme.css.ts';

export const footer = style({
  marginTop: 'auto',
  borderTop: `1px solid ${vars.color.border}`,
  backgroundColor: vars.tint.sunken90,
});

export const inner = style({
  display: 'grid',
  gap: vars.space['2xl'],
  paddingBlock: vars.space['3xl'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [media.desktop]: { gridTemplateColumns: 'minmax(0, 1.2fr) minmax(0, 3fr)' },
  },
});

export const brand = style({
  display: 'grid',
  gap: vars.space.md,
  alignContent: 'start',
  justifyItems: 'start',
});

export const tagline = style({
  maxWidth: '22rem',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const groups = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});

export const groupTitle = style({
  marginBottom: vars.space.md,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.12em',
  textTransform: 'uppercase',
  color: vars.color.text,
});

export const list = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '32px',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.goldBright },
  },
});

export const bottom = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  paddingBlock: vars.space.xl,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const legal = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const disclaimer = style({
  flexBasis: '100%',
  color: vars.color.textSubtle,
});
