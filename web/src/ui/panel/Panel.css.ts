import { style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { media } from '../../styles/breakpoints.ts';
import { vars } from '../../styles/theme.css.ts';

/** Shared pieces of the signed-in screens' cards: heading rows, forms, notices and list states. */

export const panel = style({
  display: 'grid',
  alignContent: 'start',
  gap: vars.space.lg,
  minWidth: 0,
  padding: vars.space.xl,
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.bgRaised,
  boxShadow: `${vars.shadow.md}, ${vars.shadow.insetHighlight}`,
  '@media': {
    [media.tablet]: { padding: vars.space['2xl'] },
  },
});

export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const titleRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 0,
});

export const titleIcon = style({
  flexShrink: 0,
  color: vars.color.goldBright,
});

export const title = style({
  fontSize: vars.fontSize.xl,
});

export const subtitle = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const form = style({
  display: 'grid',
  gap: vars.space.lg,
});

export const notice = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.tint.gold35}`,
  backgroundColor: vars.tint.gold08,
  fontSize: vars.fontSize.sm,
});

export const noticeTitle = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const noticeList = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  paddingLeft: vars.space.xl,
  color: vars.color.textMuted,
});

export const state = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.xl} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
});

export const errorState = style([
  state,
  {
    borderStyle: 'solid',
    borderColor: vars.color.dangerBorder,
    backgroundColor: vars.color.dangerSurface,
    color: vars.color.text,
  },
]);

export const skeletonRow = style({
  height: '56px',
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
});

/** A status pill: `tone` picks its colours (StatusBadge maps statuses to tones). */
export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '22px',
    padding: `0 ${vars.space.sm}`,
    borderRadius: vars.radius.pill,
    border: '1px solid transparent',
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.semibold,
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      success: {
        color: vars.color.success,
        backgroundColor: vars.color.successSurface,
        borderColor: vars.color.successBorder,
      },
      warning: {
        color: vars.color.goldBright,
        backgroundColor: vars.tint.gold12,
        borderColor: vars.tint.gold40,
      },
      danger: {
        color: vars.color.danger,
        backgroundColor: vars.color.dangerSurface,
        borderColor: vars.color.dangerBorder,
      },
      neutral: {
        color: vars.color.textMuted,
        backgroundColor: vars.color.surface,
        borderColor: vars.color.border,
      },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export type BadgeVariants = NonNullable<RecipeVariants<typeof badge>>;

export const positive = style({ color: vars.color.success });
export const negative = style({ color: vars.color.danger });
export const muted = style({ color: vars.color.textMuted });

export const headLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '36px',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const skeletonList = style({
  display: 'grid',
  gap: vars.space.sm,
});
