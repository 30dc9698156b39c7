import { keyframes, style } from '@vanilla-extract/css';
import { media } from '../../../../styles/breakpoints.ts';
import { vars } from '../../../../styles/theme.css.ts';

const appear = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px) scale(0.98)' },
  to: { opacity: 1, transform: 'translateY(0) scale(1)' },
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.lg,
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

export const filterCount = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '20px',
  height: '20px',
  padding: '0 5px',
  borderRadius: vars.radius.pill,
  background: vars.gradient.gold,
  color: vars.color.onGold,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
});

export const popover = style({
  zIndex: vars.zIndex.menu,
  width: '340px',
  maxWidth: 'calc(100vw - 16px)',
  maxHeight: 'var(--radix-popover-content-available-height)',
  overflowY: 'auto',
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  boxShadow: `${vars.shadow.lg}, ${vars.shadow.insetHighlight}`,
  selectors: {
    '&[data-state="open"]': { animation: `${appear} ${vars.duration.normal} cubic-bezier(0.16, 1, 0.3, 1)` },
  },
});

export const popoverTitle = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

export const dates = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
});

export const popoverActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});

export const active = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '28px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.xs,
});

export const more = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingTop: vars.space.md,
  '@media': {
    [media.tablet]: { paddingTop: vars.space.lg },
  },
});

export const count = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});
