import { style } from '@vanilla-extract/css';
import { media } from '../../../styles/breakpoints.ts';
import { vars } from '../../../styles/theme.css.ts';

/** The audit screen (a user's streams and a stream's hash-chained events) and the projections table. */

export const results = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const result = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceSunken,
  minWidth: 0,
});

export const streams = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'minmax(0, 1fr)',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
});

export const streamLink = style({
  display: 'grid',
  gap: vars.space.xxs,
  minHeight: '44px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceSunken,
  color: vars.color.text,
  textDecoration: 'none',
  minWidth: 0,
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceHover },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[aria-current="page"]': {
      borderColor: vars.tint.gold50,
      backgroundColor: vars.tint.gold12,
    },
  },
});

export const streamLabel = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
});

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const pagerButtons = style({
  display: 'flex',
  gap: vars.space.sm,
});

export const events = style({
  display: 'grid',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  selectors: {
    '&[aria-busy="true"]': { opacity: 0.6 },
  },
});

export const event = style({
  display: 'grid',
  gap: vars.space.md,
  minWidth: 0,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceSunken,
  selectors: {
    '&[data-broken="true"]': {
      borderColor: vars.color.dangerBorder,
      backgroundColor: vars.color.dangerSurface,
    },
  },
});

export const eventHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
});

export const revision = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const eventType = style({
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

export const badges = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  marginLeft: 'auto',
});

export const data = style({
  display: 'grid',
  justifyItems: 'start',
  gap: vars.space.sm,
});

export const chevron = style({
  transition: 'transform 150ms ease',
  selectors: {
    '[data-state="open"] > &': { transform: 'rotate(180deg)' },
  },
  '@media': {
    [media.reducedMotion]: { transition: 'none' },
  },
});

/** The scroll container of an event's data; the `pre` inside keeps the JSON's indentation. */
export const json = style({
  justifySelf: 'stretch',
  maxHeight: '360px',
  overflow: 'auto',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.bg,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const jsonText = style({
  margin: 0,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  lineHeight: 1.5,
  whiteSpace: 'pre',
});

/** A projection row's cells, tinted when the row is lagging (gold) or failing (red). */
export const attentionCell = style({
  selectors: {
    '[data-attention="lag"] > &': { backgroundColor: vars.tint.gold08 },
    '[data-attention="error"] > &': { backgroundColor: vars.color.dangerSurface },
  },
});

export const errorCell = style({
  display: 'grid',
  gap: vars.space.xxs,
  minWidth: '220px',
  maxWidth: '420px',
  overflowWrap: 'anywhere',
});

export const errorText = style({
  color: vars.color.danger,
});

export const rowHeader = style({
  textAlign: 'left',
  whiteSpace: 'nowrap',
});
