import { style } from '@vanilla-extract/css';
import { accordionTriggerText } from '@/styles/patterns.css.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

export const root = sprinkles({ display: 'grid', gap: 'sm' });

export const item = style([
  sprinkles({ borderRadius: 'lg', border: 'subtle', backgroundColor: 'raised', overflow: 'hidden' }),
  {
    transition: `border-color ${vars.duration.normal}`,
    selectors: {
      '&[data-state="open"]': { borderColor: vars.tint.gold40 },
    },
  },
]);

export const header = style({
  margin: 0,
  fontSize: 'inherit',
});

export const trigger = style([
  sprinkles({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: 'md',
    width: '100%',
    paddingY: 'md',
    paddingX: 'lg',
  }),
  accordionTriggerText,
  sprinkles({ textAlign: 'left' }),
  {
    minHeight: '56px',
    selectors: {
      '&:hover': { color: vars.color.goldBright },
    },
  },
]);

export const chevron = style([
  sprinkles({ flexShrink: '0', color: 'muted' }),
  {
    transition: `transform ${vars.duration.normal}`,
    selectors: {
      [`${trigger}[data-state="open"] &`]: { transform: 'rotate(180deg)', color: vars.color.goldBright },
    },
  },
]);

export const content = style([
  sprinkles({ color: 'muted', fontSize: 'sm', lineHeight: 'normal' }),
  {
    padding: `0 ${vars.space.lg} ${vars.space.lg}`,
  },
]);
