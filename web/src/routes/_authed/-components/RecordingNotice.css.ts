import { style } from '@vanilla-extract/css';
import { container } from '@/styles/layout.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { inline } from '@/ui/layout/boxes.ts';

/** The live region with nothing to say takes no room. */
export const quiet = style({ display: 'contents' });

/** Above the page, in the page's own column (16 px gutters on a 360 px phone). */
export const frame = style([container, { paddingTop: vars.space.lg }]);

/** The icon beside the text; the text wraps beside it rather than under it. */
export const line = style([inline('sm', 'flex-start'), { margin: 0 }]);

export const icon = style({ flexShrink: 0, marginTop: '0.15em', color: vars.color.gold });

export const text = style({ minWidth: 0, overflowWrap: 'anywhere' });
