import { style, styleVariants } from '@vanilla-extract/css';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { figure, mutedText, plainList, shrinkStack, stack } from '@/ui/layout/boxes.ts';

export const list = plainList();

export const row = style([
  sprinkles({ display: 'grid', alignItems: 'center', gap: 'md', paddingY: 'md' }),
  {
    gridTemplateColumns: 'auto minmax(0, 1fr) auto',
    position: 'relative',
    selectors: {
      '& + &': { borderTop: `1px solid ${vars.color.border}` },
    },
  },
]);

const iconBase = style([
  sprinkles({ display: 'inline-grid', placeItems: 'center', borderRadius: 'pill', flexShrink: '0' }),
  { width: '40px', height: '40px' },
]);

export const icon = styleVariants({
  sent: [iconBase, { backgroundColor: vars.color.dangerSurface, color: vars.color.danger }],
  received: [iconBase, { backgroundColor: vars.color.successSurface, color: vars.color.success }],
});

export const main = shrinkStack('xxs');

export const title = style([
  sprinkles({ fontSize: 'sm', fontWeight: 'semibold', whiteSpace: 'nowrap' }),
  { overflow: 'hidden', textOverflow: 'ellipsis' },
]);

export const meta = style([
  sprinkles({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', minWidth: '0' }),
  mutedText('xs'),
  { columnGap: vars.space.sm, rowGap: vars.space.xxs },
]);

export const description = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  maxWidth: '100%',
});

// Above the row's link (whose overlay covers the row), so its figures stay selectable text.
export const side = style([
  stack('xxs'),
  sprinkles({ textAlign: 'right' }),
  { justifyItems: 'end', position: 'relative', zIndex: 1 },
]);

const amountBase = style([
  figure(),
  sprinkles({ fontSize: { mobile: 'sm', tablet: 'md' }, whiteSpace: 'nowrap' }),
]);

export const amount = styleVariants({
  sent: [amountBase, { color: vars.color.danger }],
  received: [amountBase, { color: vars.color.success }],
});

/**
 * A pending deposit says so in words instead of a figure: they wrap, within a part of a phone's width, so
 * that a longer language (German's "Betrag ausstehend") leaves the title and the date their room.
 */
export const pendingAmount = style({ whiteSpace: 'normal', maxInlineSize: '38vw' });

export const balance = style([
  mutedText('xs'),
  sprinkles({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }),
]);

/** The title's link covers the whole row (the row opens the receipt), focus ring included. */
export const rowLink = style({
  color: 'inherit',
  textDecoration: 'none',
  selectors: {
    '&::after': { content: '""', position: 'absolute', inset: 0 },
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: 'none' },
    '&:focus-visible::after': {
      outline: `2px solid ${vars.color.focus}`,
      outlineOffset: '2px',
      borderRadius: vars.radius.md,
    },
  },
});

/** A failed movement: its amount did not take effect. */
export const failedAmount = style([
  amountBase,
  { color: vars.color.textMuted, textDecoration: 'line-through' },
]);
