import { style } from '@vanilla-extract/css';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { markedList, stack } from '@/ui/layout/boxes.ts';

/** The dialog's notes and fields, one under another. */
export const form = stack('md');

/** What erasure removes and keeps: a short bulleted list under the dialog's description. */
export const facts = style([markedList('xs'), sprinkles({ fontSize: 'sm', color: 'muted' })]);

/** The refusal while the person still holds money: the API's sentence and the steps that come first. */
export const refusal = style([
  stack('sm'),
  sprinkles({ paddingY: 'md', paddingX: 'lg', borderRadius: 'md', fontSize: 'sm' }),
  { border: `1px solid ${vars.color.dangerBorder}`, backgroundColor: vars.color.dangerSurface },
]);

export const refusalTitle = sprinkles({ fontWeight: 'semibold', margin: 'none' });

export const blockers = markedList('xs');
