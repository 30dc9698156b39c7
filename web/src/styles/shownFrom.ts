import type { StyleRule } from '@vanilla-extract/css';

type ShownRule = NonNullable<StyleRule['@media']>[string];

/**
 * Text that is read out at every width but drawn only from `query` up (a name beside its icon, a
 * table's head row): below it, hidden as `visuallyHidden` hides it; from it, laid out again, with what
 * `shown` adds. Overflow stays hidden unless `shown` says otherwise.
 */
export function shownFrom(query: string, shown: ShownRule): StyleRule {
  return {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    clip: 'rect(0, 0, 0, 0)',
    '@media': {
      [query]: { position: 'static', width: 'auto', height: 'auto', clip: 'auto', ...shown },
    },
  };
}
