import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

const appear = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px) scale(0.98)' },
  to: { opacity: 1, transform: 'translateY(0) scale(1)' },
});

export const trigger = style({
  position: 'relative',
  display: 'inline-grid',
  placeItems: 'center',
  width: '44px',
  height: '44px',
  padding: 0,
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
});

export const badge = style({
  position: 'absolute',
  top: '4px',
  right: '2px',
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '18px',
  height: '18px',
  padding: '0 4px',
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.ruby,
  border: `2px solid ${vars.color.bg}`,
  boxSizing: 'content-box',
  color: vars.tint.white,
  fontSize: '0.6875rem',
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
  fontVariantNumeric: 'tabular-nums',
});

export const content = style({
  zIndex: vars.zIndex.menu,
  display: 'grid',
  width: '360px',
  maxWidth: 'calc(100vw - 16px)',
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  boxShadow: `${vars.shadow.lg}, ${vars.shadow.insetHighlight}`,
  transformOrigin: 'var(--radix-popover-content-transform-origin)',
  selectors: {
    '&[data-state="open"]': { animation: `${appear} ${vars.duration.normal} cubic-bezier(0.16, 1, 0.3, 1)` },
  },
});

export const head = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const heading = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

/** docs/product-rules.md spec 9: the list area is 350 px high (less on a very short screen). */
export const list = style({
  height: '350px',
  maxHeight: 'calc(100dvh - 160px)',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  margin: 0,
  padding: vars.space.xs,
  listStyle: 'none',
});

export const empty = style({
  display: 'grid',
  placeItems: 'center',
  height: '100%',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const item = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
  width: '100%',
  padding: vars.space.md,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  textAlign: 'left',
  cursor: 'default',
  selectors: {
    '&[data-unread="true"]': {
      backgroundColor: vars.tint.gold08,
      boxShadow: `inset 3px 0 0 ${vars.color.gold}`,
      cursor: 'pointer',
    },
    '&[data-unread="true"]:hover': { backgroundColor: vars.tint.gold14 },
  },
});

export const itemIcon = style({
  display: 'inline-grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '32px',
  height: '32px',
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.surfaceHover,
  color: vars.color.goldBright,
});

export const itemBody = style({
  display: 'grid',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const itemTitle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const unreadDot = style({
  width: '8px',
  height: '8px',
  flexShrink: 0,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.goldBright,
});

export const itemMessage = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const itemTime = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textSubtle,
});
