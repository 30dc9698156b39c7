import { style } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { clipText } from '@/styles/patterns.css.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

export const logo = style([
  sprinkles({ display: 'inline-flex', alignItems: 'center', gap: 'sm', flexShrink: '0' }),
  sprinkles({ color: 'text', textDecoration: 'none', borderRadius: 'sm' }),
]);

export const mark = style({
  width: '28px',
  height: '28px',
  flexShrink: 0,
  '@media': {
    [media.tablet]: { width: '30px', height: '30px' },
  },
});

export const wordmark = style([
  sprinkles({ fontFamily: 'display', fontSize: 'md', fontWeight: 'bold', whiteSpace: 'nowrap' }),
  {
    letterSpacing: '0.02em',
    '@media': {
      [media.tablet]: { fontSize: vars.fontSize.lg },
    },
  },
]);

export const accent = style({ background: vars.gradient.gold, ...clipText });
