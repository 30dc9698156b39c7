import { style } from '@vanilla-extract/css';
import { media } from '../../../../../styles/breakpoints.ts';
import { vars } from '../../../../../styles/theme.css.ts';

export const body = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'start',
  // Side by side when the panel spans the page (tablet); stacked in the desktop grid's narrower column.
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'minmax(0, 355px) minmax(0, 1fr)' },
    [media.desktop]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

/** docs/product-rules.md spec 9: the card is drawn at 355 × 220 px, and scales down with the column on phones. */
export const visual = style({
  position: 'relative',
  width: '100%',
  maxWidth: '355px',
});

export const dimmed = style({
  filter: 'grayscale(0.85) brightness(0.75)',
});

export const frozenTag = style({
  position: 'absolute',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.tint.bg85,
  border: `1px solid ${vars.color.borderStrong}`,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const status = style({
  display: 'grid',
  gap: vars.space.sm,
  minWidth: 0,
});

export const statusLabel = style({
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

export const upgrade = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceSunken,
  fontSize: vars.fontSize.sm,
});

export const upgradeHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const progress = style({
  position: 'relative',
  overflow: 'hidden',
  height: '8px',
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.surfaceHover,
});

export const progressIndicator = style({
  height: '100%',
  width: '100%',
  background: vars.gradient.gold,
  transition: `transform ${vars.duration.slow}`,
});

export const figures = style({
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

export const term = style({
  color: vars.color.textMuted,
});

export const definition = style({
  margin: 0,
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const benefits = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  paddingLeft: vars.space.xl,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const pinRow = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
});

export const section = style({
  display: 'grid',
  gap: vars.space.md,
  paddingTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
});

export const sectionTitle = style({
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});
