import { globalStyle } from '@vanilla-extract/css';
import { media } from './breakpoints.ts';
import { vars } from './theme.css.ts';

globalStyle('*, *::before, *::after', {
  boxSizing: 'border-box',
});

globalStyle('html', {
  colorScheme: 'dark',
  WebkitTextSizeAdjust: '100%',
  backgroundColor: vars.color.bg,
});

globalStyle('body', {
  margin: 0,
  minWidth: '320px',
  minHeight: '100dvh',
  // Nothing may push the page wider than the viewport, down to 360 px phones.
  overflowX: 'clip',
  backgroundColor: vars.color.bg,
  backgroundImage: vars.gradient.page,
  backgroundRepeat: 'no-repeat',
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  WebkitFontSmoothing: 'antialiased',
  MozOsxFontSmoothing: 'grayscale',
  textRendering: 'optimizeLegibility',
});

globalStyle('#app', {
  minHeight: '100dvh',
  display: 'flex',
  flexDirection: 'column',
});

globalStyle('h1, h2, h3, h4, p', {
  margin: 0,
  overflowWrap: 'anywhere',
});

globalStyle('h1, h2, h3', {
  lineHeight: vars.lineHeight.tight,
  letterSpacing: '-0.01em',
});

globalStyle('a', {
  color: vars.color.goldBright,
  textDecorationThickness: '1px',
  textUnderlineOffset: '3px',
});

globalStyle('img, svg', {
  display: 'block',
  maxWidth: '100%',
});

globalStyle('button, input, select, textarea', {
  font: 'inherit',
  color: 'inherit',
});

globalStyle(':focus-visible', {
  outline: `2px solid ${vars.color.focus}`,
  outlineOffset: '2px',
});

globalStyle('::selection', {
  backgroundColor: vars.tint.gold35,
  color: vars.color.text,
});

globalStyle('*, *::before, *::after', {
  '@media': {
    [media.reducedMotion]: {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
});
