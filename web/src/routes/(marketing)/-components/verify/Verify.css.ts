import { style } from '@vanilla-extract/css';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { code, inline, markedList, mutedText, plainList, shrinkStack, stack } from '@/ui/layout/boxes.ts';

/** The /verify page: the file drop, the verdict with its checks, and the signed-in user's proofs. */

export const columns = style([stack('xl'), { alignItems: 'start' }]);

/** The drop area: dashed while idle, gold while a file is dragged over it. */
export const dropZone = style([
  stack('md'),
  sprinkles({ padding: { mobile: 'xl', tablet: '2xl' }, borderRadius: 'xl', textAlign: 'center' }),
  {
    justifyItems: 'center',
    border: `2px dashed ${vars.color.borderStrong}`,
    backgroundColor: vars.color.bgRaised,
    selectors: {
      '&[data-dragging="true"]': { borderColor: vars.color.gold, backgroundColor: vars.tint.gold08 },
      '&:focus-within': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    },
  },
]);

export const dropIcon = sprinkles({ color: 'gold' });

export const dropHint = mutedText();

export const fileName = style([code('sm'), sprinkles({ color: 'muted' })]);

/** The verdict: green when every check passed, red when one failed. */
export const verdict = style([
  stack('md'),
  sprinkles({ padding: { mobile: 'lg', tablet: 'xl' }, borderRadius: 'lg' }),
  {
    border: `1px solid ${vars.color.border}`,
    selectors: {
      '&[data-ok="true"]': {
        borderColor: vars.color.successBorder,
        backgroundColor: vars.color.successSurface,
      },
      '&[data-ok="false"]': {
        borderColor: vars.color.dangerBorder,
        backgroundColor: vars.color.dangerSurface,
      },
    },
  },
]);

export const verdictTitle = style([
  inline('sm'),
  sprinkles({ fontSize: 'xl' }),
  { overflowWrap: 'anywhere' },
]);

export const verdictDetail = style({ margin: 0, overflowWrap: 'anywhere' });

export const checks = plainList('sm');

export const check = style([
  sprinkles({ display: 'grid', gap: 'sm', fontSize: 'sm' }),
  { gridTemplateColumns: '20px minmax(0, 1fr)', alignItems: 'start' },
]);

export const checkBody = shrinkStack('xxs');

export const checkName = sprinkles({ fontWeight: 'semibold' });

export const checkDetail = style([mutedText(), { overflowWrap: 'anywhere' }]);

export const passIcon = sprinkles({ color: 'success' });
export const failIcon = sprinkles({ color: 'danger' });

export const facts = style([markedList('xs'), sprinkles({ fontSize: 'sm' })]);

export const keyId = style([code('sm'), { margin: `0 0 ${vars.space.sm}` }]);

export const subheading = sprinkles({ fontSize: 'lg', fontWeight: 'semibold' });

/** The file's key id and the published one, term above value (ids are long: no side-by-side columns). */
export const keys = style([stack('xxs'), sprinkles({ margin: 'none', fontSize: 'sm' })]);

export const keyMatch = style([sprinkles({ fontWeight: 'semibold' }), { margin: `${vars.space.xs} 0 0` }]);

/** The published totals: three short columns that fit a phone, unlike the admin tables' minimum width. */
export const totals = style([sprinkles({ width: '100%', fontSize: 'sm' }), { borderCollapse: 'collapse' }]);

export const rowHead = style({ textAlign: 'left', fontWeight: vars.fontWeight.semibold });
