import { randomBytes } from 'node:crypto';

/**
 * The crypto-shredding keys of this test run (docs/decisions/0014-crypto-shredding.md): one pair per run,
 * shared by the in-process apps (testApp.ts) and every process the run starts (processes.ts), since they
 * share databases and must open what the others sealed; never written into the working tree's DATA_DIR.
 */
export const RUN_PRIVACY_KEYS = {
  PERSONAL_DATA_KEY: randomBytes(32).toString('base64'),
  PSEUDONYM_KEY: randomBytes(32).toString('base64'),
} as const;
