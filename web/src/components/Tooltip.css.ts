import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

const appear = keyframes({ from: { opacity: 0, transform: 'translateY(2px)' }, to: { opacity: 1 } });

export const content = style({
  zIndex: vars.zIndex.toast,
  maxWidth: 'min(280px, calc(100vw - 16px))',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  boxShadow: vars.shadow.md,
  color: vars.color.text,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  animation: `${appear} ${vars.duration.fast} ease-out`,
});

export const arrow = style({
  fill: vars.color.surface,
});
