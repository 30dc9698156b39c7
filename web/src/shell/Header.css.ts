import { style } from '@vanilla-extract/css';
import { breakpoints, media } from '@/styles/breakpoints.ts';
import { listReset } from '@/styles/patterns.css.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { barLinkText, barLinkTransition, menuToggleUntil } from './headerParts.css.ts';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.header,
  borderBottom: `1px solid ${vars.color.border}`,
  backgroundColor: vars.tint.bg82,
  backdropFilter: 'saturate(140%) blur(14px)',
  WebkitBackdropFilter: 'saturate(140%) blur(14px)',
});

export const bar = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'sm' }),
  {
    minHeight: vars.layout.headerHeight,
  },
]);

export const actions = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'xs', flexShrink: '0' }),
  {
    marginLeft: 'auto',
    '@media': {
      [media.tablet]: { gap: vars.space.sm },
    },
  },
]);

/**
 * From tablet to desktop width the bar is tight for the longer languages' links ("Partenaires et
 * récompenses"): there they may take two lines, closer together, rather than push the page sideways.
 */
const tabletOnly = `screen and (min-width: ${breakpoints.tablet}px) and (max-width: ${breakpoints.desktop - 0.02}px)`;

/** Below tablet width the links fold into a panel under the bar, opened by the menu button. */
export const nav = style([
  sprinkles({ display: 'none', position: 'absolute', backgroundColor: 'raised' }),
  {
    top: '100%',
    left: 0,
    right: 0,
    padding: `${vars.space.sm} ${vars.space.lg} ${vars.space.lg}`,
    borderBottom: `1px solid ${vars.color.border}`,
    boxShadow: vars.shadow.md,
    selectors: {
      '&[data-open="true"]': { display: 'block' },
    },
    '@media': {
      [media.tablet]: {
        display: 'block',
        position: 'static',
        padding: 0,
        border: 'none',
        background: 'none',
        boxShadow: 'none',
        marginLeft: vars.space.xl,
        minWidth: 0,
      },
      [tabletOnly]: { marginLeft: vars.space.sm },
    },
  },
]);

export const navList = style([
  listReset,
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xxs' }),
  {
    '@media': {
      [media.tablet]: { flexDirection: 'row', alignItems: 'center', gap: vars.space.xs },
    },
  },
]);

export const navLink = style([
  sprinkles({ display: 'flex', alignItems: 'center', paddingY: 'none', paddingX: 'md' }),
  barLinkText,
  {
    minHeight: '44px',
    transition: barLinkTransition,
    selectors: {
      '&:hover': { color: vars.color.text, backgroundColor: vars.color.surfaceHover },
      '&[aria-current="page"]': { color: vars.color.goldBright },
    },
    '@media': {
      [media.tablet]: { minHeight: '36px' },
      [tabletOnly]: {
        whiteSpace: 'normal',
        lineHeight: 1.2,
        textAlign: 'center',
        paddingInline: vars.space.sm,
      },
    },
  },
]);

export const menuToggle = style(menuToggleUntil(media.tablet));

export const avatarPlaceholder = style([
  sprinkles({ borderRadius: 'pill', backgroundColor: 'surface', border: 'subtle' }),
  {
    width: '36px',
    height: '36px',
  },
]);

export const iconPlaceholder = style({
  width: '44px',
  height: '44px',
});
