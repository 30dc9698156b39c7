import { style } from '@vanilla-extract/css';
import { media } from '@/styles/breakpoints.ts';
import { type Sprinkles, sprinkles } from '@/styles/sprinkles.css.ts';
import type { vars } from '@/styles/theme.css.ts';

/**
 * Named layouts that the signed-in screens' stylesheets share, built from sprinkles atoms. Call them
 * inside a `.css.ts` file (alone, or composed with `style([...])`): they return the atoms' class names.
 * A plain module rather than a `.css.ts` one because a stylesheet may export only styles, not functions.
 *
 * Cascade rule: an atom's CSS file may load before or after a stylesheet's own (the entry links Page.css
 * before sprinkles; lazy routes add theirs later), so a rule must never override an atom on the same
 * element. A value that changes with the width is one responsive atom (`{ mobile: 'xl', tablet: '2xl' }`)
 * or stays wholly in the rule; a property that another class overrides (a tone, an error state) stays in
 * the rule. Selectors (`:hover`, `[data-state]`) are more specific and may override atoms.
 */

type Space = keyof typeof vars.space;
type Align = Exclude<Sprinkles['alignItems'], object | undefined>;

/** A grid column of blocks `gap` apart. */
export const stack = (gap: Space) => sprinkles({ display: 'grid', gap });

/** A grid column that does not let its content widen it (a flex or grid child holding long text). */
export const shrinkStack = (gap: Space) => sprinkles({ display: 'grid', gap, minWidth: '0' });

/** A list without bullets or indent, for lists laid out some other way than `plainList`. */
export const listReset = () => sprinkles({ margin: 'none', padding: 'none', listStyle: 'none' });

/** A list without bullets or indent, laid out as a grid column `gap` apart (no gap when left out). */
export const plainList = (gap?: Space) =>
  sprinkles({ display: 'grid', gap, margin: 'none', padding: 'none', listStyle: 'none' });

/** A bulleted or numbered list whose markers sit in the left padding, items `gap` apart. */
export const markedList = (gap: Space) =>
  sprinkles({ display: 'grid', gap, margin: 'none', paddingLeft: 'xl' });

/** Items on one line that wrap when they run out of room. */
export const cluster = (gap: Space, align?: Align) =>
  sprinkles({ display: 'flex', flexWrap: 'wrap', alignItems: align, gap });

/** A wrapping row whose two ends push apart: a heading and its action, a label and its figure. */
export const spread = (gap: Space, align: Align = 'center') =>
  sprinkles({ display: 'flex', flexWrap: 'wrap', alignItems: align, justifyContent: 'space-between', gap });

/** Items on one line that never wrap (an icon beside its label). */
export const inline = (gap: Space, align: Align = 'center') =>
  sprinkles({ display: 'flex', alignItems: align, gap });

/** A rounded box on the sunken surface: queue items, list rows, code blocks. */
export const tile = (padding: Space, border: 'subtle' | 'strong' = 'subtle') =>
  sprinkles({ padding, borderRadius: 'md', border, backgroundColor: 'sunken' });

/** A rounded box on the sunken surface padded more at its sides than at its top and bottom. */
export const wideTile = (paddingY: Space, paddingX: Space) =>
  sprinkles({ paddingY, paddingX, borderRadius: 'md', border: 'subtle', backgroundColor: 'sunken' });

/** Secondary text: muted colour at a smaller size. */
export const mutedText = (fontSize: 'xs' | 'sm' = 'sm') => sprinkles({ color: 'muted', fontSize });

/** A figure whose digits line up in columns. */
export const figure = (fontWeight: 'semibold' | 'bold' = 'semibold') =>
  sprinkles({ fontWeight, fontVariantNumeric: 'tabular-nums' });

/** Machine text (addresses, hashes, ids) that may break anywhere. */
export const code = (fontSize: 'xs' | 'sm' = 'xs') =>
  sprinkles({ fontFamily: 'mono', fontSize, overflowWrap: 'anywhere' });

/**
 * One column on phones and tablets that splits into `desktopColumns` from desktop widths: a screen's
 * main column beside its aside. A `style` (it has a media query), so call it from a `.css.ts` file.
 */
export const splitColumns = (desktopColumns: string) =>
  style([
    stack('xl'),
    {
      gridTemplateColumns: 'minmax(0, 1fr)',
      alignItems: 'start',
      '@media': {
        [media.desktop]: { gridTemplateColumns: desktopColumns },
      },
    },
  ]);
