import { style, styleVariants } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

export const wrap = style({
  flex: 1,
  display: 'grid',
  placeItems: 'start center',
  paddingBlock: vars.space['2xl'],
  '@media': {
    [media.tablet]: { placeItems: 'center', paddingBlock: vars.space['3xl'] },
  },
});

const panelBase = style([
  sprinkles({
    position: 'relative',
    width: '100%',
    display: 'grid',
    gap: 'xl',
    paddingY: '2xl',
    paddingX: 'xl',
  }),
  sprinkles({ borderRadius: 'xl', border: 'subtle', backgroundColor: 'raised' }),
  {
    boxShadow: `${vars.shadow.lg}, ${vars.shadow.insetHighlight}`,
    '::before': {
      content: '""',
      position: 'absolute',
      insetInline: '24px',
      top: '-1px',
      height: '1px',
      background: `linear-gradient(90deg, transparent, ${vars.tint.goldBright70}, transparent)`,
    },
    '@media': {
      [media.tablet]: { padding: `${vars.space['3xl']} ${vars.space['3xl']}` },
    },
  },
]);

export const panel = styleVariants({
  narrow: [panelBase, { maxWidth: '460px' }],
  wide: [panelBase, { maxWidth: '600px' }],
});

export const heading = sprinkles({ display: 'grid', gap: 'sm', textAlign: 'center' });

export const title = style([
  sprinkles({ fontFamily: 'display', fontSize: '2xl' }),
  {
    '@media': {
      [media.tablet]: { fontSize: vars.fontSize['3xl'] },
    },
  },
]);

export const subtitle = sprinkles({ color: 'muted', fontSize: 'sm' });

export const form = sprinkles({ display: 'grid', gap: 'lg' });

export const row = style([
  sprinkles({ display: 'grid', gap: 'lg', gridTemplateColumns: 1 }),
  {
    '@media': {
      [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    },
  },
]);

export const inline = sprinkles({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 'md',
});

export const footer = style([
  sprinkles({ display: 'grid', justifyItems: 'center', gap: 'md' }),
  sprinkles({ fontSize: 'sm', color: 'muted', textAlign: 'center' }),
]);

export const notice = style([
  sprinkles({ paddingY: 'md', paddingX: 'lg', borderRadius: 'md', fontSize: 'sm' }),
  {
    border: `1px solid ${vars.tint.gold35}`,
    backgroundColor: vars.tint.gold08,
  },
]);

// Given to a Button as its className, so a rule of its own: it must win over the button's size.
export const smallLink = style({
  fontSize: vars.fontSize.sm,
});

export const homeLink = style([
  sprinkles({ display: 'inline-flex', alignItems: 'center', gap: 'xs' }),
  sprinkles({ color: 'muted', textDecoration: 'none' }),
  {
    ':hover': { color: vars.color.text },
  },
]);
