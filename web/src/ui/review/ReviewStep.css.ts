import { style } from '@vanilla-extract/css';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { stack } from '../layout/boxes.ts';

/** The review of a money command: a titled summary, then Edit and Confirm side by side. */
export const review = stack('lg');

export const title = style([sprinkles({ fontSize: 'lg', margin: 'none' }), { outline: 'none' }]);

export const summary = style([
  stack('sm'),
  sprinkles({ paddingY: 'md', paddingX: 'lg', borderRadius: 'md', border: 'subtle' }),
  { backgroundColor: vars.color.surface },
]);

/** Edit and Confirm: two equal columns, narrow enough for a 360 px phone. */
export const actions = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.md,
});
