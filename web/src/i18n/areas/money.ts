import { defineArea } from '../defineArea.ts';

/** Filled in by the i18n work on this area (see ../catalog.ts). */
export const money = defineArea({ en: {}, es: {}, fr: {}, de: {} });
