import { keyframes, style } from '@vanilla-extract/css';
import { media } from '../styles/breakpoints.ts';
import { vars } from '../styles/theme.css.ts';

const appear = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px) scale(0.98)' },
  to: { opacity: 1, transform: 'translateY(0) scale(1)' },
});

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  padding: `0 ${vars.space.xs}`,
  border: '1px solid transparent',
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  transition: `background-color ${vars.duration.fast}, border-color ${vars.duration.fast}`,
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceHover },
    '&[data-state="open"]': { borderColor: vars.color.border, backgroundColor: vars.color.surface },
  },
  '@media': {
    [media.desktop]: { paddingRight: vars.space.md },
  },
});

export const avatar = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '36px',
  height: '36px',
  flexShrink: 0,
  borderRadius: vars.radius.pill,
  background: vars.gradient.gold,
  color: vars.color.onGold,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.02em',
});

/** The name stays in the button's accessible name on small screens, but only shows from desktop width. */
export const triggerName = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  '@media': {
    [media.desktop]: {
      position: 'static',
      width: 'auto',
      height: 'auto',
      overflow: 'hidden',
      clip: 'auto',
      maxWidth: '140px',
      textOverflow: 'ellipsis',
      fontSize: vars.fontSize.sm,
      fontWeight: vars.fontWeight.medium,
    },
  },
});

export const chevron = style({
  display: 'none',
  color: vars.color.textMuted,
  transition: `transform ${vars.duration.normal}`,
  selectors: {
    [`${trigger}[data-state="open"] &`]: { transform: 'rotate(180deg)' },
  },
  '@media': {
    [media.desktop]: { display: 'block' },
  },
});

export const content = style({
  zIndex: vars.zIndex.menu,
  minWidth: '232px',
  maxWidth: 'calc(100vw - 16px)',
  padding: vars.space.xs,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  boxShadow: `${vars.shadow.lg}, ${vars.shadow.insetHighlight}`,
  transformOrigin: 'var(--radix-dropdown-menu-content-transform-origin)',
  selectors: {
    '&[data-state="open"]': { animation: `${appear} ${vars.duration.normal} cubic-bezier(0.16, 1, 0.3, 1)` },
  },
});

export const label = style({
  display: 'grid',
  gap: vars.space.xxs,
  padding: `${vars.space.sm} ${vars.space.md}`,
});

export const labelName = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

export const labelEmail = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const separator = style({
  height: '1px',
  margin: `${vars.space.xs} 0`,
  backgroundColor: vars.color.border,
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '40px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
  cursor: 'pointer',
  outline: 'none',
  userSelect: 'none',
  selectors: {
    '&[data-highlighted]': { backgroundColor: vars.color.surfaceHover, color: vars.color.goldBright },
    '&[data-disabled]': { opacity: 0.5, pointerEvents: 'none' },
  },
});

export const itemDanger = style({
  selectors: {
    '&[data-highlighted]': { backgroundColor: vars.color.dangerSurface, color: vars.color.danger },
  },
});

export const itemIcon = style({
  flexShrink: 0,
  color: vars.color.textMuted,
  selectors: {
    [`${item}[data-highlighted] &`]: { color: 'inherit' },
  },
});
