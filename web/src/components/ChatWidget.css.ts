import { globalStyle, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { media } from '../styles/breakpoints.ts';
import { vars } from '../styles/theme.css.ts';

const edge = vars.space.lg;
const chatZ = '45';

const rise = keyframes({
  from: { opacity: 0, transform: 'translateY(12px) scale(0.98)' },
  to: { opacity: 1, transform: 'translateY(0) scale(1)' },
});

const bounce = keyframes({
  '0%, 80%, 100%': { transform: 'translateY(0)', opacity: 0.4 },
  '40%': { transform: 'translateY(-4px)', opacity: 1 },
});

export const launcher = style({
  position: 'fixed',
  right: edge,
  bottom: edge,
  zIndex: chatZ,
  display: 'inline-grid',
  placeItems: 'center',
  width: '56px',
  height: '56px',
  padding: 0,
  border: `1px solid ${vars.tint.white30}`,
  borderRadius: vars.radius.pill,
  background: vars.gradient.gold,
  color: vars.color.onGold,
  boxShadow: `${vars.shadow.lg}, ${vars.shadow.gold}`,
  cursor: 'pointer',
  transition: `transform ${vars.duration.fast}`,
  selectors: {
    '&:hover': { transform: 'translateY(-2px)' },
  },
});

export const panel = style({
  position: 'fixed',
  right: vars.space.md,
  left: vars.space.md,
  bottom: vars.space.md,
  zIndex: chatZ,
  display: 'flex',
  flexDirection: 'column',
  maxHeight: `calc(100dvh - ${vars.layout.headerHeight} - ${vars.space.xl})`,
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.bgRaised,
  boxShadow: `${vars.shadow.lg}, ${vars.shadow.insetHighlight}`,
  overflow: 'hidden',
  animation: `${rise} ${vars.duration.slow} cubic-bezier(0.16, 1, 0.3, 1)`,
  '@media': {
    [media.tablet]: { left: 'auto', right: edge, bottom: edge, width: '380px' },
  },
});

export const panelExpanded = style({
  height: '560px',
});

// The signed-in screens' phone tab bar sits at the bottom; the chat stays clear of it.
for (const selector of [launcher, panel]) {
  globalStyle(`body:has(nav[aria-label="Quick navigation"]) ${selector}`, {
    '@media': {
      'screen and (max-width: 767.98px)': {
        bottom: `calc(72px + env(safe-area-inset-bottom, 0px))`,
      },
    },
  });
}

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  background: `linear-gradient(120deg, ${vars.tint.gold14}, ${vars.tint.surface90})`,
});

export const avatar = style({
  position: 'relative',
  display: 'inline-grid',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  flexShrink: 0,
  borderRadius: vars.radius.pill,
  color: vars.tint.white,
  textShadow: `0 1px 1px ${vars.tint.black35}`,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.md,
  boxShadow: `inset 0 1px 0 ${vars.tint.white50}`,
});

export const avatarSmall = style({
  width: '28px',
  height: '28px',
  fontSize: vars.fontSize.xs,
});

export const onlineDot = style({
  position: 'absolute',
  right: '-1px',
  bottom: '-1px',
  width: '11px',
  height: '11px',
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.success,
  boxShadow: `0 0 0 2px ${vars.color.bgRaised}`,
});

export const who = style({
  display: 'grid',
  minWidth: 0,
  flex: 1,
});

export const agentName = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  margin: 0,
});

export const agentRole = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const headerButton = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '36px',
  height: '36px',
  flexShrink: 0,
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceHover, color: vars.color.text },
  },
});

export const log = style({
  flex: 1,
  minHeight: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
});

export const status = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  alignSelf: 'center',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.surface,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const row = styleVariants({
  user: { display: 'flex', justifyContent: 'flex-end' },
  assistant: { display: 'flex', alignItems: 'flex-end', gap: vars.space.sm },
});

const bubbleBase = style({
  display: 'grid',
  gap: vars.space.xxs,
  maxWidth: '82%',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.lg,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
});

export const bubble = styleVariants({
  user: [
    bubbleBase,
    {
      borderBottomRightRadius: vars.radius.sm,
      background: vars.gradient.gold,
      color: vars.color.onGold,
    },
  ],
  assistant: [
    bubbleBase,
    {
      borderBottomLeftRadius: vars.radius.sm,
      border: `1px solid ${vars.color.border}`,
      backgroundColor: vars.color.surface,
      color: vars.color.text,
    },
  ],
});

export const time = styleVariants({
  user: {
    fontSize: '0.6875rem',
    color: vars.color.onGold,
    justifySelf: 'end',
    fontWeight: vars.fontWeight.medium,
  },
  assistant: { fontSize: '0.6875rem', color: vars.color.textMuted },
});

export const dots = style({
  display: 'inline-flex',
  gap: '3px',
});

export const dot = style({
  width: '6px',
  height: '6px',
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.textMuted,
  animation: `${bounce} 1.2s infinite ease-in-out`,
  selectors: {
    '&:nth-child(2)': { animationDelay: '0.15s' },
    '&:nth-child(3)': { animationDelay: '0.3s' },
  },
});

export const form = style({
  display: 'flex',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.bg,
});

export const input = style({
  flex: 1,
  minWidth: 0,
  minHeight: '44px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surfaceSunken,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  '::placeholder': { color: vars.color.textSubtle },
  selectors: {
    '&:focus-visible': {
      outline: 'none',
      borderColor: vars.color.gold,
      boxShadow: `0 0 0 3px ${vars.tint.gold25}`,
    },
  },
});

export const send = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '44px',
  height: '44px',
  flexShrink: 0,
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.pill,
  background: vars.gradient.gold,
  color: vars.color.onGold,
  cursor: 'pointer',
  selectors: {
    '&:disabled': { cursor: 'not-allowed', opacity: 0.45 },
  },
});

export const note = style({
  padding: `0 ${vars.space.md} ${vars.space.sm}`,
  backgroundColor: vars.color.bg,
  fontSize: '0.6875rem',
  color: vars.color.textMuted,
  textAlign: 'center',
});
