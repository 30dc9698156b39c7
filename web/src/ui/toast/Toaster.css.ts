import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { media } from '@/styles/breakpoints.ts';
import { iconButton } from '@/styles/patterns.css.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

const edgeGap = vars.space.lg;

const slideIn = keyframes({
  from: { transform: `translateX(calc(100% + ${edgeGap}))` },
  to: { transform: 'translateX(0)' },
});

const fadeOut = keyframes({
  from: { opacity: 1 },
  to: { opacity: 0 },
});

const swipeOut = keyframes({
  from: { transform: 'translateX(var(--radix-toast-swipe-end-x))' },
  to: { transform: `translateX(calc(100% + ${edgeGap}))` },
});

export const viewport = style([
  sprinkles({
    position: 'fixed',
    display: 'flex',
    flexDirection: 'column',
    gap: 'sm',
    width: '100%',
    margin: 'none',
    listStyle: 'none',
  }),
  sprinkles({ outline: 'none' }),
  {
    bottom: 0,
    right: 0,
    zIndex: vars.zIndex.toast,
    maxWidth: '100vw',
    padding: edgeGap,
    // The list's padding and gaps are empty space: clicks there reach the page, only the toasts catch them.
    pointerEvents: 'none',
    '@media': {
      [media.tablet]: { width: '420px', padding: vars.space.xl },
    },
  },
]);

/** One toast; `variant` sets its border (and the destructive background). */
export const toast = recipe({
  base: {
    position: 'relative',
    pointerEvents: 'auto',
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr) auto',
    alignItems: 'start',
    columnGap: vars.space.md,
    padding: `${vars.space.md} ${vars.space.md} ${vars.space.md} ${vars.space.lg}`,
    borderRadius: vars.radius.lg,
    border: `1px solid ${vars.color.borderStrong}`,
    backgroundColor: vars.color.surface,
    boxShadow: `${vars.shadow.lg}, ${vars.shadow.insetHighlight}`,
    color: vars.color.text,
    selectors: {
      '&[data-state="open"]': { animation: `${slideIn} ${vars.duration.slow} cubic-bezier(0.16, 1, 0.3, 1)` },
      '&[data-state="closed"]': { animation: `${fadeOut} ${vars.duration.fast} ease-in forwards` },
      '&[data-swipe="move"]': { transform: 'translateX(var(--radix-toast-swipe-move-x))' },
      '&[data-swipe="cancel"]': {
        transform: 'translateX(0)',
        transition: `transform ${vars.duration.normal} ease-out`,
      },
      '&[data-swipe="end"]': { animation: `${swipeOut} ${vars.duration.normal} ease-out forwards` },
    },
  },
  variants: {
    variant: {
      default: {},
      success: { borderColor: vars.color.successBorder },
      destructive: { borderColor: vars.color.dangerBorder, backgroundColor: vars.tint.dangerSolid },
    },
  },
  defaultVariants: { variant: 'default' },
});

/** The toast's icon, coloured by the same `variant`. */
export const icon = recipe({
  base: {
    marginTop: '2px',
    flexShrink: 0,
  },
  variants: {
    variant: {
      default: { color: vars.color.goldBright },
      success: { color: vars.color.success },
      destructive: { color: vars.color.danger },
    },
  },
  defaultVariants: { variant: 'default' },
});

export const body = sprinkles({ display: 'grid', gap: 'xxs', minWidth: '0' });

export const title = sprinkles({ fontWeight: 'semibold', fontSize: 'sm' });

export const description = sprinkles({ fontSize: 'sm', color: 'muted', overflowWrap: 'anywhere' });

export const close = style([
  iconButton({ tone: 'quiet' }),
  {
    width: '28px',
    height: '28px',
    borderRadius: vars.radius.sm,
    transition: `background-color ${vars.duration.fast}, color ${vars.duration.fast}`,
  },
]);
