import { sprinkles } from './sprinkles.css.ts';

/** A list without bullets, margin or padding: navigation, card grids, link lists. */
export const listReset = sprinkles({ margin: 'none', padding: 'none', listStyle: 'none' });
