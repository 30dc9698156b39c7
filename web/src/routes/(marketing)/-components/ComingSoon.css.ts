import { style } from '@vanilla-extract/css';
import { centredStack, clipText } from '@/styles/patterns.css.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

export const wrap = style([
  sprinkles({ display: 'grid', placeItems: 'center' }),
  {
    minHeight: '60dvh',
    paddingBlock: vars.space['4xl'],
  },
]);

export const panel = style([
  centredStack,
  sprinkles({ gap: 'lg' }),
  {
    maxWidth: '560px',
  },
]);

export const icon = style([
  sprinkles({ display: 'inline-grid', placeItems: 'center', borderRadius: 'pill', color: 'gold' }),
  {
    width: '64px',
    height: '64px',
    border: `1px solid ${vars.tint.gold40}`,
    background: `radial-gradient(circle at 30% 30%, ${vars.tint.goldBright25}, ${vars.tint.surface90})`,
  },
]);

export const eyebrow = style([
  sprinkles({ fontSize: 'sm', fontWeight: 'semibold', textTransform: 'uppercase', color: 'gold' }),
  {
    letterSpacing: '0.14em',
  },
]);

export const title = style([
  sprinkles({ fontFamily: 'display', background: 'gold' }),
  {
    fontSize: 'clamp(2.25rem, 9vw, 3.5rem)',
    ...clipText,
  },
]);

export const text = sprinkles({ color: 'muted', fontSize: 'lg' });

export const actions = sprinkles({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 'md' });
