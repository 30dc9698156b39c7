import { auth } from './auth.ts';
import { chat } from './chat.ts';
import { common } from './common.ts';
import { shell } from './shell.ts';
import { verify } from './verify.ts';

/** The English texts of every page: the source every other language is checked against (../../catalog.ts). */
export const areas = { common, auth, shell, verify, chat };

export const messages = { ...common, ...auth, ...shell, ...verify, ...chat };
