import { style } from '@vanilla-extract/css';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { cluster, figure, mutedText, shrinkStack, stack, tile } from '@/ui/layout/boxes.ts';

export const presets = sprinkles({ display: 'grid', gridTemplateColumns: 3, gap: 'sm' });

export const legend = style([
  sprinkles({ padding: 'none', fontSize: 'sm', fontWeight: 'medium' }),
  { marginBottom: vars.space.xs },
]);

export const fieldset = style([
  shrinkStack('xs'),
  sprinkles({ margin: 'none', padding: 'none', border: 'none' }),
]);

export const preset = style([
  stack('xxs'),
  tile('sm', 'strong'),
  sprinkles({ color: 'text', cursor: 'pointer' }),
  {
    justifyItems: 'center',
    minHeight: '64px',
    transition: `border-color ${vars.duration.fast}, background-color ${vars.duration.fast}`,
    selectors: {
      '&:hover': { borderColor: vars.color.gold },
      '&[data-state="checked"]': {
        borderColor: vars.color.gold,
        backgroundColor: vars.tint.gold12,
        boxShadow: `inset 0 0 0 1px ${vars.color.gold}`,
      },
    },
  },
]);

export const presetAmount = sprinkles({ fontFamily: 'display', fontSize: 'lg', fontWeight: 'bold' });

export const presetUnit = mutedText('xs');

export const summary = style([cluster('sm'), sprinkles({ justifyContent: 'space-between' }), mutedText()]);

/** The quote: one summary line per figure. */
export const quote = stack('xs');

export const summaryValue = style([figure(), sprinkles({ color: 'text' })]);
