import { globalStyle, style } from '@vanilla-extract/css';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { cluster, mutedText, spread, stack } from '@/ui/layout/boxes.ts';

export const header = spread('lg', 'flex-end');
export const actions = cluster('sm');

export const amount = style([
  sprinkles({ fontFamily: 'display', fontSize: { mobile: '2xl', tablet: '3xl' } }),
  { overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' },
]);

export const failed = style({ textDecoration: 'line-through', color: vars.color.textMuted });

export const timeline = style([stack('sm'), { listStyle: 'none', margin: 0, padding: 0 }]);

export const step = style([
  sprinkles({ display: 'grid', gap: 'sm' }),
  { gridTemplateColumns: '12px minmax(0, 1fr)', alignItems: 'baseline' },
]);

export const dot = style({
  width: '10px',
  height: '10px',
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.gold,
});

export const stepTime = mutedText('xs');

export const mono = style({ fontFamily: vars.font.mono, overflowWrap: 'anywhere' });

/**
 * The printed receipt: the navigation (header, tab bar, footer) and the buttons go, the page turns
 * black on white so it prints legibly and without the dark theme's ink.
 */
globalStyle('header, nav, footer, [data-print="hide"]', {
  '@media': { print: { display: 'none !important' } },
});
globalStyle('html, body, #app', {
  '@media': { print: { background: 'white !important', color: 'black !important' } },
});
export const printable = style({
  '@media': {
    print: {
      color: 'black',
      background: 'white',
      boxShadow: 'none',
      border: '1px solid #999',
    },
  },
});
globalStyle(`${printable} *`, {
  '@media': { print: { color: 'black !important', background: 'transparent !important' } },
});
