import { style } from '@vanilla-extract/css';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { cluster, inline, mutedText, stack } from '@/ui/layout/boxes.ts';

export const strip = style([
  stack('md'),
  sprinkles({ minWidth: '0', padding: { mobile: 'xl', tablet: '2xl' } }),
  sprinkles({ borderRadius: 'xl', border: 'subtle', backgroundColor: 'raised' }),
  { boxShadow: `${vars.shadow.md}, ${vars.shadow.insetHighlight}` },
]);

export const label = style([inline('sm'), mutedText()]);

export const title = style([
  sprinkles({ fontSize: 'sm', fontWeight: 'medium', textTransform: 'uppercase' }),
  { letterSpacing: '0.04em' },
]);

export const figures = style([cluster('lg'), { alignItems: 'baseline' }]);

export const amount = style([
  sprinkles({ fontFamily: 'display', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' }),
  { fontSize: 'clamp(1.75rem, 7vw, 2.5rem)', lineHeight: 1.1, overflowWrap: 'anywhere' },
]);

export const unit = sprinkles({ fontFamily: 'body', fontSize: 'lg', fontWeight: 'semibold', color: 'muted' });

export const note = mutedText('xs');
