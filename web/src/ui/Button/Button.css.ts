import { keyframes, style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '@/styles/theme.css.ts';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

/**
 * The button's look: `variant` × `size` (+ `fullWidth`). Sizes are declared after variants, so a size's
 * padding wins over a variant's (a `link` at size `sm` gets the small padding).
 */
export const button = recipe({
  base: {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.sm,
    border: '1px solid transparent',
    borderRadius: vars.radius.pill,
    fontWeight: vars.fontWeight.semibold,
    lineHeight: 1,
    letterSpacing: '0.01em',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    userSelect: 'none',
    transition: `background-color ${vars.duration.fast}, border-color ${vars.duration.fast}, color ${vars.duration.fast}, box-shadow ${vars.duration.normal}, transform ${vars.duration.fast}`,
    selectors: {
      '&:active:not(:disabled)': { transform: 'translateY(1px)' },
      '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.6 },
    },
  },
  variants: {
    variant: {
      primary: {
        background: vars.gradient.gold,
        color: vars.color.onGold,
        boxShadow: `${vars.shadow.sm}, inset 0 1px 0 ${vars.tint.white45}`,
        selectors: {
          '&:hover:not(:disabled)': {
            boxShadow: `${vars.shadow.gold}, inset 0 1px 0 ${vars.tint.white50}`,
          },
        },
      },
      secondary: {
        backgroundColor: vars.color.surface,
        borderColor: vars.color.borderStrong,
        color: vars.color.text,
        selectors: {
          '&:hover:not(:disabled)': {
            backgroundColor: vars.color.surfaceHover,
            borderColor: vars.color.gold,
          },
        },
      },
      ghost: {
        backgroundColor: 'transparent',
        color: vars.color.text,
        selectors: {
          '&:hover:not(:disabled)': { backgroundColor: vars.color.surfaceHover },
        },
      },
      danger: {
        backgroundColor: vars.color.dangerSurface,
        borderColor: vars.color.dangerBorder,
        color: vars.color.danger,
        selectors: {
          '&:hover:not(:disabled)': { backgroundColor: vars.tint.dangerStrong20 },
        },
      },
      link: {
        // Read like a link in the text, and wrapped like one when a translation is longer than the line.
        whiteSpace: 'normal',
        textAlign: 'start',
        padding: 0,
        border: 'none',
        borderRadius: vars.radius.sm,
        background: 'none',
        color: vars.color.goldBright,
        fontWeight: vars.fontWeight.medium,
        selectors: {
          '&:hover:not(:disabled)': { textDecoration: 'underline', textUnderlineOffset: '3px' },
        },
      },
    },
    size: {
      sm: { minHeight: '36px', padding: `0 ${vars.space.md}`, fontSize: vars.fontSize.sm },
      md: { minHeight: '44px', padding: `0 ${vars.space.xl}`, fontSize: vars.fontSize.sm },
      lg: { minHeight: '52px', padding: `0 ${vars.space['2xl']}`, fontSize: vars.fontSize.md },
      inline: { minHeight: 0, padding: 0, fontSize: 'inherit' },
    },
    // A full-width label may be longer than the phone is wide (German, French): it wraps there instead.
    fullWidth: {
      true: { width: '100%', whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.25 },
      false: {},
    },
  },
  defaultVariants: { variant: 'primary', size: 'md', fullWidth: false },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;

export const spinner = style({
  animation: `${spin} 0.8s linear infinite`,
  flexShrink: 0,
});
