import type { PublicMessages } from '../../catalog.ts';
import { auth } from './auth.ts';
import { common } from './common.ts';
import { shell } from './shell.ts';

/** The texts of every page in this language (../../catalog.ts). */
export const areas = { common, auth, shell };

export const messages: PublicMessages = { ...common, ...auth, ...shell };
