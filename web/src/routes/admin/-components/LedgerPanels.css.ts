import { style } from '@vanilla-extract/css';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { code, inline, stack } from '@/ui/layout/boxes.ts';

/** The ledger's mismatch alert above the admin screens, and the digests panel of the audit screen. */

export const alert = style([
  stack('xs'),
  sprinkles({ paddingY: 'md', paddingX: 'lg', borderRadius: 'md', fontSize: 'sm' }),
  { border: `1px solid ${vars.color.dangerBorder}`, backgroundColor: vars.color.dangerSurface },
]);

export const alertTitle = style([
  inline('sm'),
  sprinkles({ margin: 'none', fontWeight: 'semibold', color: 'danger' }),
]);

export const alertText = style({ margin: 0, overflowWrap: 'anywhere' });

export const mono = code('xs');

export const hash = style([code('xs'), { maxWidth: '24ch' }]);
