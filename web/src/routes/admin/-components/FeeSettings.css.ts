import { style } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { settingRow } from './AdminPanel.css.ts';

/** A tier's fee row: the name, one field and its button (the price rows have two fields). */
export const feeRow = style([
  settingRow,
  { '@media': { [media.tablet]: { gridTemplateColumns: '160px minmax(0, 1fr) auto' } } },
]);
