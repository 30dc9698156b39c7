import { style } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { cluster, markedList, mutedText, shrinkStack, spread, stack, tile } from '@/ui/layout/boxes.ts';

export { definition, details, term } from '@/ui/panel/Panel.css.ts';

export const body = style([
  stack('xl'),
  {
    alignItems: 'start',
    // Side by side when the panel spans the page (tablet); stacked in the desktop grid's narrower column.
    '@media': {
      [media.tablet]: { gridTemplateColumns: 'minmax(0, 355px) minmax(0, 1fr)' },
      [media.desktop]: { gridTemplateColumns: 'minmax(0, 1fr)' },
    },
  },
]);

/** docs/product-rules.md spec 9: the card is drawn at 355 × 220 px, and scales down with the column on phones. */
export const visual = style({
  position: 'relative',
  width: '100%',
  maxWidth: '355px',
});

export const dimmed = style({
  filter: 'grayscale(0.85) brightness(0.75)',
});

/** A pill across the middle of a frozen card. */
export const frozenTag = style([
  sprinkles({ position: 'absolute', display: 'inline-flex', alignItems: 'center', gap: 'xs' }),
  sprinkles({ paddingY: 'xs', paddingX: 'md', borderRadius: 'pill', border: 'strong' }),
  sprinkles({ color: 'text', fontSize: 'sm', fontWeight: 'semibold' }),
  {
    top: '50%',
    left: '50%',
    transform: 'translate(-50%, -50%)',
    backgroundColor: vars.tint.bg85,
  },
]);

export const status = shrinkStack('sm');

export const statusLabel = sprinkles({ fontSize: 'lg', fontWeight: 'semibold' });

export const actions = cluster('sm');

export const upgrade = style([stack('sm'), tile('lg'), sprinkles({ fontSize: 'sm' })]);

export const upgradeHead = spread('sm', 'baseline');

/** "Upgrade card" under the upgrade path: what the balance reaches, and the button. */
export const offer = style([
  stack('sm'),
  sprinkles({ paddingTop: 'sm' }),
  { borderTop: `1px solid ${vars.color.border}` },
]);

export const progress = style([
  sprinkles({ position: 'relative', borderRadius: 'pill' }),
  { overflow: 'hidden', height: '8px', backgroundColor: vars.color.surfaceHover },
]);

export const progressIndicator = style({
  height: '100%',
  width: '100%',
  background: vars.gradient.gold,
  transition: `transform ${vars.duration.slow}`,
});

export const figures = sprinkles({ color: 'muted', fontVariantNumeric: 'tabular-nums' });

export const benefits = style([markedList('xs'), mutedText()]);

export const pinRow = sprinkles({ display: 'grid', gap: 'md', gridTemplateColumns: 2 });

export const section = style([
  stack('md'),
  sprinkles({ paddingTop: 'lg' }),
  { borderTop: `1px solid ${vars.color.border}` },
]);

export const sectionTitle = sprinkles({ fontSize: 'md', fontWeight: 'semibold' });
