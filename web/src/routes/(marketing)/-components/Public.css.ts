import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { media } from '../../../styles/breakpoints.ts';
import { vars } from '../../../styles/theme.css.ts';

/** Shared pieces of the public (marketing) pages: sections, headings, tiles, stats and skeletons. */

export const section = style({
  paddingBlock: vars.space['3xl'],
  '@media': {
    [media.tablet]: { paddingBlock: vars.space['4xl'] },
  },
});

export const sectionTight = style({
  paddingBlock: vars.space['2xl'],
});

export const sectionHead = style({
  display: 'grid',
  gap: vars.space.md,
  maxWidth: '44rem',
  marginBottom: vars.space['2xl'],
});

export const sectionHeadCentered = style({
  marginInline: 'auto',
  textAlign: 'center',
  justifyItems: 'center',
});

export const sectionTitle = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['2xl'],
  fontWeight: vars.fontWeight.bold,
  '@media': {
    [media.tablet]: { fontSize: vars.fontSize['3xl'] },
  },
});

export const lead = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  '@media': {
    [media.tablet]: { fontSize: vars.fontSize.lg },
  },
});

export const muted = style({
  color: vars.color.textMuted,
});

export const small = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const goldText = style({
  background: vars.gradient.gold,
  WebkitBackgroundClip: 'text',
  backgroundClip: 'text',
  color: 'transparent',
});

// ---------------------------------------------------------------------------------------------------
// Page hero

export const hero = style({
  display: 'grid',
  gap: vars.space.lg,
  justifyItems: 'start',
  paddingTop: vars.space['3xl'],
  paddingBottom: vars.space['2xl'],
  maxWidth: '48rem',
  '@media': {
    [media.tablet]: { paddingTop: vars.space['4xl'] },
  },
});

export const heroCentered = style({
  marginInline: 'auto',
  justifyItems: 'center',
  textAlign: 'center',
});

export const heroTitle = style({
  fontFamily: vars.font.display,
  fontSize: 'clamp(2rem, 7vw, 3.25rem)',
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.02em',
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
});

// ---------------------------------------------------------------------------------------------------
// Grids and tiles

const gridBase = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [media.tablet]: { gap: vars.space.xl },
  },
});

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

export const tile = style({
  position: 'relative',
  display: 'grid',
  alignContent: 'start',
  gap: vars.space.md,
  minWidth: 0,
  padding: vars.space.xl,
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.color.border}`,
  background: `linear-gradient(160deg, ${vars.tint.white3p5}, ${vars.tint.white00} 55%), ${vars.color.bgRaised}`,
  boxShadow: `${vars.shadow.md}, ${vars.shadow.insetHighlight}`,
});

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

export const tileTitle = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
});

export const tileText = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const iconBadge = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '44px',
  height: '44px',
  flexShrink: 0,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.tint.gold35}`,
  background: `linear-gradient(135deg, ${vars.tint.goldBright16}, ${vars.tint.goldDeep08})`,
  color: vars.color.goldBright,
});

export const iconBadgeRuby = style({
  borderColor: vars.tint.rubyBright40,
  background: `linear-gradient(135deg, ${vars.tint.rubyBright18}, ${vars.tint.rubyDeep10})`,
  color: vars.color.rubyBright,
});

export const pill = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surface,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: '0.04em',
  color: vars.color.text,
  whiteSpace: 'nowrap',
});

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

export const statLabel = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const timeline = style({
  position: 'relative',
  display: 'grid',
  gap: vars.space.xl,
  margin: 0,
  padding: `0 0 0 ${vars.space.xl}`,
  listStyle: 'none',
  '::before': {
    content: '""',
    position: 'absolute',
    top: '6px',
    bottom: '6px',
    left: '5px',
    width: '2px',
    background: `linear-gradient(${vars.color.gold}, ${vars.tint.gold10})`,
  },
});

export const timelineItem = style({
  position: 'relative',
  display: 'grid',
  gap: vars.space.xs,
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
});

export const timelineLabel = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  color: vars.color.goldBright,
});

// ---------------------------------------------------------------------------------------------------
// Lists, bands, skeletons

export const checkList = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const checkItem = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const checkIcon = style({
  flexShrink: 0,
  marginTop: '2px',
  color: vars.color.goldBright,
});

export const band = style({
  display: 'grid',
  gap: vars.space.lg,
  justifyItems: 'start',
  padding: vars.space.xl,
  borderRadius: vars.radius.xl,
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
});

const shimmer = keyframes({
  from: { backgroundPosition: '200% 0' },
  to: { backgroundPosition: '-200% 0' },
});

export const skeleton = style({
  display: 'block',
  borderRadius: vars.radius.sm,
  background: `linear-gradient(90deg, ${vars.color.surface} 25%, ${vars.color.surfaceHover} 50%, ${vars.color.surface} 75%)`,
  backgroundSize: '200% 100%',
  animation: `${shimmer} 1.6s ease-in-out infinite`,
});

export const divider = style({
  height: '1px',
  border: 'none',
  margin: 0,
  backgroundColor: vars.color.border,
});

export const prose = style({
  display: 'grid',
  gap: vars.space.md,
  maxWidth: '46rem',
  color: vars.color.textMuted,
});

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
