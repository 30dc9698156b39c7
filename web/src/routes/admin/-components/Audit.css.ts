import { style } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { cluster, plainList, shrinkStack, spread, stack, tile, wideTile } from '@/ui/layout/boxes.ts';

/** The audit screen (a user's streams and a stream's hash-chained events) and the projections table. */

export const results = plainList('sm');

export const result = style([spread('sm'), wideTile('sm', 'md'), sprinkles({ minWidth: '0' })]);

export const streams = style([plainList('sm'), sprinkles({ gridTemplateColumns: { mobile: 1, tablet: 2 } })]);

export const streamLink = style([
  shrinkStack('xxs'),
  wideTile('sm', 'md'),
  sprinkles({ color: 'text' }),
  {
    minHeight: '44px',
    textDecoration: 'none',
    selectors: {
      '&:hover': { backgroundColor: vars.color.surfaceHover },
      '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
      '&[aria-current="page"]': {
        borderColor: vars.tint.gold50,
        backgroundColor: vars.tint.gold12,
      },
    },
  },
]);

export const streamLabel = sprinkles({ fontSize: 'sm', fontWeight: 'semibold' });

export const summary = style([cluster('sm', 'center'), sprinkles({ fontSize: 'sm' })]);

export const pager = spread('sm');

export const pagerButtons = sprinkles({ display: 'flex', gap: 'sm' });

export const events = style([
  plainList('md'),
  {
    selectors: {
      '&[aria-busy="true"]': { opacity: 0.6 },
    },
  },
]);

/** An event of the chain, tinted red where its hash does not follow from the previous one. */
export const event = style([
  shrinkStack('md'),
  tile('lg'),
  {
    selectors: {
      '&[data-broken="true"]': {
        borderColor: vars.color.dangerBorder,
        backgroundColor: vars.color.dangerSurface,
      },
    },
  },
]);

export const eventHead = cluster('sm', 'center');

export const revision = sprinkles({ fontFamily: 'mono', fontSize: 'sm', color: 'muted' });

export const eventType = sprinkles({ fontWeight: 'semibold', overflowWrap: 'anywhere' });

export const badges = style([cluster('xs'), { marginLeft: 'auto' }]);

export const data = style([stack('sm'), { justifyItems: 'start' }]);

export const chevron = style({
  transition: 'transform 150ms ease',
  selectors: {
    '[data-state="open"] > &': { transform: 'rotate(180deg)' },
  },
  '@media': {
    [media.reducedMotion]: { transition: 'none' },
  },
});

/** The scroll container of an event's data; the `pre` inside keeps the JSON's indentation. */
export const json = style([
  sprinkles({ padding: 'md', borderRadius: 'md', border: 'subtle' }),
  {
    justifySelf: 'stretch',
    maxHeight: '360px',
    overflow: 'auto',
    backgroundColor: vars.color.bg,
    selectors: {
      '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    },
  },
]);

export const jsonText = style([
  sprinkles({ margin: 'none', fontFamily: 'mono', fontSize: 'xs', lineHeight: 'normal' }),
  { whiteSpace: 'pre' },
]);

/** A projection row's cells, tinted when the row is lagging (gold) or failing (red). */
export const attentionCell = style({
  selectors: {
    '[data-attention="lag"] > &': { backgroundColor: vars.tint.gold08 },
    '[data-attention="error"] > &': { backgroundColor: vars.color.dangerSurface },
  },
});

export const errorCell = style([
  stack('xxs'),
  sprinkles({ overflowWrap: 'anywhere' }),
  { minWidth: '220px', maxWidth: '420px' },
]);

export const errorText = sprinkles({ color: 'danger' });

export const rowHeader = sprinkles({ textAlign: 'left', whiteSpace: 'nowrap' });
