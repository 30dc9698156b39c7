import { style } from '@vanilla-extract/css';
import { media } from '../styles/breakpoints.ts';
import { vars } from '../styles/theme.css.ts';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.header,
  borderBottom: `1px solid ${vars.color.border}`,
  backgroundColor: vars.tint.bg82,
  backdropFilter: 'saturate(140%) blur(14px)',
  WebkitBackdropFilter: 'saturate(140%) blur(14px)',
});

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.layout.headerHeight,
});

export const actions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  marginLeft: 'auto',
  flexShrink: 0,
  '@media': {
    [media.tablet]: { gap: vars.space.sm },
  },
});

/** Below tablet width the links fold into a panel under the bar, opened by the menu button. */
export const nav = style({
  display: 'none',
  position: 'absolute',
  top: '100%',
  left: 0,
  right: 0,
  padding: `${vars.space.sm} ${vars.space.lg} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.bgRaised,
  boxShadow: vars.shadow.md,
  selectors: {
    '&[data-open="true"]': { display: 'block' },
  },
  '@media': {
    [media.tablet]: {
      display: 'block',
      position: 'static',
      padding: 0,
      border: 'none',
      background: 'none',
      boxShadow: 'none',
      marginLeft: vars.space.xl,
    },
  },
});

export const navList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [media.tablet]: { flexDirection: 'row', alignItems: 'center', gap: vars.space.xs },
  },
});

export const navLink = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  transition: `color ${vars.duration.fast}, background-color ${vars.duration.fast}`,
  selectors: {
    '&:hover': { color: vars.color.text, backgroundColor: vars.color.surfaceHover },
    '&[aria-current="page"]': { color: vars.color.goldBright },
  },
  '@media': {
    [media.tablet]: { minHeight: '36px' },
  },
});

export const menuToggle = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '44px',
  height: '44px',
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceHover },
    '&[aria-expanded="true"]': { borderColor: vars.color.gold },
  },
  '@media': {
    [media.tablet]: { display: 'none' },
  },
});

export const avatarPlaceholder = style({
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});

export const iconPlaceholder = style({
  width: '44px',
  height: '44px',
});
