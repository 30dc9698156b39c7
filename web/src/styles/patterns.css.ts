import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { sprinkles } from './sprinkles.css.ts';
import { vars } from './theme.css.ts';

/**
 * Compositions the stylesheets share as concepts: each is what several components draw the same way,
 * composed into a component's own style with `style([pattern, { ...what is its own }])`.
 */

/** A list without bullets, margin or padding: navigation, card grids, link lists. */
export const listReset = sprinkles({ margin: 'none', padding: 'none', listStyle: 'none' });

/** A centred column of text and actions: the not-found and coming-soon screens, empty states. */
export const centredStack = sprinkles({ display: 'grid', justifyItems: 'center', textAlign: 'center' });

/** The light across a metal card, laid over the whole card as its `::after`. */
export const sheenLayer = {
  content: '""',
  position: 'absolute',
  inset: 0,
  background: vars.gradient.sheen,
  pointerEvents: 'none',
} as const;

/** An accordion's trigger as bare text: the FAQ's questions, the phone menu's sections. */
export const accordionTriggerText = sprinkles({
  border: 'none',
  background: 'transparent',
  color: 'text',
  fontSize: 'md',
  fontWeight: 'semibold',
  cursor: 'pointer',
});

/** Text painted with its own background: a gold word or figure. */
export const clipText = {
  WebkitBackgroundClip: 'text',
  backgroundClip: 'text',
  color: 'transparent',
} as const;

/** The gold focus ring of a form control, drawn on its border instead of the browser outline. */
const focusRing = {
  outline: 'none',
  borderColor: vars.color.gold,
  boxShadow: `0 0 0 3px ${vars.tint.gold25}`,
};

/** The sunken box of a checkbox or a switch's track; its fill changes when it is turned on. */
export const toggleBox = {
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surfaceSunken,
  cursor: 'pointer',
  transition: `background-color ${vars.duration.fast}, border-color ${vars.duration.fast}`,
} as const;

/** The sunken, strong-bordered box of a text input or a select trigger. */
export const fieldBox = style([
  sprinkles({
    borderRadius: 'md',
    border: 'strong',
    backgroundColor: 'sunken',
    color: 'text',
    fontSize: 'md',
  }),
  {
    selectors: {
      '&:hover': { borderColor: vars.tint.white28 },
      '&:focus-visible': focusRing,
    },
  },
]);

/** The pill-shaped search box of the help and partner pages; its icon sits in `inputIcon`. */
export const searchBox = style([
  sprinkles({ width: '100%', borderRadius: 'pill', border: 'strong', backgroundColor: 'sunken' }),
  sprinkles({ color: 'text', fontSize: 'md' }),
  {
    '::placeholder': { color: vars.color.textSubtle },
    selectors: { '&:focus-visible': focusRing },
  },
]);

/** An icon laid over the start of an input (a search glyph); clicks go through to the input. */
export const inputIcon = style([
  sprinkles({ position: 'absolute', color: 'muted' }),
  {
    top: '50%',
    left: vars.space.lg,
    transform: 'translateY(-50%)',
    pointerEvents: 'none',
  },
]);

/** The dashed box shown where a search or a filter found nothing. */
export const emptyState = style([
  centredStack,
  sprinkles({ paddingY: '3xl', paddingX: 'lg', borderRadius: 'xl', color: 'muted' }),
  { border: `1px dashed ${vars.color.borderStrong}` },
]);

/**
 * A square button holding one glyph (menu, close), transparent until hovered. `quiet` has no border and
 * a muted glyph; `outlined` a hairline border that turns gold while the menu it opens is expanded.
 */
export const iconButton = recipe({
  base: [
    sprinkles({ display: 'inline-grid', placeItems: 'center', padding: 'none' }),
    sprinkles({ borderRadius: 'md', background: 'transparent', cursor: 'pointer' }),
  ],
  variants: {
    tone: {
      quiet: [
        sprinkles({ border: 'none', color: 'muted' }),
        { ':hover': { backgroundColor: vars.color.surfaceHover, color: vars.color.text } },
      ],
      outlined: [
        sprinkles({ border: 'subtle', color: 'text' }),
        {
          selectors: {
            '&:hover': { backgroundColor: vars.color.surfaceHover },
            '&[aria-expanded="true"]': { borderColor: vars.color.gold },
          },
        },
      ],
    },
  },
});

const shimmer = keyframes({
  from: { backgroundPosition: '200% 0' },
  to: { backgroundPosition: '-200% 0' },
});

/** A block that shimmers where a figure will stand once it loads (public pages, the campaign's progress). */
export const skeleton = style([
  sprinkles({ display: 'block', borderRadius: 'sm' }),
  {
    background: `linear-gradient(90deg, ${vars.color.surface} 25%, ${vars.color.surfaceHover} 50%, ${vars.color.surface} 75%)`,
    backgroundSize: '200% 100%',
    animation: `${shimmer} 1.6s ease-in-out infinite`,
  },
]);
