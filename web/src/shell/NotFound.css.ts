import { style } from '@vanilla-extract/css';
import { centredStack, clipText } from '@/styles/patterns.css.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

export const wrap = style([
  sprinkles({ display: 'grid', placeItems: 'center' }),
  {
    flex: 1,
    paddingBlock: vars.space['3xl'],
  },
]);

export const panel = style([
  centredStack,
  sprinkles({ gap: 'lg' }),
  {
    maxWidth: '520px',
  },
]);

export const code = style([
  sprinkles({ display: 'block', fontFamily: 'display', fontWeight: 'bold', background: 'gold' }),
  {
    fontSize: 'clamp(4rem, 20vw, 7rem)',
    lineHeight: 1,
    ...clipText,
  },
]);

export const title = sprinkles({ display: 'grid', justifyItems: 'center', gap: 'sm', fontSize: '2xl' });

export const titleText = sprinkles({ display: 'block' });

export const text = sprinkles({ color: 'muted' });
