import { style } from '@vanilla-extract/css';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { spread, stack, tile } from '@/ui/layout/boxes.ts';

export const passkeyList = style([
  stack('sm'),
  sprinkles({ padding: 'none', margin: 'none' }),
  { listStyle: 'none' },
]);

export const passkeyItem = style([tile('md'), stack('md')]);

/** Name and dates beside the actions; the actions wrap under them on a narrow screen. */
export const passkeyHead = style([spread('md'), { flexWrap: 'wrap' }]);
