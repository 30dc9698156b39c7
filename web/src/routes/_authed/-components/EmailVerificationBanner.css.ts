import { style } from '@vanilla-extract/css';
import { container } from '@/styles/layout.css.ts';
import { vars } from '@/styles/theme.css.ts';
import { inline } from '@/ui/layout/boxes.ts';

/** Above the page, in the page's own column (16 px gutters on a 360 px phone), as the recording notice. */
export const frame = style([container, { paddingTop: vars.space.lg }]);

export const title = style([inline('sm', 'flex-start'), { margin: 0, fontWeight: 600 }]);

export const icon = style({ flexShrink: 0, marginTop: '0.15em', color: vars.color.gold });

/** The address may be long: it wraps anywhere rather than widening the page. */
export const text = style({ margin: 0, minWidth: 0, overflowWrap: 'anywhere' });

export const actions = style([inline('sm', 'center'), { flexWrap: 'wrap' }]);
