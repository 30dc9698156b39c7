import { style } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { cluster, code, inline, shrinkStack, stack, tile } from '@/ui/layout/boxes.ts';

export const card = style([
  stack('lg'),
  tile('lg', 'strong'),
  sprinkles({ fontSize: 'sm' }),
  {
    gridTemplateColumns: 'minmax(0, 1fr)',
    justifyItems: 'start',
    '@media': {
      [media.tablet]: { gridTemplateColumns: 'auto minmax(0, 1fr)', alignItems: 'center' },
    },
  },
]);

/** The code keeps its own white quiet zone (qrcode draws it), so it scans on the dark theme. */
export const qr = style([
  sprinkles({ borderRadius: 'md' }),
  { width: '144px', height: '144px', display: 'block' },
]);

export const qrPlaceholder = style([
  sprinkles({ borderRadius: 'md', backgroundColor: 'surface' }),
  { width: '144px', height: '144px', border: `1px dashed ${vars.color.borderStrong}` },
]);

export const body = shrinkStack('sm');

export const row = cluster('sm', 'center');

export const address = style([code('xs'), sprinkles({ minWidth: '0' })]);

export const unavailable = style([
  inline('sm', 'flex-start'),
  sprinkles({ paddingY: 'md', paddingX: 'lg', borderRadius: 'md', fontSize: 'sm' }),
  { border: `1px solid ${vars.color.dangerBorder}`, backgroundColor: vars.color.dangerSurface },
]);

export const unavailableIcon = style([sprinkles({ flexShrink: '0', color: 'danger' }), { marginTop: '2px' }]);
