import { style, styleVariants } from '@vanilla-extract/css';
import { sheenLayer } from '@/styles/patterns.css.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

const base = style([
  sprinkles({ position: 'relative', overflow: 'hidden', display: 'grid', width: '100%', color: 'text' }),
  {
    gridTemplateRows: 'auto 1fr auto',
    // docs/product-rules.md spec 9: the card is drawn at 355 × 220.
    aspectRatio: '355 / 220',
    padding: '7%',
    borderRadius: '16px',
    border: `1px solid ${vars.tint.white18}`,
    boxShadow: `${vars.shadow.lg}, inset 0 1px 0 ${vars.tint.white25}`,
    '::after': sheenLayer,
  },
]);

export const tier = styleVariants({
  black: [base, { background: vars.gradient.black }],
  ruby: [base, { background: vars.gradient.ruby }],
  gold: [base, { background: vars.gradient.gold, color: vars.color.onGold }],
});

export const top = style([
  sprinkles({ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }),
  sprinkles({ fontFamily: 'display', fontWeight: 'bold' }),
  {
    letterSpacing: '0.08em',
    fontSize: 'clamp(0.7rem, 2.6vw, 0.95rem)',
  },
]);

export const chip = style({
  alignSelf: 'center',
  width: '15%',
  aspectRatio: '4 / 3',
  borderRadius: '5px',
  background: `linear-gradient(135deg, ${vars.tint.metalLight}, ${vars.tint.metalDark})`,
  boxShadow: `inset 0 0 0 1px ${vars.tint.black30}`,
});

export const tierName = style([
  sprinkles({ fontWeight: 'semibold', textTransform: 'uppercase' }),
  {
    fontSize: 'clamp(0.6rem, 2.2vw, 0.8rem)',
    letterSpacing: '0.18em',
    opacity: 0.85,
  },
]);
