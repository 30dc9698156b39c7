import { style } from '@vanilla-extract/css';
import { fieldBox, toggleBox } from '@/styles/patterns.css.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

export const field = sprinkles({ display: 'grid', gap: 'xs', minWidth: '0' });

export const label = sprinkles({ fontSize: 'sm', fontWeight: 'medium', color: 'text' });

export const optional = style([
  sprinkles({ fontWeight: 'regular', color: 'muted' }),
  {
    marginLeft: vars.space.xs,
  },
]);

export const input = style([
  fieldBox,
  sprinkles({ width: '100%', paddingY: 'none', paddingX: 'lg' }),
  {
    minHeight: '46px',
    transition: `border-color ${vars.duration.fast}, box-shadow ${vars.duration.fast}`,
    '::placeholder': { color: vars.color.textSubtle },
    selectors: {
      '&[aria-invalid="true"]': { borderColor: vars.color.danger },
      '&[aria-invalid="true"]:focus-visible': { boxShadow: `0 0 0 3px ${vars.tint.danger25}` },
      '&:-webkit-autofill': {
        WebkitTextFillColor: vars.color.text,
        boxShadow: `0 0 0 100px ${vars.color.surface} inset`,
        caretColor: vars.color.text,
      },
    },
  },
]);

export const hint = sprinkles({ fontSize: 'xs', color: 'muted' });

export const error = sprinkles({
  display: 'flex',
  alignItems: 'flex-start',
  gap: 'xs',
  fontSize: 'xs',
  color: 'danger',
});

export const checkboxRow = sprinkles({ display: 'flex', alignItems: 'flex-start', gap: 'md' });

// Starts from `all: unset`, so every property stays in this one rule: an atom composed in would be unset.
export const checkbox = style({
  all: 'unset',
  boxSizing: 'border-box',
  flexShrink: 0,
  display: 'inline-grid',
  placeItems: 'center',
  width: '20px',
  height: '20px',
  marginTop: '1px',
  borderRadius: vars.radius.sm,
  ...toggleBox,
  selectors: {
    '&:hover': { borderColor: vars.color.gold },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[data-state="checked"]': { background: vars.gradient.gold, borderColor: vars.color.gold },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
});

export const checkboxIndicator = sprinkles({ display: 'grid', placeItems: 'center', color: 'onGold' });

export const checkboxLabel = style([
  sprinkles({ fontSize: 'sm', color: 'text', cursor: 'pointer' }),
  {
    userSelect: 'none',
  },
]);

export const textarea = style({
  minHeight: '88px',
  paddingBlock: vars.space.md,
  resize: 'vertical',
  lineHeight: vars.lineHeight.normal,
});
