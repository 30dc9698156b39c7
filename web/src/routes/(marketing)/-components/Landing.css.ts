import { keyframes, style } from '@vanilla-extract/css';
import { media } from '../../../styles/breakpoints.ts';
import { vars } from '../../../styles/theme.css.ts';

export const hero = style({
  display: 'grid',
  alignItems: 'center',
  gap: vars.space['3xl'],
  paddingBlock: vars.space['3xl'],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [media.desktop]: {
      gridTemplateColumns: 'minmax(0, 1.1fr) minmax(0, 1fr)',
      paddingBlock: vars.space['4xl'],
      minHeight: 'min(calc(100dvh - 65px), 820px)',
    },
  },
});

export const copy = style({
  display: 'grid',
  gap: vars.space.xl,
  justifyItems: 'start',
});

export const title = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize.hero,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.02em',
});

export const titleAccent = style({
  background: vars.gradient.gold,
  WebkitBackgroundClip: 'text',
  backgroundClip: 'text',
  color: 'transparent',
});

export const lead = style({
  maxWidth: '34rem',
  fontSize: vars.fontSize.lg,
  color: vars.color.textMuted,
});

export const ctas = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
});

export const points = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.sm} ${vars.space.xl}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const point = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const pointIcon = style({
  color: vars.color.goldBright,
  flexShrink: 0,
});

/** Three cards fanned inside a fixed box, so nothing reaches past the column at any width. */
export const cards = style({
  position: 'relative',
  width: '100%',
  maxWidth: '440px',
  justifySelf: 'center',
  aspectRatio: '440 / 360',
});

const stacked = {
  position: 'absolute',
  width: '80%',
} as const;

export const cardBlack = style({ ...stacked, top: 0, left: 0 });
export const cardRuby = style({ ...stacked, top: '18%', left: '10%' });
export const cardGold = style({ ...stacked, top: '36%', left: '20%' });

export const heroCtas = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
});

// ---------------------------------------------------------------------------------------------------
// Partner carousel

const marquee = keyframes({
  from: { transform: 'translateX(0)' },
  to: { transform: 'translateX(-50%)' },
});

export const carousel = style({
  display: 'grid',
  gap: vars.space.lg,
});

export const carouselViewport = style({
  position: 'relative',
  overflow: 'hidden',
  borderRadius: vars.radius.xl,
  maskImage: `linear-gradient(90deg, transparent, ${vars.tint.blackSolid} 6%, ${vars.tint.blackSolid} 94%, transparent)`,
  WebkitMaskImage: `linear-gradient(90deg, transparent, ${vars.tint.blackSolid} 6%, ${vars.tint.blackSolid} 94%, transparent)`,
  '@media': {
    [media.reducedMotion]: {
      overflowX: 'auto',
      maskImage: 'none',
      WebkitMaskImage: 'none',
    },
  },
});

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

export const railList = style({
  display: 'flex',
  gap: vars.space.md,
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.md} ${vars.space.xs} 0`,
  listStyle: 'none',
});

/** The second copy only makes the loop seamless; without motion it is not shown. */
export const railCopy = style({
  '@media': {
    [media.reducedMotion]: { display: 'none' },
  },
});

export const deal = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  alignItems: 'center',
  gap: vars.space.md,
  width: '270px',
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: `linear-gradient(150deg, ${vars.tint.gold08}, transparent 60%), ${vars.color.bgRaised}`,
});

export const dealPercent = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['2xl'],
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
  color: vars.color.goldBright,
});

export const dealName = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const dealCategory = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const dealBody = style({
  display: 'grid',
  gap: vars.space.xxs,
  minWidth: 0,
});

export const carouselControls = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

// ---------------------------------------------------------------------------------------------------
// Prize

export const prize = style({
  display: 'grid',
  gap: vars.space['2xl'],
  alignItems: 'center',
  padding: vars.space.xl,
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.tint.gold30}`,
  background: `radial-gradient(700px 300px at 0% 0%, ${vars.tint.gold14}, transparent 70%), radial-gradient(500px 300px at 100% 100%, ${vars.tint.ruby12}, transparent 70%), ${vars.color.bgRaised}`,
  boxShadow: vars.shadow.lg,
  '@media': {
    [media.tablet]: { padding: vars.space['2xl'] },
    [media.desktop]: { gridTemplateColumns: 'minmax(0, 1.3fr) minmax(0, 1fr)', padding: vars.space['3xl'] },
  },
});

export const prizeCopy = style({
  display: 'grid',
  gap: vars.space.lg,
  justifyItems: 'start',
  minWidth: 0,
});

export const prizeProgress = style({
  width: '100%',
});

export const medal = style({
  display: 'grid',
  justifyItems: 'center',
  alignContent: 'center',
  gap: vars.space.sm,
  padding: vars.space.xl,
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.gradient.black,
  textAlign: 'center',
  boxShadow: `${vars.shadow.lg}, inset 0 1px 0 ${vars.tint.white12}`,
});

export const medalIcon = style({
  color: vars.color.goldBright,
});

export const medalValue = style({
  fontFamily: vars.font.display,
  fontSize: 'clamp(2rem, 8vw, 3rem)',
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
});

export const medalSkeleton = style({
  width: '9rem',
  height: '2.5rem',
});

// ---------------------------------------------------------------------------------------------------
// Security

export const badges = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: `0 0 ${vars.space['2xl']}`,
  padding: 0,
  listStyle: 'none',
});

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '40px',
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.tint.gold35}`,
  backgroundColor: vars.tint.gold06,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const badgeIcon = style({
  color: vars.color.goldBright,
  flexShrink: 0,
});

export const guaranteeValue = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['2xl'],
  fontWeight: vars.fontWeight.bold,
  color: vars.color.goldBright,
});

export const featureLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const more = style({
  marginTop: vars.space.xl,
});

export const ctaBand = style({
  marginTop: vars.space['3xl'],
});
