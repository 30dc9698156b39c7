import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyDigest, verifyFile, verifyPublicKey } from '../../domain/verifiable/verify.ts';
import { buildVectors, VECTORS_DIR, type VectorCase, vectorText } from '../../scripts/verifiableVectors.ts';

/**
 * The committed test vectors (docs/architecture/verifiable-formats.md) against the checker the browser and
 * the command line share (domain/verifiable/verify.ts): each valid file passes every check, each variant
 * with one byte changed fails the check its index names. The files are what the generator writes now.
 */
const index = JSON.parse(readFileSync(path.join(VECTORS_DIR, 'index.json'), 'utf8')) as Omit<
  VectorCase,
  'content'
>[];
const read = (file: string) => JSON.parse(readFileSync(path.join(VECTORS_DIR, file), 'utf8')) as unknown;
const publicKey = read('public-key.json');

describe('the verifiable formats’ test vectors', () => {
  it('are what the generator makes (a fixed test key: regenerating changes nothing)', () => {
    const built = buildVectors();
    expect(index.map((v) => v.file)).toEqual(built.map((v) => v.file));
    for (const vector of built)
      expect(readFileSync(path.join(VECTORS_DIR, vector.file), 'utf8'), vector.file).toBe(
        vectorText(vector.content),
      );
  });

  for (const vector of index) {
    it(`${vector.file}: ${vector.valid ? 'passes every check' : `fails "${vector.failedCheck}"`} (${vector.description})`, async () => {
      const content = read(vector.file);
      const verdict =
        vector.kind === 'public-key'
          ? await verifyPublicKey(content)
          : vector.kind === 'digest'
            ? await verifyDigest(content, publicKey)
            : await verifyFile(content, publicKey);
      expect(verdict.kind).toBe(vector.kind);
      if (vector.valid) {
        expect(verdict.checks.filter((c) => !c.ok)).toEqual([]);
        expect(verdict.ok).toBe(true);
      } else {
        expect(verdict.ok).toBe(false);
        const failed = verdict.checks.find((c) => !c.ok)!;
        expect(failed.name).toBe(vector.failedCheck);
        expect(verdict.failure).toBe(failed.detail);
      }
    });
  }

  it('a public key whose key id is not its own fails "public key" (as /verify checks one on its own)', async () => {
    const verdict = await verifyPublicKey({ ...(publicKey as object), keyId: '0'.repeat(32) });
    expect(verdict.kind).toBe('public-key');
    expect(verdict.ok).toBe(false);
    expect(verdict.checks.map((c) => c.name)).toEqual(['public key']);
    expect(verdict.failure).toMatch(/^the public key's id is [0-9a-f]{32}, not 0{32} as it says$/);
  });
});
