import { style } from '@vanilla-extract/css';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { figure, mutedText, plainList, shrinkStack, spread, wideTile } from '@/ui/layout/boxes.ts';

export const total = style([mutedText(), sprinkles({ fontVariantNumeric: 'tabular-nums' })]);

export const list = plainList();

export const row = style([
  sprinkles({ display: 'grid', alignItems: 'center', paddingY: 'md', paddingX: 'none' }),
  {
    gridTemplateColumns: 'auto minmax(0, 1fr) auto',
    columnGap: vars.space.md,
    borderBottom: `1px solid ${vars.color.border}`,
    selectors: {
      '&:last-child': { borderBottom: 'none' },
    },
  },
]);

export const icon = style({
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.pill,
});

export const name = shrinkStack('xxs');

export const code = sprinkles({ fontWeight: 'semibold' });

export const small = mutedText('xs');

export const side = style([shrinkStack('xxs'), sprinkles({ textAlign: 'right' }), { justifyItems: 'end' }]);

export const amount = style([figure(), sprinkles({ overflowWrap: 'anywhere' })]);

export const hold = sprinkles({ color: 'gold', fontSize: 'xs', fontVariantNumeric: 'tabular-nums' });

export const subheading = sprinkles({ fontSize: 'md', fontWeight: 'semibold' });

export const activity = plainList('sm');

export const activityRow = style([spread('sm'), wideTile('sm', 'md'), sprinkles({ fontSize: 'sm' })]);

export const activityMain = shrinkStack('xxs');
