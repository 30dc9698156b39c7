import { keyframes, style } from '@vanilla-extract/css';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import {
  cluster,
  code,
  figure,
  inline,
  listReset,
  markedList,
  mutedText,
  plainList,
  shrinkStack,
  splitColumns,
  spread,
  wideTile,
} from '@/ui/layout/boxes.ts';

export const top = spread('md');

export const layout = splitColumns('minmax(0, 1.6fr) minmax(0, 1fr)');

export const aside = shrinkStack('lg');

export const warning = style([
  inline('sm', 'flex-start'),
  sprinkles({ paddingY: 'md', paddingX: 'lg', borderRadius: 'md', fontSize: 'sm' }),
  { border: `1px solid ${vars.color.dangerBorder}`, backgroundColor: vars.color.dangerSurface },
]);

export const warningIcon = style([sprinkles({ flexShrink: '0', color: 'danger' }), { marginTop: '2px' }]);

export const facts = style([cluster('sm'), mutedText()]);

export const list = plainList('sm');

export const item = style([spread('sm'), wideTile('md', 'lg'), sprinkles({ fontSize: 'sm' })]);

export const itemMain = shrinkStack('xxs');

export const itemTitle = sprinkles({ fontWeight: 'semibold' });

export const hash = style([code('xs'), sprinkles({ color: 'muted' })]);

export const infoTitle = style([inline('sm'), sprinkles({ fontSize: 'lg' })]);

export const steps = style([markedList('sm'), mutedText()]);

export const tiers = plainList('sm');

export const tier = style([inline('sm'), sprinkles({ justifyContent: 'space-between', fontSize: 'sm' })]);

export const tierPrice = figure();

export const footer = style({
  paddingTop: vars.space.xl,
  borderTop: `1px solid ${vars.color.border}`,
});

export const footerList = style([
  sprinkles({ display: 'flex', flexWrap: 'wrap', fontSize: 'sm' }),
  listReset(),
  { gap: `${vars.space.sm} ${vars.space.xl}` },
]);

export const spinnerWrap = style([
  sprinkles({ display: 'grid', placeItems: 'center', gap: 'md', color: 'muted' }),
  { minHeight: '40vh' },
]);

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  color: vars.color.goldBright,
  animation: `${spin} 0.8s linear infinite`,
});
