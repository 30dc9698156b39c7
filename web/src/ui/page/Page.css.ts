import { style } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { clipText, sheenLayer } from '@/styles/patterns.css.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import {
  cluster,
  figure,
  inline,
  mutedText,
  splitColumns,
  spread,
  stack as stackOf,
} from '../layout/boxes.ts';

export const stack = stackOf('xl');

export const heading = stackOf('sm');

export const title = sprinkles({ fontFamily: 'display', fontSize: { mobile: '2xl', tablet: '3xl' } });

export const muted = sprinkles({ color: 'muted' });

/** A failed page's buttons: "Try again" and the way out, side by side, wrapping on a phone. */
export const actions = cluster('sm');

export const adminBanner = style([
  spread('lg'),
  sprinkles({ padding: 'xl', borderRadius: 'xl' }),
  {
    border: `1px solid ${vars.tint.rubyBright35}`,
    background: `linear-gradient(120deg, ${vars.color.rubySurface}, ${vars.tint.surface90})`,
  },
]);

export const adminText = style([inline('md', 'flex-start'), sprinkles({ minWidth: '0' })]);

export const adminIcon = style([sprinkles({ flexShrink: '0', color: 'ruby' }), { marginTop: '2px' }]);

export const grid = splitColumns('minmax(0, 1.2fr) minmax(0, 1fr)');

/** Room for the fixed bottom bar on phones, so it never covers the last card. */
export const withTabBar = style({
  paddingBottom: `calc(${vars.space['2xl']} + 72px + env(safe-area-inset-bottom, 0px))`,
  '@media': {
    [media.tablet]: { paddingBottom: vars.space['3xl'] },
  },
});

/** The balance card is drawn as the metal card itself. */
export const balanceCard = style([
  stackOf('xl'),
  sprinkles({ position: 'relative', padding: { mobile: 'xl', tablet: '2xl' } }),
  sprinkles({ borderRadius: 'xl', border: 'strong' }),
  {
    overflow: 'hidden',
    alignContent: 'space-between',
    minHeight: '220px',
    background: vars.gradient.black,
    boxShadow: `${vars.shadow.lg}, ${vars.shadow.insetHighlight}`,
    '::after': sheenLayer,
  },
]);

export const balanceLabel = style([inline('sm'), mutedText()]);

export const balanceTitle = style([
  sprinkles({ fontSize: 'sm', fontWeight: 'medium', textTransform: 'uppercase' }),
  { letterSpacing: '0.04em' },
]);

export const balanceAmount = style([
  sprinkles({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', overflowWrap: 'anywhere' }),
  sprinkles({ fontFamily: 'display', fontWeight: 'bold' }),
  { columnGap: vars.space.sm, fontSize: 'clamp(2rem, 9vw, 3rem)', lineHeight: 1.1 },
]);

export const balanceUnit = style([
  sprinkles({ fontFamily: 'body', fontSize: 'lg', fontWeight: 'semibold' }),
  {
    background: vars.gradient.gold,
    ...clipText,
  },
]);

export const balanceUsd = sprinkles({ color: 'muted', fontVariantNumeric: 'tabular-nums' });

export const skeleton = style([
  sprinkles({ borderRadius: 'xl', backgroundColor: 'surface', border: 'subtle' }),
  { height: '220px' },
]);

/** Above the card's sheen. */
const raised = style([sprinkles({ position: 'relative' }), { zIndex: 1 }]);

export const balanceFooter = style([raised, spread('md')]);

export const balanceFigures = style([raised, stackOf('xs')]);

export const change = style([
  sprinkles({ display: 'inline-flex', alignItems: 'center', gap: 'xs', paddingY: 'xxs', paddingX: 'sm' }),
  sprinkles({ borderRadius: 'pill', fontSize: 'sm' }),
  figure(),
  { backgroundColor: vars.tint.white06 },
]);

export const changeUp = style({ color: vars.color.success });
export const changeDown = style({ color: vars.color.danger });
export const changeFlat = style({ color: vars.color.textMuted });

export const rate = mutedText();
