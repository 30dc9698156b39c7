import { style } from '@vanilla-extract/css';
import { fieldBox } from '@/styles/patterns.css.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

export const trigger = style([
  sprinkles({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: 'sm',
    width: '100%',
  }),
  fieldBox,
  sprinkles({ textAlign: 'left', cursor: 'pointer' }),
  {
    minHeight: '46px',
    padding: `0 ${vars.space.md} 0 ${vars.space.lg}`,
    selectors: {
      '&[data-placeholder]': { color: vars.color.textSubtle },
      '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    },
  },
]);

export const icon = sprinkles({ flexShrink: '0', color: 'muted' });

export const content = style([
  sprinkles({ overflow: 'hidden', borderRadius: 'md', border: 'strong', backgroundColor: 'surface' }),
  {
    zIndex: vars.zIndex.toast,
    minWidth: 'var(--radix-select-trigger-width)',
    maxHeight: 'var(--radix-select-content-available-height)',
    boxShadow: vars.shadow.lg,
  },
]);

export const viewport = sprinkles({ padding: 'xs' });

export const item = style([
  sprinkles({ position: 'relative', display: 'flex', alignItems: 'center' }),
  sprinkles({ borderRadius: 'sm', fontSize: 'sm', color: 'text', cursor: 'pointer', outline: 'none' }),
  {
    minHeight: '40px',
    padding: `0 ${vars.space['2xl']} 0 ${vars.space.md}`,
    userSelect: 'none',
    selectors: {
      '&[data-highlighted]': { backgroundColor: vars.color.surfaceHover, color: vars.color.goldBright },
      '&[data-state="checked"]': { fontWeight: vars.fontWeight.semibold },
    },
  },
]);

export const indicator = style([
  sprinkles({ position: 'absolute', display: 'inline-grid', placeItems: 'center', color: 'gold' }),
  {
    right: vars.space.sm,
  },
]);
