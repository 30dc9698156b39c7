import { style } from '@vanilla-extract/css';
import { media } from '../../../../styles/breakpoints.ts';
import { vars } from '../../../../styles/theme.css.ts';

export const section = style({
  display: 'grid',
  gap: vars.space.md,
});

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(5, minmax(0, 1fr))',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [media.tablet]: { gap: vars.space.lg },
  },
});

export const action = style({
  display: 'grid',
  justifyItems: 'center',
  alignContent: 'center',
  gap: vars.space.sm,
  width: '100%',
  minHeight: '84px',
  padding: `${vars.space.md} ${vars.space.xxs}`,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.bgRaised,
  color: vars.color.text,
  // Five across on a 360 px phone: "WITHDRAW" must fit a 62 px column.
  fontSize: '0.625rem',
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: 0,
  lineHeight: 1.2,
  textAlign: 'center',
  textTransform: 'uppercase',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: `border-color ${vars.duration.fast}, background-color ${vars.duration.fast}, transform ${vars.duration.fast}`,
  selectors: {
    '&:hover:not([aria-disabled="true"])': {
      borderColor: vars.color.gold,
      backgroundColor: vars.color.surface,
    },
    '&:active:not([aria-disabled="true"])': { transform: 'translateY(1px)' },
    '&[aria-disabled="true"]': { cursor: 'not-allowed', color: vars.color.textMuted },
  },
  '@media': {
    [media.tablet]: { minHeight: '104px', fontSize: vars.fontSize.xs, letterSpacing: '0.06em' },
  },
});

export const actionIcon = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.pill,
  background: vars.gradient.gold,
  color: vars.color.onGold,
  selectors: {
    [`${action}[aria-disabled="true"] &`]: {
      background: vars.color.surfaceHover,
      color: vars.color.textMuted,
    },
  },
  '@media': {
    [media.tablet]: { width: '48px', height: '48px' },
  },
});

export const partners = style({
  justifySelf: 'end',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
});

export const receiveBox = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surfaceSunken,
});

export const receiveEmail = style({
  minWidth: 0,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});
