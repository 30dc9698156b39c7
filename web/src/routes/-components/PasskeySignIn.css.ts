import { style } from '@vanilla-extract/css';
import { sprinkles } from '@/styles/sprinkles.css.ts';

export const or = style([sprinkles({ color: 'muted', fontSize: 'sm', textAlign: 'center' }), { margin: 0 }]);
