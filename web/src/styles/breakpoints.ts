/** Media queries shared by sprinkles and the per-component `.css.ts` files. Mobile-first from 360 px. */
export const breakpoints = {
  tablet: 768,
  desktop: 1024,
} as const;

export const media = {
  tablet: `screen and (min-width: ${breakpoints.tablet}px)`,
  desktop: `screen and (min-width: ${breakpoints.desktop}px)`,
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;
