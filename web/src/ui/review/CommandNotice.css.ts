import { style } from '@vanilla-extract/css';

/** The live region with nothing to say takes no room (no gap in the stack around it). */
export const quiet = style({ display: 'contents' });

export const text = style({ margin: 0 });
