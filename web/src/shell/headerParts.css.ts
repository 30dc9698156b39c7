import { type ComplexStyleRule, keyframes, type StyleRule } from '@vanilla-extract/css';
import { iconButton } from '@/styles/patterns.css.ts';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

/*
 * What the signed-in and the public header share: their popups, the link look of the bar, the folded
 * menu's toggle and the chevrons of what opens.
 */

const appear = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px) scale(0.98)' },
  to: { opacity: 1, transform: 'translateY(0) scale(1)' },
});

/**
 * A popup opened from the bar (the user menu, the bell): above the page, never wider than the screen,
 * growing from its trigger (Radix names the origin's variable by the kind of popup).
 */
export function barPopup(kind: 'dropdown-menu' | 'popover'): StyleRule {
  return {
    zIndex: vars.zIndex.menu,
    maxWidth: 'calc(100vw - 16px)',
    boxShadow: `${vars.shadow.lg}, ${vars.shadow.insetHighlight}`,
    transformOrigin: `var(--radix-${kind}-content-transform-origin)`,
    selectors: {
      '&[data-state="open"]': {
        animation: `${appear} ${vars.duration.normal} cubic-bezier(0.16, 1, 0.3, 1)`,
      },
    },
  };
}

/** The round trigger of a popup in the bar (the bell, the user menu), outlined while it is open. */
export const barTrigger: [string, StyleRule] = [
  sprinkles({ borderRadius: 'pill', background: 'transparent', color: 'text', cursor: 'pointer' }),
  {
    border: '1px solid transparent',
    transition: `background-color ${vars.duration.fast}, border-color ${vars.duration.fast}`,
    selectors: {
      '&:hover': { backgroundColor: vars.color.surfaceHover },
      '&[data-state="open"]': { borderColor: vars.color.border, backgroundColor: vars.color.surface },
    },
  },
];

/** The text of a link or trigger in the bar, muted until hovered. */
export const barLinkText = sprinkles({
  borderRadius: 'md',
  color: 'muted',
  fontSize: 'sm',
  fontWeight: 'medium',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
});

export const barLinkTransition = `color ${vars.duration.fast}, background-color ${vars.duration.fast}`;

/** The folded menu's toggle, hidden from `unfolded` on, where the bar shows its links. */
export function menuToggleUntil(unfolded: string): ComplexStyleRule {
  return [
    iconButton({ tone: 'outlined' }),
    { width: '44px', height: '44px', '@media': { [unfolded]: { display: 'none' } } },
  ];
}

/** A chevron turned over while what `trigger` opens is open. */
export function openChevron(trigger: string): StyleRule {
  return {
    color: vars.color.textMuted,
    transition: `transform ${vars.duration.normal}`,
    selectors: {
      [`${trigger}[data-state="open"] &`]: { transform: 'rotate(180deg)' },
    },
  };
}
