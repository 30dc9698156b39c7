import { style } from '@vanilla-extract/css';
import { sprinkles } from '@/styles/sprinkles.css.ts';

/** The form's fields in one fieldset, so a pending registration disables them all at once. */
export const fields = style([
  sprinkles({ display: 'grid', gap: 'lg', margin: 'none', padding: 'none' }),
  { border: 'none', minWidth: 0 },
]);

export const progress = sprinkles({ display: 'flex', alignItems: 'center', gap: 'sm', color: 'muted' });
