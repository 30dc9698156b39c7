import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/breakpoints.ts';
import { vars } from '../../../styles/theme.css.ts';

export const layout = style({
  display: 'grid',
  gap: vars.space['2xl'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  paddingBlock: vars.space['2xl'],
  '@media': {
    [media.desktop]: { gridTemplateColumns: '260px minmax(0, 1fr)', alignItems: 'start' },
  },
});

export const toc = style({
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.bgRaised,
  '@media': {
    [media.desktop]: { position: 'sticky', top: `calc(${vars.layout.headerHeight} + ${vars.space.lg})` },
  },
});

export const tocTitle = style({
  marginBottom: vars.space.sm,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.12em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
});

export const tocList = style({
  display: 'grid',
  gap: vars.space.xxs,
  margin: 0,
  paddingLeft: vars.space.lg,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const tocLink = style({
  display: 'inline-block',
  paddingBlock: vars.space.xxs,
  color: vars.color.textMuted,
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.goldBright, textDecoration: 'underline' },
  },
});

export const body = style({
  display: 'grid',
  gap: vars.space['2xl'],
  maxWidth: '46rem',
});

export const section = style({
  display: 'grid',
  gap: vars.space.md,
  color: vars.color.textMuted,
  lineHeight: 1.7,
});

export const heading = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize.xl,
  color: vars.color.text,
});
