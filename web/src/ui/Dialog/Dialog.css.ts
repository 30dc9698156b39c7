import { keyframes, style } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { iconButton } from '@/styles/patterns.css.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

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

export const content = style([
  sprinkles({ position: 'fixed', display: 'grid', gap: 'lg', padding: 'xl' }),
  sprinkles({ borderRadius: 'xl', border: 'strong', backgroundColor: 'raised' }),
  {
    top: '50%',
    left: '50%',
    zIndex: vars.zIndex.menu,
    transform: 'translate(-50%, -50%)',
    width: 'calc(100vw - 24px)',
    maxWidth: '480px',
    maxHeight: 'calc(100dvh - 24px)',
    overflowY: 'auto',
    boxShadow: `${vars.shadow.lg}, ${vars.shadow.insetHighlight}`,
    selectors: {
      '&[data-state="open"]': { animation: `${rise} ${vars.duration.slow} cubic-bezier(0.16, 1, 0.3, 1)` },
    },
    '@media': {
      [media.tablet]: { padding: vars.space['2xl'] },
    },
  },
]);

export const header = sprinkles({ display: 'grid', gap: 'xs', paddingRight: '2xl' });

export const title = sprinkles({ fontFamily: 'display', fontSize: 'xl', lineHeight: 'tight' });

export const description = sprinkles({ color: 'muted', fontSize: 'sm' });

export const close = style([
  iconButton({ tone: 'quiet' }),
  sprinkles({ position: 'absolute' }),
  {
    top: vars.space.md,
    right: vars.space.md,
    width: '40px',
    height: '40px',
  },
]);

export const actions = style([
  sprinkles({ display: 'flex', justifyContent: 'flex-end', gap: 'sm' }),
  {
    flexWrap: 'wrap-reverse',
  },
]);
