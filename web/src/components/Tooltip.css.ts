import { keyframes, style } from '@vanilla-extract/css';
import { sprinkles } from '../styles/sprinkles.css.ts';
import { vars } from '../styles/theme.css.ts';

const appear = keyframes({ from: { opacity: 0, transform: 'translateY(2px)' }, to: { opacity: 1 } });

export const content = style([
  sprinkles({ paddingY: 'xs', paddingX: 'sm' }),
  sprinkles({
    borderRadius: 'sm',
    border: 'strong',
    backgroundColor: 'surface',
    color: 'text',
    fontSize: 'xs',
    fontWeight: 'medium',
  }),
  {
    zIndex: vars.zIndex.toast,
    maxWidth: 'min(280px, calc(100vw - 16px))',
    boxShadow: vars.shadow.md,
    animation: `${appear} ${vars.duration.fast} ease-out`,
  },
]);

export const arrow = style({
  fill: vars.color.surface,
});
