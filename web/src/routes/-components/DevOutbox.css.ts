import { style } from '@vanilla-extract/css';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { vars } from '@/styles/theme.css.ts';

export const outbox = style([
  sprinkles({ display: 'grid', gap: 'md', padding: 'lg', borderRadius: 'md', border: 'subtle' }),
  { backgroundColor: vars.color.surfaceSunken, minWidth: 0 },
]);

export const title = sprinkles({ fontSize: 'lg' });

export const muted = sprinkles({ color: 'muted', fontSize: 'sm' });

export const mail = style([
  sprinkles({ display: 'grid', gap: 'sm', padding: 'md', borderRadius: 'md', border: 'subtle' }),
  { backgroundColor: vars.color.surface },
]);

export const subject = sprinkles({ fontSize: 'md', fontWeight: 'semibold' });

export const text = style([
  sprinkles({ fontSize: 'sm' }),
  { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 },
]);

export const link = style({ color: vars.color.goldBright, textDecoration: 'underline' });

// Its label may wrap on a narrow screen (a button's text does not, by default).
export const openButton = style({ whiteSpace: 'normal', textAlign: 'center' });
