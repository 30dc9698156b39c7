import { keyframes, style } from '@vanilla-extract/css';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { cluster, mutedText, spread } from '@/ui/layout/boxes.ts';

const appear = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px) scale(0.98)' },
  to: { opacity: 1, transform: 'translateY(0) scale(1)' },
});

export const header = spread('lg', 'flex-end');

export const toolbar = cluster('sm');

export const filterCount = style([
  sprinkles({ display: 'inline-grid', placeItems: 'center', borderRadius: 'pill', color: 'onGold' }),
  sprinkles({ fontSize: 'xs', fontWeight: 'bold' }),
  { minWidth: '20px', height: '20px', padding: '0 5px', background: vars.gradient.gold },
]);

export const popover = style([
  sprinkles({ padding: 'lg', borderRadius: 'lg', border: 'strong', backgroundColor: 'surface' }),
  {
    zIndex: vars.zIndex.menu,
    width: '340px',
    maxWidth: 'calc(100vw - 16px)',
    maxHeight: 'var(--radix-popover-content-available-height)',
    overflowY: 'auto',
    boxShadow: `${vars.shadow.lg}, ${vars.shadow.insetHighlight}`,
    selectors: {
      '&[data-state="open"]': {
        animation: `${appear} ${vars.duration.normal} cubic-bezier(0.16, 1, 0.3, 1)`,
      },
    },
  },
]);

export const popoverTitle = sprinkles({ fontSize: 'md', fontWeight: 'semibold' });

export const dates = sprinkles({ display: 'grid', gap: 'md', gridTemplateColumns: 2 });

export const popoverActions = sprinkles({ display: 'flex', justifyContent: 'flex-end', gap: 'sm' });

export const active = style([cluster('sm', 'center'), mutedText()]);

export const chip = style([
  sprinkles({ display: 'inline-flex', alignItems: 'center', paddingY: 'none', paddingX: 'md' }),
  sprinkles({
    borderRadius: 'pill',
    border: 'subtle',
    backgroundColor: 'surface',
    color: 'text',
    fontSize: 'xs',
  }),
  { minHeight: '28px' },
]);

export const more = style([
  sprinkles({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 'sm' }),
  sprinkles({ paddingTop: { mobile: 'md', tablet: 'lg' } }),
]);

export const count = mutedText('xs');
