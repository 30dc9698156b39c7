import type { AppMessages } from '@/i18n/messageTypes.ts';
import { mergeAreas } from '../mergeAreas.ts';
import * as areas from './appAreas.ts';

export { areas };

/** The signed-in app's texts in this language, loaded when a signed-in page first opens (../../catalog.ts). */
export const messages: AppMessages = mergeAreas(areas);
