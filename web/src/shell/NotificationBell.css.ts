import { style } from '@vanilla-extract/css';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { barPopup, barTrigger } from './headerParts.css.ts';

/**
 * A 44 px round button; with unread notifications it widens into a pill with the count beside the bell,
 * so the badge never sits on the glyph it counts for (the bell stays whole at every width).
 */
export const trigger = style([
  sprinkles({ position: 'relative', display: 'inline-flex', alignItems: 'center', padding: 'none' }),
  ...barTrigger,
  {
    justifyContent: 'center',
    gap: '3px',
    minWidth: '44px',
    height: '44px',
    selectors: {
      '&:has([data-badge])': { paddingLeft: '8px', paddingRight: '6px' },
    },
  },
]);

export const badge = style([
  sprinkles({ display: 'inline-grid', placeItems: 'center' }),
  sprinkles({ borderRadius: 'pill', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' }),
  {
    minWidth: '18px',
    height: '18px',
    padding: '0 4px',
    backgroundColor: vars.color.ruby,
    boxSizing: 'border-box',
    color: vars.tint.white,
    fontSize: '0.6875rem',
    lineHeight: 1,
  },
]);

export const content = style([
  sprinkles({ display: 'grid', borderRadius: 'lg', border: 'strong', backgroundColor: 'surface' }),
  barPopup('popover'),
  { width: '360px' },
]);

export const head = style([
  sprinkles({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: 'sm',
    paddingY: 'md',
    paddingX: 'lg',
  }),
  {
    borderBottom: `1px solid ${vars.color.border}`,
    // A long title ("Benachrichtigungen") and "mark all" take two lines rather than one word cut in two.
    flexWrap: 'wrap',
  },
]);

export const heading = style([
  sprinkles({ fontSize: 'md', fontWeight: 'semibold' }),
  // Whole words: the page's default lets a word break anywhere, which cut the German title in two.
  { overflowWrap: 'normal' },
]);

/** docs/product-rules.md spec 9: the list area is 350 px high (less on a very short screen). */
export const list = style([
  sprinkles({ margin: 'none', padding: 'xs', listStyle: 'none' }),
  {
    height: '350px',
    maxHeight: 'calc(100dvh - 160px)',
    overflowY: 'auto',
    overscrollBehavior: 'contain',
  },
]);

export const empty = style([
  sprinkles({ display: 'grid', placeItems: 'center', color: 'muted', fontSize: 'sm' }),
  {
    height: '100%',
  },
]);

export const item = style([
  sprinkles({ display: 'flex', alignItems: 'flex-start', gap: 'md', width: '100%', padding: 'md' }),
  sprinkles({
    border: 'none',
    borderRadius: 'md',
    background: 'transparent',
    color: 'text',
    textAlign: 'left',
  }),
  {
    cursor: 'default',
    selectors: {
      '&[data-unread="true"]': {
        backgroundColor: vars.tint.gold08,
        boxShadow: `inset 3px 0 0 ${vars.color.gold}`,
        cursor: 'pointer',
      },
      '&[data-unread="true"]:hover': { backgroundColor: vars.tint.gold14 },
    },
  },
]);

export const itemIcon = style([
  sprinkles({ display: 'inline-grid', placeItems: 'center', flexShrink: '0' }),
  sprinkles({ borderRadius: 'pill', color: 'gold' }),
  {
    width: '32px',
    height: '32px',
    backgroundColor: vars.color.surfaceHover,
  },
]);

export const itemBody = sprinkles({ display: 'grid', gap: 'xxs', minWidth: '0' });

export const itemTitle = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'xs' }),
  sprinkles({ fontSize: 'sm', fontWeight: 'semibold' }),
]);

export const unreadDot = style([
  sprinkles({ flexShrink: '0', borderRadius: 'pill' }),
  {
    width: '8px',
    height: '8px',
    backgroundColor: vars.color.goldBright,
  },
]);

export const itemMessage = sprinkles({ fontSize: 'sm', color: 'muted', overflowWrap: 'anywhere' });

export const itemTime = sprinkles({ fontSize: 'xs', color: 'muted' });

/** The link from a notification about a movement to its receipt. */
export const receiptLink = style({
  display: 'inline-block',
  margin: `0 ${vars.space.md} ${vars.space.sm}`,
  fontSize: vars.fontSize.xs,
  color: vars.color.goldBright,
});

/** Under the list: the way to every notification, not only the newest few. */
export const foot = style([
  sprinkles({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 'md',
    paddingY: 'sm',
    paddingX: 'lg',
  }),
  { flexWrap: 'wrap' },
  { borderTop: `1px solid ${vars.color.border}` },
]);

export const viewAll = style({
  display: 'inline-block',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: vars.color.goldBright,
});

/** The notifications page's list: as long as the pages loaded, no scroll box of its own. */
export const pageList = sprinkles({ margin: 'none', padding: 'xs', listStyle: 'none' });
