import { style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { inline, markedList, mutedText, spread, stack } from '../layout/boxes.ts';

/** Shared pieces of the signed-in screens' cards: heading rows, forms, notices and list states. */

export const panel = style([
  stack('lg'),
  sprinkles({ minWidth: '0', padding: { mobile: 'xl', tablet: '2xl' } }),
  sprinkles({ borderRadius: 'xl', border: 'subtle', backgroundColor: 'raised' }),
  { alignContent: 'start', boxShadow: `${vars.shadow.md}, ${vars.shadow.insetHighlight}` },
]);

export const head = spread('sm');

export const titleRow = style([inline('sm'), sprinkles({ minWidth: '0' })]);

export const titleIcon = sprinkles({ flexShrink: '0', color: 'gold' });

export const title = sprinkles({ fontSize: 'xl' });

export const subtitle = mutedText();

export const form = stack('lg');

export const notice = style([
  stack('sm'),
  sprinkles({ paddingY: 'md', paddingX: 'lg', borderRadius: 'md', fontSize: 'sm' }),
  { border: `1px solid ${vars.tint.gold35}`, backgroundColor: vars.tint.gold08 },
]);

export const noticeTitle = style([inline('sm', 'flex-start'), sprinkles({ fontWeight: 'semibold' })]);

export const noticeList = style([markedList('xs'), sprinkles({ color: 'muted' })]);

/** An empty, loading or failed list: centred muted text in a dashed frame. */
export const state = style([
  sprinkles({ display: 'grid', gap: 'md', paddingY: 'xl', paddingX: 'lg', borderRadius: 'md' }),
  sprinkles({ fontSize: 'sm', textAlign: 'center' }),
  // Colour and border stay out of the atoms: errorState overrides them.
  { justifyItems: 'center', border: `1px dashed ${vars.color.border}`, color: vars.color.textMuted },
]);

export const errorState = style([
  state,
  {
    borderStyle: 'solid',
    borderColor: vars.color.dangerBorder,
    backgroundColor: vars.color.dangerSurface,
    color: vars.color.text,
  },
]);

/** Terms and their values side by side (a `dl`). */
export const details = style([
  sprinkles({ margin: 'none', fontSize: 'sm' }),
  {
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    columnGap: vars.space.md,
    rowGap: vars.space.xs,
  },
]);

export const term = sprinkles({ color: 'muted' });

export const definition = sprinkles({ margin: 'none', minWidth: '0', overflowWrap: 'anywhere' });

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
export const muted = sprinkles({ color: 'muted' });

export const headLink = style([
  sprinkles({ display: 'inline-flex', alignItems: 'center', gap: 'xs' }),
  sprinkles({ fontSize: 'sm', fontWeight: 'medium' }),
  { minHeight: '36px' },
]);

export const skeletonList = stack('sm');
