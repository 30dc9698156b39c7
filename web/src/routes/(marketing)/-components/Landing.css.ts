import { keyframes, style } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { clipText, listReset } from '@/styles/patterns.css.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

export const hero = style([
  sprinkles({ display: 'grid', alignItems: 'center', gap: '3xl', gridTemplateColumns: 1 }),
  {
    paddingBlock: vars.space['3xl'],
    '@media': {
      [media.desktop]: {
        gridTemplateColumns: 'minmax(0, 1.1fr) minmax(0, 1fr)',
        paddingBlock: vars.space['4xl'],
        minHeight: 'min(calc(100dvh - 65px), 820px)',
      },
    },
  },
]);

export const copy = sprinkles({ display: 'grid', gap: 'xl', justifyItems: 'start' });

export const title = style([
  sprinkles({ fontFamily: 'display', fontSize: 'hero', fontWeight: 'bold' }),
  {
    letterSpacing: '-0.02em',
  },
]);

export const titleAccent = style({ background: vars.gradient.gold, ...clipText });

export const lead = style([
  sprinkles({ fontSize: 'lg', color: 'muted' }),
  {
    maxWidth: '34rem',
  },
]);

export const points = style([
  listReset,
  sprinkles({ display: 'flex', flexWrap: 'wrap', fontSize: 'sm', color: 'muted' }),
  {
    gap: `${vars.space.sm} ${vars.space.xl}`,
  },
]);

export const point = sprinkles({ display: 'inline-flex', alignItems: 'center', gap: 'sm' });

export const pointIcon = sprinkles({ color: 'gold', flexShrink: '0' });

/** Three cards fanned inside a fixed box, so nothing reaches past the column at any width. */
export const cards = style([
  sprinkles({ position: 'relative', width: '100%' }),
  {
    maxWidth: '440px',
    justifySelf: 'center',
    aspectRatio: '440 / 360',
  },
]);

const stacked = {
  position: 'absolute',
  width: '80%',
} as const;

export const cardBlack = style({ ...stacked, top: 0, left: 0 });
export const cardRuby = style({ ...stacked, top: '18%', left: '10%' });
export const cardGold = style({ ...stacked, top: '36%', left: '20%' });

export const heroCtas = sprinkles({ display: 'flex', flexWrap: 'wrap', gap: 'md' });

// ---------------------------------------------------------------------------------------------------
// Partner carousel

const marquee = keyframes({
  from: { transform: 'translateX(0)' },
  to: { transform: 'translateX(-50%)' },
});

export const carousel = style([sprinkles({ display: 'grid', gap: 'lg' })]);

export const carouselViewport = style([
  sprinkles({ position: 'relative', overflow: 'hidden', borderRadius: 'xl' }),
  {
    maskImage: `linear-gradient(90deg, transparent, ${vars.tint.blackSolid} 6%, ${vars.tint.blackSolid} 94%, transparent)`,
    WebkitMaskImage: `linear-gradient(90deg, transparent, ${vars.tint.blackSolid} 6%, ${vars.tint.blackSolid} 94%, transparent)`,
    '@media': {
      [media.reducedMotion]: {
        overflowX: 'auto',
        maskImage: 'none',
        WebkitMaskImage: 'none',
      },
    },
  },
]);

export const rail = style({
  display: 'flex',
  width: 'max-content',
  animation: `${marquee} 45s linear infinite`,
  selectors: {
    [`${carousel}[data-paused="true"] &`]: { animationPlayState: 'paused' },
    [`${carouselViewport}:hover &, ${carouselViewport}:focus-within &`]: { animationPlayState: 'paused' },
  },
  '@media': {
    [media.reducedMotion]: { animation: 'none' },
  },
});

export const railList = style([
  sprinkles({ display: 'flex', gap: 'md', margin: 'none', listStyle: 'none' }),
  {
    padding: `${vars.space.xs} ${vars.space.md} ${vars.space.xs} 0`,
  },
]);

/** The second copy only makes the loop seamless; without motion it is not shown. */
export const railCopy = style({
  '@media': {
    [media.reducedMotion]: { display: 'none' },
  },
});

export const deal = style([
  sprinkles({ display: 'grid', alignItems: 'center', gap: 'md', padding: 'lg' }),
  sprinkles({ borderRadius: 'lg', border: 'subtle' }),
  {
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    width: '270px',
    background: `linear-gradient(150deg, ${vars.tint.gold08}, transparent 60%), ${vars.color.bgRaised}`,
  },
]);

export const dealPercent = style([
  sprinkles({ fontFamily: 'display', fontSize: '2xl', fontWeight: 'bold', color: 'gold' }),
  {
    lineHeight: 1,
  },
]);

export const dealName = sprinkles({ fontSize: 'sm', fontWeight: 'semibold' });

export const dealCategory = sprinkles({ fontSize: 'xs', color: 'muted' });

export const dealBody = sprinkles({ display: 'grid', gap: 'xxs', minWidth: '0' });

export const carouselControls = sprinkles({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 'md',
});

// ---------------------------------------------------------------------------------------------------
// Prize

export const prize = style([
  sprinkles({ display: 'grid', gap: '2xl', alignItems: 'center', padding: 'xl', borderRadius: 'xl' }),
  {
    border: `1px solid ${vars.tint.gold30}`,
    background: `radial-gradient(700px 300px at 0% 0%, ${vars.tint.gold14}, transparent 70%), radial-gradient(500px 300px at 100% 100%, ${vars.tint.ruby12}, transparent 70%), ${vars.color.bgRaised}`,
    boxShadow: vars.shadow.lg,
    '@media': {
      [media.tablet]: { padding: vars.space['2xl'] },
      [media.desktop]: { gridTemplateColumns: 'minmax(0, 1.3fr) minmax(0, 1fr)', padding: vars.space['3xl'] },
    },
  },
]);

export const prizeCopy = sprinkles({ display: 'grid', gap: 'lg', justifyItems: 'start', minWidth: '0' });

export const prizeProgress = sprinkles({ width: '100%' });

export const medal = style([
  sprinkles({ display: 'grid', justifyItems: 'center', gap: 'sm', padding: 'xl' }),
  sprinkles({ borderRadius: 'xl', border: 'strong', textAlign: 'center' }),
  {
    alignContent: 'center',
    background: vars.gradient.black,
    boxShadow: `${vars.shadow.lg}, inset 0 1px 0 ${vars.tint.white12}`,
  },
]);

export const medalIcon = sprinkles({ color: 'gold' });

export const medalValue = style([
  sprinkles({ fontFamily: 'display', fontWeight: 'bold' }),
  {
    fontSize: 'clamp(2rem, 8vw, 3rem)',
    lineHeight: 1,
  },
]);

export const medalSkeleton = style({
  width: '9rem',
  height: '2.5rem',
});

// ---------------------------------------------------------------------------------------------------
// Security

export const featureLink = style([
  sprinkles({ display: 'inline-flex', alignItems: 'center', gap: 'xs' }),
  sprinkles({ fontSize: 'sm', fontWeight: 'semibold' }),
]);

export const more = style({
  marginTop: vars.space.xl,
});

export const ctaBand = style({
  marginTop: vars.space['3xl'],
});
