import { style } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { inline, mutedText, stack } from '@/ui/layout/boxes.ts';

export const mainSite = style([
  sprinkles({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 'sm' }),
  sprinkles({ paddingY: 'sm', paddingX: 'lg', borderRadius: 'lg', border: 'subtle', fontSize: 'sm' }),
  { backgroundColor: vars.tint.gold06 },
]);

export const mainSiteIcon = sprinkles({ color: 'gold', flexShrink: '0' });

export const mainSiteText = style([sprinkles({ color: 'muted' }), { flex: '1 1 16rem' }]);

export const mainSiteLink = style([
  sprinkles({ color: 'gold', fontWeight: 'semibold' }),
  { textDecoration: 'underline', textUnderlineOffset: '3px', minHeight: '24px' },
]);

export const giveaway = style([
  sprinkles({ display: 'grid', gap: 'xl', padding: { mobile: 'xl', tablet: '2xl' }, borderRadius: 'xl' }),
  {
    border: `1px solid ${vars.tint.gold30}`,
    background: `linear-gradient(120deg, ${vars.tint.gold10}, ${vars.tint.surface90})`,
    '@media': {
      [media.tablet]: { gridTemplateColumns: 'minmax(0, 1.2fr) minmax(0, 1fr)', alignItems: 'center' },
    },
  },
]);

export const giveawayCopy = style([stack('sm'), { justifyItems: 'start' }]);

export const giveawayProgress = sprinkles({ minWidth: '0' });

export const bannerLabel = style([inline('xs'), mutedText(), sprinkles({ textTransform: 'uppercase' })]);

export const bannerTitle = sprinkles({ fontFamily: 'display', fontSize: 'xl' });

export const bannerText = sprinkles({ color: 'muted' });
