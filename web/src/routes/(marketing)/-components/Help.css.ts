import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/breakpoints.ts';
import { vars } from '../../../styles/theme.css.ts';

export const searchWrap = style({
  position: 'relative',
  // Inside the centred hero the box sizes itself, not to its content.
  width: `min(560px, calc(100vw - 2 * ${vars.space.lg}))`,
});

export const searchIcon = style({
  position: 'absolute',
  top: '50%',
  left: vars.space.lg,
  transform: 'translateY(-50%)',
  color: vars.color.textMuted,
  pointerEvents: 'none',
});

export const searchInput = style({
  width: '100%',
  minHeight: '56px',
  padding: `0 ${vars.space.lg} 0 calc(${vars.space.lg} + 30px)`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.surfaceSunken,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  boxShadow: vars.shadow.md,
  '::placeholder': { color: vars.color.textSubtle },
  selectors: {
    '&:focus-visible': {
      outline: 'none',
      borderColor: vars.color.gold,
      boxShadow: `0 0 0 3px ${vars.tint.gold25}`,
    },
  },
});

export const categoryCard = style({
  display: 'grid',
  gap: vars.space.sm,
});

export const faqGroups = style({
  display: 'grid',
  gap: vars.space['2xl'],
});

export const faqGroupHead = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
});

export const faqGroupTitle = style({
  fontSize: vars.fontSize.xl,
  fontFamily: vars.font.display,
});

export const results = style({
  marginBottom: vars.space.lg,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const noResults = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space['3xl']} ${vars.space.lg}`,
  borderRadius: vars.radius.xl,
  border: `1px dashed ${vars.color.borderStrong}`,
  textAlign: 'center',
  color: vars.color.textMuted,
});

export const helpGrid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
});

export const soon = style({
  justifySelf: 'start',
});
