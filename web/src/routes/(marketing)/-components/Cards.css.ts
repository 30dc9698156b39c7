import { style, styleVariants } from '@vanilla-extract/css';
import { media } from '../../../styles/breakpoints.ts';
import { vars } from '../../../styles/theme.css.ts';

export const tiers = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: 'minmax(0, 1fr)',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

export const tierCard = style({
  display: 'grid',
  alignContent: 'start',
  gap: vars.space.lg,
  padding: vars.space.xl,
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.bgRaised,
  boxShadow: `${vars.shadow.md}, ${vars.shadow.insetHighlight}`,
});

export const tierAccent = styleVariants({
  gold: { borderTop: `3px solid ${vars.color.gold}` },
  ruby: { borderTop: `3px solid ${vars.color.ruby}` },
  black: { borderTop: `3px solid ${vars.tint.blackTier}` },
});

export const tierVisual = style({
  maxWidth: '320px',
  width: '100%',
  justifySelf: 'center',
});

export const tierHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const tierName = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['2xl'],
});

export const tierStake = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.goldBright,
  fontWeight: vars.fontWeight.semibold,
});

/** Scrolls sideways inside itself on phones, so the page never does. */
export const tableWrap = style({
  overflowX: 'auto',
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.bgRaised,
});

export const table = style({
  width: '100%',
  minWidth: '620px',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
});

export const th = style({
  padding: `${vars.space.md} ${vars.space.lg}`,
  textAlign: 'left',
  verticalAlign: 'top',
  borderBottom: `1px solid ${vars.color.border}`,
  fontWeight: vars.fontWeight.semibold,
});

export const colHead = style([
  th,
  {
    fontFamily: vars.font.display,
    fontSize: vars.fontSize.lg,
    backgroundColor: vars.color.surface,
  },
]);

export const rowHead = style([
  th,
  {
    color: vars.color.textMuted,
    fontWeight: vars.fontWeight.medium,
    width: '28%',
  },
]);

export const td = style({
  padding: `${vars.space.md} ${vars.space.lg}`,
  verticalAlign: 'top',
  borderBottom: `1px solid ${vars.color.border}`,
});

export const steps = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  counterReset: 'step',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

export const stepNumber = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.pill,
  background: vars.gradient.gold,
  color: vars.color.onGold,
  fontWeight: vars.fontWeight.bold,
});

export const flag = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
});
