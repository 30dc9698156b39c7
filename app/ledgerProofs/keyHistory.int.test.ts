import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.ts';
import type { LedgerDigest, LedgerPublicKey } from '../../domain/verifiable/formats.ts';
import { verifyDigest, verifyPublicKey } from '../../domain/verifiable/verify.ts';
import { type Services, startServices } from '../../runtime/services.ts';
import { loggedLines, testConfig } from '../../testing/testConfig.ts';
import { setUpTestDatabase } from '../../testing/testDb.ts';
import type { DigestService } from './digests.ts';

/**
 * The key history (keyHistory.ts) on real Postgres, across restarts: the first start records its key; a
 * start with a new key and the previous one (LEDGER_PREVIOUS_SIGNING_KEY_FILE) records a rotation the old
 * key signed, and the key document at GET /api/ledger/public-key lists both, so a digest of either key
 * verifies against it at its time; a restart with the same key records nothing; a new key without the
 * previous one, or a replaced key coming back, does not start.
 */
const db = setUpTestDatabase('keys');
const dir = mkdtempSync(path.join(tmpdir(), 'sai-key-history-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const newPem = () =>
  generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

function pemFile(name: string, pem: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, pem, { mode: 0o600 });
  return file;
}

async function start(env: Record<string, string>): Promise<{ services: Services; logs: string[] }> {
  const { logger, lines: logs } = loggedLines();
  const config = testConfig(db.url, {
    DIGEST_INTERVAL: '0',
    DIGEST_DIR: path.join(dir, 'digests'),
    LEDGER_TREE_CHECK_INTERVAL_MS: '0',
    ...env,
  });
  const services = await startServices(config, logger, {
    databaseUrl: db.url,
    scheduledJobs: false,
  });
  return { services, logs };
}

async function keyDocumentOf(services: Services): Promise<LedgerPublicKey> {
  const response = await createApp(services.deps).request('/api/ledger/public-key');
  expect(response.status).toBe(200);
  return (await response.json()) as LedgerPublicKey;
}

describe('the ledger key history across restarts', () => {
  const first = newPem();
  const second = newPem();

  it('records the first key, then a rotation signed by it, serves both, and refuses the replaced key after', async () => {
    const a = await start({ LEDGER_SIGNING_KEY: first });
    const keyA = a.services.deps.ledgerProofs.signer.keyId;
    let digestOfA: LedgerDigest;
    try {
      const document = await keyDocumentOf(a.services);
      expect(document.keyId).toBe(keyA);
      expect(document.keys?.map((k) => [k.keyId, k.previousKeyId, k.rotationSignature])).toEqual([
        [keyA, null, null],
      ]);
      digestOfA = await (a.services.deps.ledgerProofs.digests as DigestService).publish();
      expect((await verifyDigest(digestOfA, document)).ok).toBe(true);
    } finally {
      await a.services.stop();
    }

    // A new key without the previous one to sign it: refused, and nothing recorded.
    await expect(start({ LEDGER_SIGNING_KEY: second })).rejects.toThrow(
      new RegExp(`key history ends with ${keyA}: to rotate, set LEDGER_PREVIOUS_SIGNING_KEY_FILE`),
    );
    const { rows: before } = await db.pool.query('SELECT key_id FROM ledger_signing_keys');
    expect(before).toHaveLength(1);

    const b = await start({
      LEDGER_SIGNING_KEY: second,
      LEDGER_PREVIOUS_SIGNING_KEY_FILE: pemFile('previous.pem', first),
    });
    try {
      const keyB = b.services.deps.ledgerProofs.signer.keyId;
      const document = await keyDocumentOf(b.services);
      expect(document.keyId).toBe(keyB);
      expect(document.keys?.map((k) => [k.keyId, k.previousKeyId])).toEqual([
        [keyA, null],
        [keyB, keyA],
      ]);
      // Valid from after the old key's last digest: nothing the old key signed falls in the new key's time.
      expect(Date.parse(document.keys![1]!.validFrom)).toBeGreaterThan(Date.parse(digestOfA.time));
      const checked = await verifyPublicKey(document);
      expect(checked.checks.find((c) => c.name === 'public key')).toMatchObject({
        ok: true,
        detail: `Ed25519 key ${keyB}`,
      });
      expect(checked.checks.find((c) => c.name === 'key history')?.ok).toBe(true);
      expect(b.logs.join('')).toContain('ledger signing key rotated: the previous key signed the new one');
      // The old key's digest still verifies against the new document (it was signed in its time)…
      expect((await verifyDigest(digestOfA, document)).ok).toBe(true);
      // …and a receipt now gets a digest of the current key, not the old key's that already covers it.
      const covering = await b.services.deps.ledgerProofs.digests.ensureCovers(BigInt(digestOfA.treeSize));
      expect(covering.keyId).toBe(keyB);
      expect((await verifyDigest(covering, document)).ok).toBe(true);
    } finally {
      await b.services.stop();
    }

    // One story on one database (the history it made is what the restarts below meet): a restart with
    // the current key records nothing, and the replaced key does not start.
    const again = await start({ LEDGER_SIGNING_KEY: second });
    try {
      expect((await keyDocumentOf(again.services)).keys).toHaveLength(2);
    } finally {
      await again.services.stop();
    }
    await expect(start({ LEDGER_SIGNING_KEY: first })).rejects.toThrow(
      /was replaced by .*a replaced key never signs again/,
    );
    const { rows } = await db.pool.query<{ seq: number }>('SELECT seq FROM ledger_signing_keys ORDER BY seq');
    expect(rows.map((r) => r.seq)).toEqual([1, 2]);
  }, 240_000);
});
