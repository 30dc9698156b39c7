import { style } from '@vanilla-extract/css';
import { fieldBox } from '@/styles/patterns.css.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

/** At the card's top end: small, out of the form's way, found before the form by a visitor who needs it. */
export const switcher = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'sm', fontSize: 'sm', color: 'muted' }),
  { justifySelf: 'end', marginBottom: `calc(-1 * ${vars.space.md})` },
]);

export const select = style([
  fieldBox,
  sprinkles({ paddingY: 'none', paddingX: 'md', fontSize: 'sm' }),
  { minHeight: '36px', cursor: 'pointer' },
]);
