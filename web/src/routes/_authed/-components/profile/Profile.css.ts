import { globalStyle, style } from '@vanilla-extract/css';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { cluster, code, shrinkStack, stack, tile } from '@/ui/layout/boxes.ts';

export const identity = cluster('lg', 'center');

export const avatar = style([
  sprinkles({ display: 'inline-grid', placeItems: 'center', flexShrink: '0', borderRadius: 'pill' }),
  sprinkles({ color: 'onGold', fontFamily: 'display', fontSize: '2xl', fontWeight: 'bold' }),
  { width: '72px', height: '72px', background: vars.gradient.gold },
]);

export const who = shrinkStack('xxs');

export const name = sprinkles({ fontFamily: 'display', fontSize: '2xl' });

export const quick = cluster('sm');

export const twoColumns = sprinkles({
  display: 'grid',
  gap: 'lg',
  gridTemplateColumns: { mobile: 1, tablet: 2 },
});

export const formActions = style([cluster('sm'), sprinkles({ justifyContent: 'flex-end' })]);

// A button's label may be wider than a phone's form ("Restablecer valores predeterminados"): it wraps
// inside the button rather than push the page sideways (issue 48, point 9).
globalStyle(`${formActions} > button, ${formActions} > a`, {
  maxWidth: '100%',
  whiteSpace: 'normal',
  textAlign: 'center',
  lineHeight: 1.25,
});

export const qrBlock = style([stack('md'), { justifyItems: 'start' }]);

export const qrImage = style([
  sprinkles({ borderRadius: 'md', padding: 'sm' }),
  { width: '200px', height: '200px', backgroundColor: vars.tint.white },
]);

export const uri = style([tile('md'), code('xs'), { maxWidth: '100%' }]);

export const switches = stack('lg');
