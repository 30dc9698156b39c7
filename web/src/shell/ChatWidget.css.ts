import { globalStyle, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { iconButton } from '@/styles/patterns.css.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

const edge = vars.space.lg;
const chatZ = '45';

const rise = keyframes({
  from: { opacity: 0, transform: 'translateY(12px) scale(0.98)' },
  to: { opacity: 1, transform: 'translateY(0) scale(1)' },
});

const bounce = keyframes({
  '0%, 80%, 100%': { transform: 'translateY(0)', opacity: 0.4 },
  '40%': { transform: 'translateY(-4px)', opacity: 1 },
});

export const launcher = style([
  sprinkles({ position: 'fixed', display: 'inline-grid', placeItems: 'center', padding: 'none' }),
  sprinkles({ borderRadius: 'pill', background: 'gold', color: 'onGold', cursor: 'pointer' }),
  {
    right: edge,
    bottom: edge,
    zIndex: chatZ,
    width: '56px',
    height: '56px',
    border: `1px solid ${vars.tint.white30}`,
    boxShadow: `${vars.shadow.lg}, ${vars.shadow.gold}`,
    transition: `transform ${vars.duration.fast}`,
    selectors: {
      '&:hover': { transform: 'translateY(-2px)' },
    },
  },
]);

export const panel = style([
  sprinkles({ position: 'fixed', display: 'flex', flexDirection: 'column' }),
  sprinkles({ borderRadius: 'xl', border: 'strong', backgroundColor: 'raised', overflow: 'hidden' }),
  {
    right: vars.space.md,
    left: vars.space.md,
    bottom: vars.space.md,
    zIndex: chatZ,
    maxHeight: `calc(100dvh - ${vars.layout.headerHeight} - ${vars.space.xl})`,
    boxShadow: `${vars.shadow.lg}, ${vars.shadow.insetHighlight}`,
    animation: `${rise} ${vars.duration.slow} cubic-bezier(0.16, 1, 0.3, 1)`,
    '@media': {
      [media.tablet]: { left: 'auto', right: edge, bottom: edge, width: '380px' },
    },
  },
]);

export const panelExpanded = style({
  height: '560px',
});

// The launcher floats over the page's bottom-right corner: the page ends with room for it, so its last
// control (an Export button, a queue's last row) can always be scrolled above the launcher.
globalStyle('main#main', { paddingBottom: `calc(56px + 2 * ${edge})` });

// The signed-in screens' phone tab bar sits at the bottom; the chat stays clear of it. Found by its data
// attribute, never by its label: the label is in the reader's language (it once matched English only, and
// the launcher covered the Profile tab in every other language).
for (const selector of [launcher, panel]) {
  globalStyle(`body:has(nav[data-tab-bar]) ${selector}`, {
    '@media': {
      'screen and (max-width: 767.98px)': {
        bottom: `calc(72px + env(safe-area-inset-bottom, 0px))`,
      },
    },
  });
}

export const header = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'md' }),
  {
    padding: `${vars.space.md} ${vars.space.md} ${vars.space.md} ${vars.space.lg}`,
    borderBottom: `1px solid ${vars.color.border}`,
    background: `linear-gradient(120deg, ${vars.tint.gold14}, ${vars.tint.surface90})`,
  },
]);

export const avatar = style([
  sprinkles({ position: 'relative', display: 'inline-grid', placeItems: 'center', flexShrink: '0' }),
  sprinkles({ borderRadius: 'pill', fontWeight: 'bold', fontSize: 'md' }),
  {
    width: '40px',
    height: '40px',
    color: vars.tint.white,
    textShadow: `0 1px 1px ${vars.tint.black35}`,
    boxShadow: `inset 0 1px 0 ${vars.tint.white50}`,
  },
]);

export const avatarSmall = style({
  width: '28px',
  height: '28px',
  fontSize: vars.fontSize.xs,
});

export const onlineDot = style([
  sprinkles({ position: 'absolute', borderRadius: 'pill' }),
  {
    right: '-1px',
    bottom: '-1px',
    width: '11px',
    height: '11px',
    backgroundColor: vars.color.success,
    boxShadow: `0 0 0 2px ${vars.color.bgRaised}`,
  },
]);

export const who = style([
  sprinkles({ display: 'grid', minWidth: '0' }),
  {
    flex: 1,
  },
]);

export const agentName = sprinkles({ fontSize: 'md', fontWeight: 'semibold', margin: 'none' });

export const agentRole = sprinkles({ fontSize: 'xs', color: 'muted' });

export const headerButton = style([
  iconButton({ tone: 'quiet' }),
  sprinkles({ flexShrink: '0' }),
  {
    width: '36px',
    height: '36px',
  },
]);

export const log = style([
  sprinkles({ display: 'flex', flexDirection: 'column', gap: 'md', padding: 'lg' }),
  {
    flex: 1,
    minHeight: 0,
    overflowY: 'auto',
    overscrollBehavior: 'contain',
  },
]);

export const status = style([
  sprinkles({ display: 'flex', alignItems: 'center', gap: 'sm', paddingY: 'xs', paddingX: 'md' }),
  sprinkles({ borderRadius: 'pill', backgroundColor: 'surface', fontSize: 'xs', color: 'muted' }),
  {
    alignSelf: 'center',
  },
]);

export const row = styleVariants({
  user: { display: 'flex', justifyContent: 'flex-end' },
  assistant: { display: 'flex', alignItems: 'flex-end', gap: vars.space.sm },
});

const bubbleBase = style([
  sprinkles({ display: 'grid', gap: 'xxs', paddingY: 'sm', paddingX: 'md' }),
  sprinkles({ borderRadius: 'lg', fontSize: 'sm', lineHeight: 'normal', overflowWrap: 'anywhere' }),
  {
    maxWidth: '82%',
    whiteSpace: 'pre-wrap',
  },
]);

export const bubble = styleVariants({
  user: [
    bubbleBase,
    {
      borderBottomRightRadius: vars.radius.sm,
      background: vars.gradient.gold,
      color: vars.color.onGold,
    },
  ],
  assistant: [
    bubbleBase,
    {
      borderBottomLeftRadius: vars.radius.sm,
      border: `1px solid ${vars.color.border}`,
      backgroundColor: vars.color.surface,
      color: vars.color.text,
    },
  ],
});

export const time = styleVariants({
  user: {
    fontSize: '0.6875rem',
    color: vars.color.onGold,
    justifySelf: 'end',
    fontWeight: vars.fontWeight.medium,
  },
  assistant: { fontSize: '0.6875rem', color: vars.color.textMuted },
});

export const dots = style({
  display: 'inline-flex',
  gap: '3px',
});

export const dot = style({
  width: '6px',
  height: '6px',
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.textMuted,
  animation: `${bounce} 1.2s infinite ease-in-out`,
  selectors: {
    '&:nth-child(2)': { animationDelay: '0.15s' },
    '&:nth-child(3)': { animationDelay: '0.3s' },
  },
});

export const form = style([
  sprinkles({ display: 'flex', gap: 'sm', padding: 'md' }),
  {
    borderTop: `1px solid ${vars.color.border}`,
    backgroundColor: vars.color.bg,
  },
]);

export const input = style([
  sprinkles({ minWidth: '0', paddingY: 'none', paddingX: 'md' }),
  sprinkles({
    borderRadius: 'pill',
    border: 'strong',
    backgroundColor: 'sunken',
    color: 'text',
    fontSize: 'sm',
  }),
  {
    flex: 1,
    minHeight: '44px',
    '::placeholder': { color: vars.color.textSubtle },
    selectors: {
      '&:focus-visible': {
        outline: 'none',
        borderColor: vars.color.gold,
        boxShadow: `0 0 0 3px ${vars.tint.gold25}`,
      },
    },
  },
]);

export const send = style([
  sprinkles({ display: 'inline-grid', placeItems: 'center', flexShrink: '0', padding: 'none' }),
  sprinkles({ border: 'none', borderRadius: 'pill', background: 'gold', color: 'onGold', cursor: 'pointer' }),
  {
    width: '44px',
    height: '44px',
    selectors: {
      '&:disabled': { cursor: 'not-allowed', opacity: 0.45 },
    },
  },
]);

export const note = style([
  sprinkles({ color: 'muted', textAlign: 'center' }),
  {
    padding: `0 ${vars.space.md} ${vars.space.sm}`,
    backgroundColor: vars.color.bg,
    fontSize: '0.6875rem',
  },
]);
