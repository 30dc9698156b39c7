import { style, styleVariants } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { clipText, listReset } from '@/styles/patterns.css.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

/** Shared pieces of the public (marketing) pages: sections, headings, tiles, stats and skeletons' sizes. */

export const section = style({
  paddingBlock: vars.space['3xl'],
  '@media': {
    [media.tablet]: { paddingBlock: vars.space['4xl'] },
  },
});

export const sectionTight = style({
  paddingBlock: vars.space['2xl'],
});

export const sectionHead = style([
  sprinkles({ display: 'grid', gap: 'md' }),
  {
    maxWidth: '44rem',
    marginBottom: vars.space['2xl'],
  },
]);

export const sectionHeadCentered = style([
  sprinkles({ textAlign: 'center', justifyItems: 'center' }),
  {
    marginInline: 'auto',
  },
]);

export const sectionTitle = style([
  sprinkles({ fontFamily: 'display', fontSize: '2xl', fontWeight: 'bold' }),
  {
    '@media': {
      [media.tablet]: { fontSize: vars.fontSize['3xl'] },
    },
  },
]);

export const lead = style([
  sprinkles({ color: 'muted', fontSize: 'md' }),
  {
    '@media': {
      [media.tablet]: { fontSize: vars.fontSize.lg },
    },
  },
]);

export const muted = sprinkles({ color: 'muted' });

export const small = sprinkles({ fontSize: 'sm', color: 'muted' });

export const goldText = style({ background: vars.gradient.gold, ...clipText });

// ---------------------------------------------------------------------------------------------------
// Page hero

export const hero = style([
  sprinkles({ display: 'grid', gap: 'lg', justifyItems: 'start', paddingTop: '3xl', paddingBottom: '2xl' }),
  {
    maxWidth: '48rem',
    '@media': {
      [media.tablet]: { paddingTop: vars.space['4xl'] },
    },
  },
]);

// A modifier of `hero`: its own rule (not atoms) so it wins over hero's `justifyItems: start`.
export const heroCentered = style({
  justifyItems: 'center',
  textAlign: 'center',
  marginInline: 'auto',
});

export const heroTitle = style([
  sprinkles({ fontFamily: 'display', fontWeight: 'bold' }),
  {
    fontSize: 'clamp(2rem, 7vw, 3.25rem)',
    letterSpacing: '-0.02em',
  },
]);

export const actions = sprinkles({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 'md' });

// ---------------------------------------------------------------------------------------------------
// Grids and tiles

const gridBase = style([
  listReset,
  sprinkles({ display: 'grid', gap: 'lg', gridTemplateColumns: 1 }),
  {
    '@media': {
      [media.tablet]: { gap: vars.space.xl },
    },
  },
]);

export const grid = styleVariants({
  two: [gridBase, { '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } } }],
  three: [
    gridBase,
    {
      '@media': {
        [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
        [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
      },
    },
  ],
  four: [
    gridBase,
    {
      gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
      '@media': {
        [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
      },
    },
  ],
});

export const tile = style([
  sprinkles({ position: 'relative', display: 'grid', gap: 'md', minWidth: '0', padding: 'xl' }),
  sprinkles({ borderRadius: 'xl', border: 'subtle' }),
  {
    alignContent: 'start',
    background: `linear-gradient(160deg, ${vars.tint.white3p5}, ${vars.tint.white00} 55%), ${vars.color.bgRaised}`,
    boxShadow: `${vars.shadow.md}, ${vars.shadow.insetHighlight}`,
  },
]);

export const tileLink = style([
  tile,
  {
    height: '100%',
    color: 'inherit',
    textDecoration: 'none',
    transition: `border-color ${vars.duration.normal}, transform ${vars.duration.normal}`,
    selectors: {
      '&:hover': { borderColor: vars.tint.gold45, transform: 'translateY(-2px)' },
    },
  },
]);

export const tileTitle = sprinkles({ fontSize: 'lg', fontWeight: 'semibold' });

export const tileText = sprinkles({ fontSize: 'sm', color: 'muted' });

export const iconBadge = style([
  sprinkles({ display: 'inline-grid', placeItems: 'center', flexShrink: '0' }),
  sprinkles({ borderRadius: 'md', color: 'gold' }),
  {
    width: '44px',
    height: '44px',
    border: `1px solid ${vars.tint.gold35}`,
    background: `linear-gradient(135deg, ${vars.tint.goldBright16}, ${vars.tint.goldDeep08})`,
  },
]);

export const pill = style([
  sprinkles({ display: 'inline-flex', alignItems: 'center', gap: 'xs', paddingY: 'xs', paddingX: 'md' }),
  sprinkles({
    borderRadius: 'pill',
    border: 'strong',
    backgroundColor: 'surface',
    fontSize: 'xs',
    fontWeight: 'semibold',
    color: 'text',
    whiteSpace: 'nowrap',
  }),
  {
    letterSpacing: '0.04em',
  },
]);

export const pillGold = style({
  borderColor: vars.tint.gold50,
  color: vars.color.goldBright,
  backgroundColor: vars.tint.gold08,
});

// ---------------------------------------------------------------------------------------------------
// Stats and timeline

export const statValue = style([
  goldText,
  {
    fontFamily: vars.font.display,
    fontSize: vars.fontSize['3xl'],
    fontWeight: vars.fontWeight.bold,
    lineHeight: 1,
    margin: 0,
  },
]);

/** A <dt>/<dd> pair shown value first, while the markup keeps the <dt> first. */
export const statTile = style([
  tile,
  {
    display: 'flex',
    flexDirection: 'column-reverse',
    justifyContent: 'flex-end',
    gap: vars.space.sm,
  },
]);

export const statLabel = sprinkles({ fontSize: 'sm', color: 'muted' });

export const timeline = style([
  sprinkles({ position: 'relative', display: 'grid', gap: 'xl', margin: 'none', listStyle: 'none' }),
  {
    padding: `0 0 0 ${vars.space.xl}`,
    '::before': {
      content: '""',
      position: 'absolute',
      top: '6px',
      bottom: '6px',
      left: '5px',
      width: '2px',
      background: `linear-gradient(${vars.color.gold}, ${vars.tint.gold10})`,
    },
  },
]);

export const timelineItem = style([
  sprinkles({ position: 'relative', display: 'grid', gap: 'xs' }),
  {
    '::before': {
      content: '""',
      position: 'absolute',
      top: '6px',
      left: `calc(-1 * ${vars.space.xl})`,
      width: '12px',
      height: '12px',
      borderRadius: vars.radius.pill,
      background: vars.gradient.gold,
      boxShadow: `0 0 0 4px ${vars.color.bg}`,
    },
  },
]);

export const timelineLabel = style([
  sprinkles({ fontSize: 'sm', fontWeight: 'bold', textTransform: 'uppercase', color: 'gold' }),
  {
    letterSpacing: '0.08em',
  },
]);

// ---------------------------------------------------------------------------------------------------
// Lists, bands, skeletons

export const checkList = style([listReset, sprinkles({ display: 'grid', gap: 'sm' })]);

export const checkItem = sprinkles({
  display: 'flex',
  alignItems: 'flex-start',
  gap: 'sm',
  fontSize: 'sm',
  color: 'muted',
});

export const checkIcon = style([
  sprinkles({ flexShrink: '0', color: 'gold' }),
  {
    marginTop: '2px',
  },
]);

export const band = style([
  sprinkles({ display: 'grid', gap: 'lg', justifyItems: 'start', padding: 'xl', borderRadius: 'xl' }),
  {
    border: `1px solid ${vars.tint.gold30}`,
    background: `radial-gradient(600px 240px at 100% 0%, ${vars.tint.gold16}, transparent 70%), ${vars.color.bgRaised}`,
    boxShadow: vars.shadow.md,
    '@media': {
      [media.tablet]: {
        gridTemplateColumns: 'minmax(0, 1fr) auto',
        alignItems: 'center',
        padding: vars.space['2xl'],
      },
    },
  },
]);

export const prose = style([
  sprinkles({ display: 'grid', gap: 'md', color: 'muted' }),
  {
    maxWidth: '46rem',
  },
]);

export const anchorTarget = style({
  scrollMarginTop: `calc(${vars.layout.headerHeight} + ${vars.space.lg})`,
});

export const skeletonText = style({
  height: '1rem',
  width: '72%',
  selectors: {
    '&:nth-child(2n)': { width: '60%' },
  },
});
