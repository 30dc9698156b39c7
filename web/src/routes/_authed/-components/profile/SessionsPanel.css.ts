import { globalStyle, style } from '@vanilla-extract/css';
import { sprinkles } from '@/styles/sprinkles.css.ts';
import { cluster, mutedText, plainList, shrinkStack, spread, tile } from '@/ui/layout/boxes.ts';

export const list = plainList('sm');

/** One session: what and where on the left, its action on the right; wraps on a narrow screen. */
export const item = style([tile('md'), spread('md')]);

export const what = shrinkStack('xxs');

export const device = style([cluster('sm', 'center'), sprinkles({ fontWeight: 'semibold' })]);

export const meta = style([mutedText('sm'), { overflowWrap: 'anywhere' }]);

export const actions = style([cluster('sm'), sprinkles({ justifyContent: 'flex-end' })]);

/**
 * Buttons keep to one line elsewhere; this one's label is long in German ("Alle anderen Sitzungen
 * abmelden") and would push a 360 px page sideways, so it wraps instead.
 */
globalStyle(`${actions} button`, { whiteSpace: 'normal', textAlign: 'center', maxWidth: '100%' });
