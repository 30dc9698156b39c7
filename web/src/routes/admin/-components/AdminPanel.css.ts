import { style } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { cluster, code, inline, mutedText, plainList, splitColumns, stack, tile } from '@/ui/layout/boxes.ts';

/** The /admin screen: a side menu beside the sections on desktop, a folded menu above them on phones. */
export const layout = splitColumns('232px minmax(0, 1fr)');

export const main = style([stack('xl'), sprinkles({ minWidth: '0' })]);

export const menu = style([
  stack('sm'),
  sprinkles({ padding: 'md', borderRadius: 'xl', border: 'subtle', backgroundColor: 'raised' }),
  {
    '@media': {
      [media.desktop]: { position: 'sticky', top: `calc(${vars.layout.headerHeight} + ${vars.space.lg})` },
    },
  },
]);

export const menuToggle = style({
  '@media': {
    [media.desktop]: { display: 'none' },
  },
});

export const menuGroups = style([
  stack('lg'),
  sprinkles({ gridTemplateColumns: { tablet: 2, desktop: 1 } }),
  {
    selectors: {
      '&[data-state="closed"]': { display: 'none' },
    },
    '@media': {
      [media.desktop]: {
        selectors: { '&[data-state="closed"]': { display: 'grid' } },
      },
    },
  },
]);

export const group = stack('xxs');

export const groupTitle = style([
  sprinkles({ paddingY: 'none', paddingX: 'md', fontWeight: 'semibold', textTransform: 'uppercase' }),
  mutedText('xs'),
  { letterSpacing: '0.12em' },
]);

export const menuList = plainList('xxs');

export const menuLink = style([
  inline('sm'),
  sprinkles({ paddingY: 'none', paddingX: 'md', borderRadius: 'md', color: 'text', fontSize: 'sm' }),
  {
    minHeight: '40px',
    textDecoration: 'none',
    selectors: {
      '&:hover': { backgroundColor: vars.color.surfaceHover },
      '&[aria-current="page"]': {
        backgroundColor: vars.tint.gold12,
        color: vars.color.goldBright,
        fontWeight: vars.fontWeight.semibold,
      },
    },
  },
]);

export const soon = style([mutedText('xs'), { marginLeft: 'auto' }]);

export const toolbar = cluster('md', 'flex-end');

export const filter = style({
  minWidth: '200px',
});

/** An item of a review queue, tinted red once it is overdue. */
export const queueItem = style([
  stack('md'),
  tile('lg'),
  {
    selectors: {
      '&[data-overdue="true"]': {
        borderColor: vars.color.dangerBorder,
        backgroundColor: vars.color.dangerSurface,
      },
    },
  },
]);

export const mono = code('xs');

export const settingsGrid = plainList('md');

/** A setting's form in its tile: one column on phones, `columns` (its name first) from tablets up. */
const settingTile = (columns: string) =>
  style([
    stack('md'),
    tile('lg'),
    {
      gridTemplateColumns: 'minmax(0, 1fr)',
      alignItems: 'end',
      '@media': {
        [media.tablet]: { gridTemplateColumns: columns },
      },
    },
  ]);

export const settingRow = settingTile('160px minmax(0, 1fr) minmax(0, 1fr) auto');

/** A deposit address's row: its currency and network, the address field, the actions. */
export const addressRow = settingTile('180px minmax(0, 1fr) auto');

export const settingName = style([stack('xxs'), { alignSelf: 'center' }]);

export const message = style([
  sprinkles({ overflowWrap: 'anywhere', fontSize: 'sm' }),
  { whiteSpace: 'pre-wrap' },
]);

/** Sits on a panel, which lays it out (grid, gap): only the alignment is its own. */
export const comingSoon = style({
  justifyItems: 'start',
});

export const setAt = mutedText('xs');
