import { style } from '@vanilla-extract/css';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import {
  cluster,
  figure,
  inline,
  mutedText,
  plainList,
  splitColumns,
  spread,
  stack,
  tile,
} from '@/ui/layout/boxes.ts';

export { definition, details, term } from '@/ui/panel/Panel.css.ts';
export { bodyCell as td, numeric } from '@/ui/table/Table.css.ts';

export const widgets = stack('xl');

export const sectionTitle = sprinkles({ fontFamily: 'display', fontSize: '2xl' });

export const stats = style([plainList('lg'), sprinkles({ gridTemplateColumns: { mobile: 1, tablet: 2 } })]);

export const stat = style([
  stack('xs'),
  sprinkles({ padding: 'xl', borderRadius: 'lg', border: 'subtle', backgroundColor: 'raised' }),
]);

export const statLabel = style([inline('sm'), mutedText()]);

export const statValue = style([
  figure('bold'),
  sprinkles({ fontFamily: 'display', fontSize: '2xl', overflowWrap: 'anywhere' }),
]);

/** Its own rule (not atoms): a tone class such as `negative` set beside it must keep winning. */
export const statTrend = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const columns = splitColumns('minmax(0, 1.3fr) minmax(0, 1fr)');

export const payments = plainList('md');

export const payment = style([stack('md'), tile('lg')]);

export const paymentHead = spread('sm', 'baseline');

export const paymentAmount = style([figure('bold'), sprinkles({ fontSize: 'lg' })]);

export const actions = cluster('sm');

export const userCell = stack('xxs');

export const userName = sprinkles({ fontWeight: 'semibold' });

export const userHandle = mutedText('xs');
