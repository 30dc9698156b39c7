import { style } from '@vanilla-extract/css';
import { media } from './breakpoints.ts';
import { vars } from './theme.css.ts';

/** Centred column with side gutters: 16 px on a 360 px phone, wider on larger screens. */
export const container = style({
  width: '100%',
  maxWidth: vars.layout.maxWidth,
  marginInline: 'auto',
  paddingInline: vars.space.lg,
  '@media': {
    [media.tablet]: { paddingInline: vars.space.xl },
    [media.desktop]: { paddingInline: vars.space['2xl'] },
  },
});

export const main = style({
  flex: '1 0 auto',
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  outline: 'none',
});

export const page = style([
  container,
  {
    paddingBlock: vars.space['2xl'],
    '@media': {
      [media.tablet]: { paddingBlock: vars.space['3xl'] },
    },
  },
]);

export const card = style({
  position: 'relative',
  minWidth: 0,
  padding: vars.space.xl,
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.bgRaised,
  boxShadow: `${vars.shadow.md}, ${vars.shadow.insetHighlight}`,
  '@media': {
    [media.tablet]: { padding: vars.space['2xl'] },
  },
});

export const eyebrow = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.14em',
  textTransform: 'uppercase',
  color: vars.color.goldBright,
});

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

export const skipLink = style({
  position: 'absolute',
  top: vars.space.sm,
  left: vars.space.sm,
  zIndex: 1000,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.gradient.gold,
  color: vars.color.onGold,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'none',
  transform: 'translateY(-200%)',
  selectors: {
    '&:focus-visible': { transform: 'translateY(0)' },
  },
});
