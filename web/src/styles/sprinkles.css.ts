import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles';
import { media } from './breakpoints.ts';
import { vars } from './theme.css.ts';

/** Layout atoms with mobile-first responsive conditions: mobile (360 px and up), tablet, desktop. */
const responsiveProperties = defineProperties({
  conditions: {
    mobile: {},
    tablet: { '@media': media.tablet },
    desktop: { '@media': media.desktop },
  },
  defaultCondition: 'mobile',
  responsiveArray: ['mobile', 'tablet', 'desktop'],
  properties: {
    display: ['none', 'flex', 'grid', 'block', 'inline-flex', 'inline-grid'],
    flexDirection: ['row', 'column'],
    flexWrap: ['wrap', 'nowrap'],
    alignItems: ['stretch', 'flex-start', 'center', 'flex-end', 'baseline'],
    justifyContent: ['flex-start', 'center', 'flex-end', 'space-between'],
    placeItems: ['center', 'start'],
    textAlign: ['left', 'center', 'right'],
    gap: vars.space,
    paddingTop: vars.space,
    paddingBottom: vars.space,
    paddingLeft: vars.space,
    paddingRight: vars.space,
    gridTemplateColumns: {
      1: 'minmax(0, 1fr)',
      2: 'repeat(2, minmax(0, 1fr))',
      3: 'repeat(3, minmax(0, 1fr))',
    },
    fontSize: vars.fontSize,
  },
  shorthands: {
    padding: ['paddingTop', 'paddingBottom', 'paddingLeft', 'paddingRight'],
    paddingX: ['paddingLeft', 'paddingRight'],
    paddingY: ['paddingTop', 'paddingBottom'],
  },
});

const colorProperties = defineProperties({
  properties: {
    color: {
      text: vars.color.text,
      muted: vars.color.textMuted,
      subtle: vars.color.textSubtle,
      gold: vars.color.goldBright,
      ruby: vars.color.rubyBright,
      danger: vars.color.danger,
      success: vars.color.success,
      onGold: vars.color.onGold,
    },
    backgroundColor: {
      raised: vars.color.bgRaised,
      surface: vars.color.surface,
      sunken: vars.color.surfaceSunken,
    },
    border: {
      none: '0',
      subtle: `1px solid ${vars.color.border}`,
      strong: `1px solid ${vars.color.borderStrong}`,
    },
    fontWeight: vars.fontWeight,
  },
});

/**
 * Single-value atoms that the stylesheets repeat most (list resets, truncation, numeric figures), so a
 * style reads as what it is rather than as the same six property lines again.
 */
const staticProperties = defineProperties({
  properties: {
    margin: { none: '0', auto: 'auto' },
    listStyle: ['none'],
    minWidth: ['0'],
    width: ['100%'],
    flexShrink: ['0'],
    position: ['relative', 'absolute', 'fixed'],
    whiteSpace: ['nowrap'],
    overflowWrap: ['anywhere'],
    fontVariantNumeric: ['tabular-nums'],
    fontFamily: vars.font,
    lineHeight: vars.lineHeight,
    borderRadius: vars.radius,
    cursor: ['pointer'],
    textTransform: ['uppercase'],
    justifyItems: ['center', 'start'],
    textDecoration: ['none'],
    overflow: ['hidden'],
    outline: ['none'],
    background: { transparent: 'transparent', none: 'none', gold: vars.gradient.gold },
  },
});

export const sprinkles = createSprinkles(responsiveProperties, colorProperties, staticProperties);
export type Sprinkles = Parameters<typeof sprinkles>[0];
