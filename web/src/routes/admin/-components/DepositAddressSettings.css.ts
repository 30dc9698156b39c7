import { style } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { cluster, code, mutedText, plainList, stack, tile } from '@/ui/layout/boxes.ts';

export const list = plainList('md');

export const row = style([
  stack('md'),
  tile('lg'),
  {
    gridTemplateColumns: 'minmax(0, 1fr)',
    alignItems: 'end',
    '@media': {
      [media.tablet]: { gridTemplateColumns: '180px minmax(0, 1fr) auto' },
    },
  },
]);

export const name = style([stack('xxs'), { alignSelf: 'center' }]);

export const current = style([code('xs'), { overflowWrap: 'anywhere' }]);

export const meta = mutedText('xs');

export const actions = cluster('sm', 'center');
