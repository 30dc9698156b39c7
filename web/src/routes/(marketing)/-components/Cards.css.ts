import { style, styleVariants } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { listReset } from '@/styles/patterns.css.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

export const tiers = style([
  listReset,
  sprinkles({ display: 'grid', gap: 'xl', gridTemplateColumns: 1 }),
  {
    '@media': {
      [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    },
  },
]);

export const tierCard = style([
  sprinkles({ display: 'grid', gap: 'lg', padding: 'xl' }),
  sprinkles({ borderRadius: 'xl', border: 'subtle', backgroundColor: 'raised' }),
  {
    alignContent: 'start',
    boxShadow: `${vars.shadow.md}, ${vars.shadow.insetHighlight}`,
  },
]);

export const tierAccent = styleVariants({
  gold: { borderTop: `3px solid ${vars.color.gold}` },
  ruby: { borderTop: `3px solid ${vars.color.ruby}` },
  black: { borderTop: `3px solid ${vars.tint.blackTier}` },
});

export const tierVisual = style({
  maxWidth: '320px',
  width: '100%',
  justifySelf: 'center',
});

export const tierHead = sprinkles({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: 'sm',
});

export const tierName = sprinkles({ fontFamily: 'display', fontSize: '2xl' });

export const tierStake = sprinkles({ fontSize: 'sm', color: 'gold', fontWeight: 'semibold' });

/** Scrolls sideways inside itself on phones, so the page never does. */
export const tableWrap = style([
  sprinkles({ borderRadius: 'xl', border: 'subtle', backgroundColor: 'raised' }),
  {
    overflowX: 'auto',
  },
]);

export const table = style([
  sprinkles({ width: '100%', fontSize: 'sm' }),
  {
    minWidth: '620px',
    borderCollapse: 'collapse',
  },
]);

export const th = style([
  sprinkles({ paddingY: 'md', paddingX: 'lg', textAlign: 'left', fontWeight: 'semibold' }),
  {
    verticalAlign: 'top',
    borderBottom: `1px solid ${vars.color.border}`,
  },
]);

export const colHead = style([
  th,
  {
    fontFamily: vars.font.display,
    fontSize: vars.fontSize.lg,
    backgroundColor: vars.color.surface,
  },
]);

export const rowHead = style([
  th,
  {
    color: vars.color.textMuted,
    fontWeight: vars.fontWeight.medium,
    width: '28%',
  },
]);

export const td = style([
  sprinkles({ paddingY: 'md', paddingX: 'lg' }),
  {
    verticalAlign: 'top',
    borderBottom: `1px solid ${vars.color.border}`,
  },
]);

export const steps = style([
  listReset,
  sprinkles({ display: 'grid', gap: 'lg', gridTemplateColumns: 1 }),
  {
    counterReset: 'step',
    '@media': {
      [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    },
  },
]);

export const stepNumber = style([
  sprinkles({ display: 'inline-grid', placeItems: 'center' }),
  sprinkles({ borderRadius: 'pill', background: 'gold', color: 'onGold', fontWeight: 'bold' }),
  {
    width: '40px',
    height: '40px',
  },
]);

export const flag = sprinkles({ display: 'inline-flex', alignItems: 'center', gap: 'xs' });
