import { mergeAreas } from '../mergeAreas.ts';
import * as areas from './appAreas.ts';

export { areas };

/** The English texts of the signed-in app, loaded when a signed-in page first opens (../../catalog.ts). */
export const messages = mergeAreas(areas);
