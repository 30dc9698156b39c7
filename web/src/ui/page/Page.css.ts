import { style } from '@vanilla-extract/css';
import { media } from '../../styles/breakpoints.ts';
import { vars } from '../../styles/theme.css.ts';

export const stack = style({
  display: 'grid',
  gap: vars.space.xl,
});

export const heading = style({
  display: 'grid',
  gap: vars.space.sm,
});

export const title = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['2xl'],
  '@media': {
    [media.tablet]: { fontSize: vars.fontSize['3xl'] },
  },
});

export const muted = style({
  color: vars.color.textMuted,
});

export const adminBanner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.lg,
  padding: vars.space.xl,
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.tint.rubyBright35}`,
  background: `linear-gradient(120deg, ${vars.color.rubySurface}, ${vars.tint.surface90})`,
});

export const adminText = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
  minWidth: 0,
});

export const adminIcon = style({
  flexShrink: 0,
  color: vars.color.rubyBright,
  marginTop: '2px',
});

export const grid = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'start',
  '@media': {
    [media.desktop]: { gridTemplateColumns: 'minmax(0, 1.2fr) minmax(0, 1fr)' },
  },
});

/** Room for the fixed bottom bar on phones, so it never covers the last card. */
export const withTabBar = style({
  paddingBottom: `calc(${vars.space['2xl']} + 72px + env(safe-area-inset-bottom, 0px))`,
  '@media': {
    [media.tablet]: { paddingBottom: vars.space['3xl'] },
  },
});

/** The balance card is drawn as the metal card itself. */
export const balanceCard = style({
  position: 'relative',
  overflow: 'hidden',
  display: 'grid',
  alignContent: 'space-between',
  gap: vars.space.xl,
  minHeight: '220px',
  padding: vars.space.xl,
  borderRadius: vars.radius.xl,
  background: vars.gradient.black,
  border: `1px solid ${vars.color.borderStrong}`,
  boxShadow: `${vars.shadow.lg}, ${vars.shadow.insetHighlight}`,
  '::after': {
    content: '""',
    position: 'absolute',
    inset: 0,
    background: vars.gradient.sheen,
    pointerEvents: 'none',
  },
  '@media': {
    [media.tablet]: { padding: vars.space['2xl'] },
  },
});

export const balanceLabel = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const balanceTitle = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
});

export const cardTitle = style({
  fontSize: vars.fontSize.xl,
});

export const cardStack = style({
  display: 'grid',
  alignContent: 'start',
  gap: vars.space.lg,
});

export const balanceAmount = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.space.sm,
  fontFamily: vars.font.display,
  fontSize: 'clamp(2rem, 9vw, 3rem)',
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1.1,
  overflowWrap: 'anywhere',
});

export const balanceUnit = style({
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  background: vars.gradient.gold,
  WebkitBackgroundClip: 'text',
  backgroundClip: 'text',
  color: 'transparent',
});

export const balanceUsd = style({
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});

export const chip = style({
  width: '44px',
  height: '32px',
  borderRadius: vars.radius.sm,
  background: vars.gradient.gold,
  boxShadow: `inset 0 0 0 1px ${vars.tint.black25}`,
});

export const skeleton = style({
  height: '220px',
  borderRadius: vars.radius.xl,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});

export const balanceFooter = style({
  position: 'relative',
  zIndex: 1,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const balanceFigures = style({
  position: 'relative',
  zIndex: 1,
  display: 'grid',
  gap: vars.space.xs,
});

export const change = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
  backgroundColor: vars.tint.white06,
});

export const changeUp = style({ color: vars.color.success });
export const changeDown = style({ color: vars.color.danger });
export const changeFlat = style({ color: vars.color.textMuted });

export const rate = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const sectionGap = style({
  display: 'grid',
  gap: vars.space.xl,
});
