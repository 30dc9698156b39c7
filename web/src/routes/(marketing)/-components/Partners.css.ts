import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/breakpoints.ts';
import { vars } from '../../../styles/theme.css.ts';

export const grid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'minmax(0, 1fr)',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space.lg },
    [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

export const card = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  alignItems: 'start',
  gap: vars.space.md,
  height: '100%',
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.bgRaised,
  boxShadow: vars.shadow.insetHighlight,
  transition: `border-color ${vars.duration.normal}`,
  selectors: {
    '&:hover': { borderColor: vars.tint.gold40 },
  },
});

export const body = style({
  display: 'grid',
  gap: vars.space.xs,
  minWidth: 0,
});

export const name = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

export const category = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  letterSpacing: '0.04em',
});

export const discount = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.goldBright,
});

export const toolbar = style({
  display: 'grid',
  gap: vars.space.lg,
  marginBottom: vars.space.xl,
});

export const searchWrap = style({
  position: 'relative',
  maxWidth: '480px',
});

export const searchIcon = style({
  position: 'absolute',
  top: '50%',
  left: vars.space.lg,
  transform: 'translateY(-50%)',
  color: vars.color.textMuted,
  pointerEvents: 'none',
});

export const searchInput = style({
  width: '100%',
  minHeight: '48px',
  padding: `0 ${vars.space.lg} 0 calc(${vars.space.lg} + 28px)`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surfaceSunken,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  '::placeholder': { color: vars.color.textSubtle },
  selectors: {
    '&:focus-visible': {
      outline: 'none',
      borderColor: vars.color.gold,
      boxShadow: `0 0 0 3px ${vars.tint.gold25}`,
    },
  },
});

export const tabList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

export const tab = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '40px',
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text, borderColor: vars.color.borderStrong },
    '&[data-state="active"]': {
      background: vars.gradient.gold,
      borderColor: vars.color.gold,
      color: vars.color.onGold,
    },
  },
});

export const tabCount = style({
  fontSize: vars.fontSize.xs,
  opacity: 0.8,
});

export const empty = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space['3xl']} ${vars.space.lg}`,
  borderRadius: vars.radius.xl,
  border: `1px dashed ${vars.color.borderStrong}`,
  textAlign: 'center',
  color: vars.color.textMuted,
});

export const emptyTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const resultCount = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const categoryHeading = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const pair = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const tabsRoot = style({
  display: 'grid',
  gap: vars.space.lg,
  paddingBottom: vars.space['3xl'],
});

export const tabPanel = style({
  display: 'grid',
  gap: vars.space.lg,
  outline: 'none',
  selectors: {
    '&:focus-visible': { boxShadow: `0 0 0 2px ${vars.color.focus}`, borderRadius: vars.radius.md },
  },
});
