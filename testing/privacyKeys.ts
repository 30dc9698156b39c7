import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { signerFromPem } from '../app/ledgerProofs/signer.ts';

/**
 * The ledger's signing key of this test run (docs/architecture/verifiable-ledger.md), PEM: one per run, so
 * that the in-process apps, the tools and the servers a test starts sign with, and check against, the
 * same key; never written into the working tree's DATA_DIR.
 */
export const RUN_LEDGER_SIGNING_KEY: string = generateKeyPairSync('ed25519')
  .privateKey.export({ format: 'pem', type: 'pkcs8' })
  .toString();

/** The run's ledger signer (the key above), for tests that sign or check in process. */
export const runLedgerSigner = () => signerFromPem(RUN_LEDGER_SIGNING_KEY, 'the test run key');

/**
 * The secret keys of this test run, as environment variables: the crypto-shredding pair
 * (docs/decisions/0014-crypto-shredding.md) and the ledger's signing key. One set per run, shared by the
 * in-process apps (testApp.ts) and every process the run starts (processes.ts, toolEnv.ts), since they share
 * databases and must open what the others sealed and agree on the key that signs the log's digests; never
 * written into the working tree's DATA_DIR.
 */
export const RUN_PRIVACY_KEYS = {
  PERSONAL_DATA_KEY: randomBytes(32).toString('base64'),
  PSEUDONYM_KEY: randomBytes(32).toString('base64'),
  LEDGER_SIGNING_KEY: RUN_LEDGER_SIGNING_KEY,
} as const;
