import { keyframes, style } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { accordionTriggerText, listReset } from '@/styles/patterns.css.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { barLinkText, barLinkTransition, menuToggleUntil, openChevron } from './headerParts.css.ts';

const appear = keyframes({
  from: { opacity: 0, transform: 'translateY(-6px)' },
  to: { opacity: 1, transform: 'translateY(0)' },
});

// ---------------------------------------------------------------------------------------------------
// Desktop: Radix NavigationMenu with four dropdowns and Pricing

export const desktopNav = style({
  display: 'none',
  '@media': {
    [media.desktop]: { display: 'block', marginLeft: vars.space.xl },
  },
});

export const navList = style([listReset, sprinkles({ display: 'flex', alignItems: 'center', gap: 'xxs' })]);

export const navItem = sprinkles({ position: 'relative' });

export const trigger = style([
  sprinkles({ display: 'inline-flex', alignItems: 'center', gap: 'xs', paddingY: 'none', paddingX: 'md' }),
  barLinkText,
  sprinkles({ border: 'none', background: 'transparent', cursor: 'pointer' }),
  {
    minHeight: '40px',
    transition: barLinkTransition,
    selectors: {
      '&:hover, &[data-state="open"]': { color: vars.color.text, backgroundColor: vars.color.surfaceHover },
      '&[aria-current="page"]': { color: vars.color.goldBright },
    },
  },
]);

export const chevron = style(openChevron(trigger));

export const content = style([
  sprinkles({ position: 'absolute', padding: 'sm' }),
  sprinkles({ borderRadius: 'lg', border: 'strong', backgroundColor: 'surface' }),
  {
    top: `calc(100% + ${vars.space.sm})`,
    left: 0,
    zIndex: vars.zIndex.menu,
    width: 'max-content',
    minWidth: '300px',
    maxWidth: '360px',
    boxShadow: `${vars.shadow.lg}, ${vars.shadow.insetHighlight}`,
    selectors: {
      '&[data-state="open"]': {
        animation: `${appear} ${vars.duration.normal} cubic-bezier(0.16, 1, 0.3, 1)`,
      },
    },
  },
]);

export const menuLinks = style([listReset, sprinkles({ display: 'grid', gap: 'xxs' })]);

export const menuLink = style([
  sprinkles({ display: 'grid', gap: 'xxs', paddingY: 'sm', paddingX: 'md' }),
  sprinkles({ borderRadius: 'md', color: 'text', textDecoration: 'none', outline: 'none' }),
  {
    selectors: {
      '&:hover, &:focus-visible': { backgroundColor: vars.color.surfaceHover },
      '&:focus-visible': { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
    },
  },
]);

export const menuLinkLabel = style([
  sprinkles({ fontSize: 'sm', fontWeight: 'semibold' }),
  {
    selectors: {
      [`${menuLink}:hover &`]: { color: vars.color.goldBright },
    },
  },
]);

export const menuLinkText = sprinkles({ fontSize: 'xs', color: 'muted' });

// ---------------------------------------------------------------------------------------------------
// Buttons on the right

/** Login moves into the folded menu on phones, where the bar has room for one button. */
export const loginButton = style({
  display: 'none',
  '@media': {
    [media.tablet]: { display: 'inline-flex' },
  },
});

export const menuToggle = style(menuToggleUntil(media.desktop));

// ---------------------------------------------------------------------------------------------------
// Phones and tablets: a folded panel under the bar

export const mobilePanel = style([
  sprinkles({ position: 'absolute', backgroundColor: 'raised' }),
  {
    top: '100%',
    left: 0,
    right: 0,
    maxHeight: `calc(100dvh - ${vars.layout.headerHeight})`,
    overflowY: 'auto',
    overscrollBehavior: 'contain',
    padding: `${vars.space.sm} ${vars.space.lg} ${vars.space.xl}`,
    borderBottom: `1px solid ${vars.color.border}`,
    boxShadow: vars.shadow.lg,
    animation: `${appear} ${vars.duration.normal} ease-out`,
    '@media': {
      [media.desktop]: { display: 'none' },
    },
  },
]);

export const accordionItem = style({
  borderBottom: `1px solid ${vars.color.border}`,
});

export const accordionHeader = sprinkles({ margin: 'none' });

export const accordionTrigger = style([
  sprinkles({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    width: '100%',
    paddingY: 'none',
    paddingX: 'xs',
  }),
  accordionTriggerText,
  {
    minHeight: '48px',
  },
]);

export const accordionChevron = style(openChevron(accordionTrigger));

export const mobileLinks = style([
  sprinkles({ display: 'grid', gridTemplateColumns: 1, gap: 'xxs', margin: 'none', listStyle: 'none' }),
  {
    padding: `0 0 ${vars.space.md}`,
    '@media': {
      [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    },
  },
]);

export const mobileLink = style([
  sprinkles({ display: 'flex', alignItems: 'center', paddingY: 'none', paddingX: 'md' }),
  sprinkles({ borderRadius: 'md', color: 'muted', fontSize: 'sm', textDecoration: 'none' }),
  {
    minHeight: '44px',
    selectors: {
      '&:hover': { color: vars.color.text, backgroundColor: vars.color.surfaceHover },
      '&[aria-current="page"]': { color: vars.color.goldBright },
    },
  },
]);

export const mobileSingle = style([
  mobileLink,
  {
    minHeight: '48px',
    padding: `0 ${vars.space.xs}`,
    borderBottom: `1px solid ${vars.color.border}`,
    borderRadius: 0,
    color: vars.color.text,
    fontSize: vars.fontSize.md,
    fontWeight: vars.fontWeight.semibold,
  },
]);

export const mobileActions = sprinkles({
  display: 'grid',
  gridTemplateColumns: 2,
  gap: 'md',
  paddingTop: 'lg',
});

export const actions = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'sm', flexShrink: '0' }),
  {
    marginLeft: 'auto',
  },
]);
