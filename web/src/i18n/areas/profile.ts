import { defineArea } from '../defineArea.ts';
import { de } from './profile/de.ts';
import { en } from './profile/en.ts';
import { es } from './profile/es.ts';
import { fr } from './profile/fr.ts';

/**
 * The profile page (/profile): personal info, your data, password, two-factor, passkeys, e-mail change,
 * sessions and preferences. One file per language in ./profile/, each under the 450-line rule; English
 * fixes the keys, and every other language is typed against it.
 */
export const profile = defineArea({ en, es, fr, de });
