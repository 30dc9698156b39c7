import { keyframes, style } from '@vanilla-extract/css';
import { media } from '../styles/breakpoints.ts';
import { vars } from '../styles/theme.css.ts';

const appear = keyframes({
  from: { opacity: 0, transform: 'translateY(-6px)' },
  to: { opacity: 1, transform: 'translateY(0)' },
});

// ---------------------------------------------------------------------------------------------------
// Desktop: Radix NavigationMenu with four dropdowns and Pricing

export const desktopNav = style({
  display: 'none',
  '@media': {
    [media.desktop]: { display: 'block', marginLeft: vars.space.xl },
  },
});

export const navList = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const navItem = style({
  position: 'relative',
});

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '40px',
  padding: `0 ${vars.space.md}`,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  transition: `color ${vars.duration.fast}, background-color ${vars.duration.fast}`,
  selectors: {
    '&:hover, &[data-state="open"]': { color: vars.color.text, backgroundColor: vars.color.surfaceHover },
    '&[aria-current="page"]': { color: vars.color.goldBright },
  },
});

export const chevron = style({
  color: vars.color.textMuted,
  transition: `transform ${vars.duration.normal}`,
  selectors: {
    [`${trigger}[data-state="open"] &`]: { transform: 'rotate(180deg)' },
  },
});

export const content = style({
  position: 'absolute',
  top: `calc(100% + ${vars.space.sm})`,
  left: 0,
  zIndex: vars.zIndex.menu,
  width: 'max-content',
  minWidth: '300px',
  maxWidth: '360px',
  padding: vars.space.sm,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  boxShadow: `${vars.shadow.lg}, ${vars.shadow.insetHighlight}`,
  selectors: {
    '&[data-state="open"]': { animation: `${appear} ${vars.duration.normal} cubic-bezier(0.16, 1, 0.3, 1)` },
  },
});

export const menuLinks = style({
  display: 'grid',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const menuLink = style({
  display: 'grid',
  gap: vars.space.xxs,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&:hover, &:focus-visible': { backgroundColor: vars.color.surfaceHover },
    '&:focus-visible': { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
  },
});

export const menuLinkLabel = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  selectors: {
    [`${menuLink}:hover &`]: { color: vars.color.goldBright },
  },
});

export const menuLinkText = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

// ---------------------------------------------------------------------------------------------------
// Buttons on the right

/** Login moves into the folded menu on phones, where the bar has room for one button. */
export const loginButton = style({
  display: 'none',
  '@media': {
    [media.tablet]: { display: 'inline-flex' },
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
    [media.desktop]: { display: 'none' },
  },
});

// ---------------------------------------------------------------------------------------------------
// Phones and tablets: a folded panel under the bar

export const mobilePanel = style({
  position: 'absolute',
  top: '100%',
  left: 0,
  right: 0,
  maxHeight: `calc(100dvh - ${vars.layout.headerHeight})`,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  padding: `${vars.space.sm} ${vars.space.lg} ${vars.space.xl}`,
  borderBottom: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.bgRaised,
  boxShadow: vars.shadow.lg,
  animation: `${appear} ${vars.duration.normal} ease-out`,
  '@media': {
    [media.desktop]: { display: 'none' },
  },
});

export const accordionItem = style({
  borderBottom: `1px solid ${vars.color.border}`,
});

export const accordionHeader = style({
  margin: 0,
});

export const accordionTrigger = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  width: '100%',
  minHeight: '48px',
  padding: `0 ${vars.space.xs}`,
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
});

export const accordionChevron = style({
  color: vars.color.textMuted,
  transition: `transform ${vars.duration.normal}`,
  selectors: {
    [`${accordionTrigger}[data-state="open"] &`]: { transform: 'rotate(180deg)' },
  },
});

export const mobileLinks = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.xxs,
  margin: 0,
  padding: `0 0 ${vars.space.md}`,
  listStyle: 'none',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
});

export const mobileLink = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.text, backgroundColor: vars.color.surfaceHover },
    '&[aria-current="page"]': { color: vars.color.goldBright },
  },
});

export const mobileSingle = style([
  mobileLink,
  {
    minHeight: '48px',
    padding: `0 ${vars.space.xs}`,
    borderBottom: `1px solid ${vars.color.border}`,
    borderRadius: 0,
    color: vars.color.text,
    fontSize: vars.fontSize.md,
    fontWeight: vars.fontWeight.semibold,
  },
]);

export const mobileActions = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
  paddingTop: vars.space.lg,
});

export const actions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginLeft: 'auto',
  flexShrink: 0,
});
