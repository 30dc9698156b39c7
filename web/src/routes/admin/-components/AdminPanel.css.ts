import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/breakpoints.ts';
import { vars } from '../../../styles/theme.css.ts';

/** The /admin screen: a side menu beside the sections on desktop, a folded menu above them on phones. */
export const layout = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  '@media': {
    [media.desktop]: { gridTemplateColumns: '232px minmax(0, 1fr)' },
  },
});

export const main = style({
  display: 'grid',
  gap: vars.space.xl,
  minWidth: 0,
});

export const menu = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.bgRaised,
  '@media': {
    [media.desktop]: { position: 'sticky', top: `calc(${vars.layout.headerHeight} + ${vars.space.lg})` },
  },
});

export const menuToggle = style({
  '@media': {
    [media.desktop]: { display: 'none' },
  },
});

export const menuGroups = style({
  display: 'grid',
  gap: vars.space.lg,
  selectors: {
    '&[data-state="closed"]': { display: 'none' },
  },
  '@media': {
    [media.tablet]: {
      gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    },
    [media.desktop]: {
      gridTemplateColumns: 'minmax(0, 1fr)',
      selectors: { '&[data-state="closed"]': { display: 'grid' } },
    },
  },
});

export const group = style({
  display: 'grid',
  gap: vars.space.xxs,
});

export const groupTitle = style({
  padding: `0 ${vars.space.md}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.12em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
});

export const menuList = style({
  display: 'grid',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const menuLink = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '40px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceHover },
    '&[aria-current="page"]': {
      backgroundColor: vars.tint.gold12,
      color: vars.color.goldBright,
      fontWeight: vars.fontWeight.semibold,
    },
  },
});

export const soon = style({
  marginLeft: 'auto',
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
});

export const filter = style({
  minWidth: '200px',
});

export const queueItem = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceSunken,
  selectors: {
    '&[data-overdue="true"]': {
      borderColor: vars.color.dangerBorder,
      backgroundColor: vars.color.dangerSurface,
    },
  },
});

export const mono = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  overflowWrap: 'anywhere',
});

export const settingsGrid = style({
  display: 'grid',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const settingRow = style({
  display: 'grid',
  gap: vars.space.md,
  alignItems: 'end',
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceSunken,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [media.tablet]: { gridTemplateColumns: '160px minmax(0, 1fr) minmax(0, 1fr) auto' },
  },
});

export const settingName = style({
  display: 'grid',
  gap: vars.space.xxs,
  alignSelf: 'center',
});

export const message = style({
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontSize: vars.fontSize.sm,
});

export const comingSoon = style({
  display: 'grid',
  justifyItems: 'start',
  gap: vars.space.md,
});

export const setAt = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});
