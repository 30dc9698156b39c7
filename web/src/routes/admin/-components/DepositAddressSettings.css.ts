import { style } from '@vanilla-extract/css';
import { cluster, code, mutedText } from '@/ui/layout/boxes.ts';

export { addressRow as row, settingName as name, settingsGrid as list } from './AdminPanel.css.ts';

export const current = style([code('xs'), { overflowWrap: 'anywhere' }]);

export const meta = mutedText('xs');

export const actions = cluster('sm', 'center');
