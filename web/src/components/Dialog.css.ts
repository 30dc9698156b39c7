import { keyframes, style } from '@vanilla-extract/css';
import { media } from '../styles/breakpoints.ts';
import { vars } from '../styles/theme.css.ts';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const rise = keyframes({
  from: { opacity: 0, transform: 'translate(-50%, calc(-50% + 8px)) scale(0.98)' },
  to: { opacity: 1, transform: 'translate(-50%, -50%) scale(1)' },
});

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.menu,
  backgroundColor: vars.color.overlay,
  backdropFilter: 'blur(4px)',
  WebkitBackdropFilter: 'blur(4px)',
  selectors: {
    '&[data-state="open"]': { animation: `${fadeIn} ${vars.duration.normal} ease-out` },
  },
});

export const content = style({
  position: 'fixed',
  top: '50%',
  left: '50%',
  zIndex: vars.zIndex.menu,
  transform: 'translate(-50%, -50%)',
  display: 'grid',
  gap: vars.space.lg,
  width: 'calc(100vw - 24px)',
  maxWidth: '480px',
  maxHeight: 'calc(100dvh - 24px)',
  overflowY: 'auto',
  padding: vars.space.xl,
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.bgRaised,
  boxShadow: `${vars.shadow.lg}, ${vars.shadow.insetHighlight}`,
  selectors: {
    '&[data-state="open"]': { animation: `${rise} ${vars.duration.slow} cubic-bezier(0.16, 1, 0.3, 1)` },
  },
  '@media': {
    [media.tablet]: { padding: vars.space['2xl'] },
  },
});

export const header = style({
  display: 'grid',
  gap: vars.space.xs,
  paddingRight: vars.space['2xl'],
});

export const title = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize.xl,
  lineHeight: vars.lineHeight.tight,
});

export const description = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const close = style({
  position: 'absolute',
  top: vars.space.md,
  right: vars.space.md,
  display: 'inline-grid',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  ':hover': { backgroundColor: vars.color.surfaceHover, color: vars.color.text },
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap-reverse',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});
