import type { PublicMessages } from '@/i18n/messageTypes.ts';
import { auth } from './auth.ts';
import { chat } from './chat.ts';
import { common } from './common.ts';
import { shell } from './shell.ts';
import { verify } from './verify.ts';

/** The texts of every page in this language (../../catalog.ts). */
export const areas = { common, auth, shell, verify, chat };

export const messages: PublicMessages = { ...common, ...auth, ...shell, ...verify, ...chat };
