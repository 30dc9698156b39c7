import { style } from '@vanilla-extract/css';
import { toggleBox } from '@/styles/patterns.css.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

export const row = sprinkles({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: 'lg',
});

export const text = sprinkles({ display: 'grid', gap: 'xxs', minWidth: '0' });

export const label = sprinkles({ fontSize: 'sm', fontWeight: 'medium', cursor: 'pointer' });

export const description = sprinkles({ fontSize: 'xs', color: 'muted' });

// Starts from `all: unset`, so every property stays in this one rule: an atom composed in would be unset.
export const root = style({
  all: 'unset',
  boxSizing: 'border-box',
  position: 'relative',
  flexShrink: 0,
  width: '44px',
  height: '26px',
  borderRadius: vars.radius.pill,
  ...toggleBox,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[data-state="checked"]': { background: vars.gradient.gold, borderColor: vars.color.gold },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const thumb = style([
  sprinkles({ display: 'block', borderRadius: 'pill' }),
  {
    width: '20px',
    height: '20px',
    backgroundColor: vars.color.text,
    boxShadow: vars.shadow.sm,
    transform: 'translateX(2px)',
    transition: `transform ${vars.duration.fast}`,
    willChange: 'transform',
    selectors: {
      '&[data-state="checked"]': { transform: 'translateX(20px)', backgroundColor: vars.color.onGold },
    },
  },
]);
