import { style, styleVariants } from '@vanilla-extract/css';
import { media } from '../../styles/breakpoints.ts';
import { vars } from '../../styles/theme.css.ts';

export const wrap = style({
  flex: 1,
  display: 'grid',
  placeItems: 'start center',
  paddingBlock: vars.space['2xl'],
  '@media': {
    [media.tablet]: { placeItems: 'center', paddingBlock: vars.space['3xl'] },
  },
});

const panelBase = style({
  position: 'relative',
  width: '100%',
  display: 'grid',
  gap: vars.space.xl,
  padding: `${vars.space['2xl']} ${vars.space.xl}`,
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.bgRaised,
  boxShadow: `${vars.shadow.lg}, ${vars.shadow.insetHighlight}`,
  '::before': {
    content: '""',
    position: 'absolute',
    insetInline: '24px',
    top: '-1px',
    height: '1px',
    background: `linear-gradient(90deg, transparent, ${vars.tint.goldBright70}, transparent)`,
  },
  '@media': {
    [media.tablet]: { padding: `${vars.space['3xl']} ${vars.space['3xl']}` },
  },
});

export const panel = styleVariants({
  narrow: [panelBase, { maxWidth: '460px' }],
  wide: [panelBase, { maxWidth: '600px' }],
});

export const heading = style({
  display: 'grid',
  gap: vars.space.sm,
  textAlign: 'center',
});

export const title = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize['2xl'],
  '@media': {
    [media.tablet]: { fontSize: vars.fontSize['3xl'] },
  },
});

export const subtitle = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const form = style({
  display: 'grid',
  gap: vars.space.lg,
});

export const row = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
});

export const inline = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const footer = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.md,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  textAlign: 'center',
});

export const notice = style({
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.tint.gold35}`,
  backgroundColor: vars.tint.gold08,
  fontSize: vars.fontSize.sm,
});

export const smallLink = style({
  fontSize: vars.fontSize.sm,
});

export const homeLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.textMuted,
  textDecoration: 'none',
  ':hover': { color: vars.color.text },
});
