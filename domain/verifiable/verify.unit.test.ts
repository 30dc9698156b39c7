import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { base64Of, bytesOfHex } from './bytes.ts';
import {
  digestMessage,
  keyRotationMessage,
  type LedgerKeyHistoryEntry,
  type LedgerPublicKey,
  type LedgerReceipt,
  type LiabilityProof,
  PUBLIC_KEY_FORMAT,
  timeMillis,
} from './formats.ts';
import {
  keyIdOf,
  MAX_FILE_BYTES,
  readVerifiableText,
  type Verdict,
  verifyDigest,
  verifyFile,
  verifyPublicKey,
} from './verify.ts';

/**
 * The checker's refusals (docs/architecture/verifiable-formats.md): a file is held to the key the reader
 * trusts, never to the key it carries (a foreign key, a replaced key used outside its time, a key history
 * whose rotation is not signed), its events must be one transaction's, each once, and a file has a size
 * limit. Built on the committed test vectors (a genuine receipt signed with the fixed test key), re-signed
 * here with keys made for each test.
 */
const vectors = path.resolve(import.meta.dirname, '../../docs/verifiable/vectors');
const vector = <T>(file: string) => JSON.parse(readFileSync(path.join(vectors, file), 'utf8')) as T;
const testKey = vector<LedgerPublicKey>('public-key.json');
const receipt = vector<LedgerReceipt>('receipt.json');
const proof = vector<LiabilityProof>('liability-proof.json');

const base64Url = (bytes: Uint8Array) =>
  base64Of(bytes).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

/** A fresh Ed25519 key: its public-key document and a signer. */
async function newKey() {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const keyId = keyIdOf(raw);
  const document: LedgerPublicKey = {
    format: PUBLIC_KEY_FORMAT,
    version: 1,
    keyId,
    algorithm: 'Ed25519',
    spki: '',
    jwk: { kty: 'OKP', crv: 'Ed25519', x: base64Url(raw) },
  };
  const sign = async (message: Uint8Array) =>
    base64Of(
      new Uint8Array(
        await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, message as Uint8Array<ArrayBuffer>),
      ),
    );
  return { raw, keyId, document, sign };
}
type Key = Awaited<ReturnType<typeof newKey>>;

/** The genuine receipt's digest re-signed by `key` at `time`, carrying `key` as its own. */
async function signedBy(key: Key, time: string, base: LedgerReceipt = receipt): Promise<LedgerReceipt> {
  const copy = structuredClone(base);
  const message = digestMessage({
    treeSize: BigInt(copy.digest.treeSize),
    root: bytesOfHex(copy.digest.root)!,
    timeMs: timeMillis(time)!,
    keyId: key.keyId,
  });
  copy.digest = { ...copy.digest, time, keyId: key.keyId, signature: await key.sign(message) };
  copy.publicKey = key.document;
  return copy;
}

/** A key document: `keys[0]` from `starts[0]`, each next key from its start, endorsed by the one before. */
async function keyDocument(keys: Key[], starts: string[]): Promise<LedgerPublicKey> {
  const history: LedgerKeyHistoryEntry[] = [];
  for (const [i, key] of keys.entries()) {
    const previous = keys[i - 1];
    history.push({
      keyId: key.keyId,
      jwk: key.document.jwk,
      validFrom: starts[i]!,
      previousKeyId: previous?.keyId ?? null,
      rotationSignature: previous
        ? await previous.sign(
            keyRotationMessage({
              keyId: key.keyId,
              rawKey: key.raw,
              validFromMs: timeMillis(starts[i]!)!,
              previousKeyId: previous.keyId,
            }),
          )
        : null,
    });
  }
  return { ...keys.at(-1)!.document, keys: history };
}

const failed = (verdict: Verdict) => verdict.checks.find((check) => !check.ok);

describe('verifyFile against the key the reader trusts', () => {
  it('passes the genuine receipt and liability proof against the key that signed them', async () => {
    for (const file of [receipt, proof]) {
      const verdict = await verifyFile(file, testKey);
      expect(failed(verdict)).toBeUndefined();
      expect(verdict.checks.map((c) => c.name)).toContain('signer');
    }
  });

  it('refuses a receipt signed with a foreign key, though it checks out against the key it carries', async () => {
    const foreign = await newKey();
    const forged = await signedBy(foreign, receipt.digest.time);
    // Against its own key everything holds: this is what made any key "Verified" before.
    expect((await verifyFile(forged, foreign.document)).ok).toBe(true);
    const verdict = await verifyFile(forged, testKey);
    expect(verdict.ok).toBe(false);
    expect(failed(verdict)?.name).toBe('signer');
    expect(verdict.failure).toBe(
      `the digest was signed with key ${foreign.keyId}, which is not a trusted key (trusted: ${testKey.keyId})`,
    );
    // Nothing after the signer is checked: no signature is trusted from an unknown key.
    expect(verdict.checks.map((c) => c.name)).not.toContain('digest signature');
  });

  it('refuses a liability proof whose statement a foreign key signed', async () => {
    const foreign = await newKey();
    const verdict = await verifyFile({ ...proof, publicKey: foreign.document }, testKey);
    // The proof's own key is not the statement's signer: the statement is refused for its key id first.
    expect(failed(verdict)?.name).toBe('statement signature');
    const trustedOther = await verifyFile(proof, foreign.document);
    expect(failed(trustedOther)?.name).toBe('signer');
    expect(trustedOther.failure).toMatch(
      /^the statement was signed with key [0-9a-f]{32}, which is not a trusted key/,
    );
  });

  it('holds a rotated key to its time: the old key before the rotation, the new one from it', async () => {
    const [oldKey, newKey_] = [await newKey(), await newKey()];
    const document = await keyDocument(
      [oldKey, newKey_],
      ['2026-01-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z'],
    );
    expect(failed(await verifyPublicKey(document))).toBeUndefined();
    const cases: [Key, string, boolean][] = [
      [oldKey, '2025-03-01T00:00:00.000Z', true], // the first key: no start (nothing signed before it)
      [oldKey, '2026-05-31T23:59:59.999Z', true],
      [oldKey, '2026-06-01T00:00:00.000Z', false], // replaced from this instant on
      [newKey_, '2026-06-01T00:00:00.000Z', true],
      [newKey_, '2026-05-31T23:59:59.999Z', false], // not yet valid
    ];
    for (const [key, time, ok] of cases) {
      const verdict = await verifyFile(await signedBy(key, time), document);
      expect(verdict.ok, `${key === oldKey ? 'old' : 'new'} key at ${time}`).toBe(ok);
      if (!ok) {
        expect(failed(verdict)?.name).toBe('signer');
        expect(verdict.failure).toMatch(
          new RegExp(`^the digest is dated ${time}, but key ${key.keyId} signed only from`),
        );
      }
    }
    // A digest on its own is held to the same times.
    const late = await signedBy(oldKey, '2026-07-01T00:00:00.000Z');
    expect(failed(await verifyDigest(late.digest, document))?.name).toBe('signer');
  });

  it('refuses a key history whose rotation the previous key did not sign, or that skips a key', async () => {
    const [a, b, c] = [await newKey(), await newKey(), await newKey()];
    const starts = ['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'];
    const good = await keyDocument([a, b, c], starts);
    const receiptOfB = await signedBy(b, '2026-02-15T00:00:00.000Z');
    expect((await verifyFile(receiptOfB, good)).ok).toBe(true);

    // c's rotation signed by c itself (an attacker with c only cannot extend a's chain).
    const selfSigned = structuredClone(good);
    selfSigned.keys![2]!.rotationSignature = await c.sign(
      keyRotationMessage({
        keyId: c.keyId,
        rawKey: c.raw,
        validFromMs: timeMillis(starts[2]!)!,
        previousKeyId: b.keyId,
      }),
    );
    const refusals: [string, LedgerPublicKey, RegExp][] = [
      [
        'self-signed rotation',
        selfSigned,
        new RegExp(`^key ${c.keyId} of the history is not signed by the key before it`),
      ],
      [
        'a key dropped from the middle',
        { ...good, keys: [good.keys![0]!, good.keys![2]!] },
        new RegExp(`^key ${c.keyId} of the history follows ${b.keyId}, not ${a.keyId}$`),
      ],
      [
        'a start moved (the signature covers it)',
        {
          ...good,
          keys: good.keys!.map((k, i) => (i === 2 ? { ...k, validFrom: '2026-03-02T00:00:00.000Z' } : k)),
        },
        /is not signed by the key before it/,
      ],
      [
        'a history ending in another key',
        { ...a.document, keys: good.keys },
        /^the key history ends with key/,
      ],
    ];
    for (const [what, document, message] of refusals) {
      const verdict = await verifyFile(receiptOfB, document);
      expect(verdict.ok, what).toBe(false);
      expect(failed(verdict)?.name, what).toBe('key history');
      expect(verdict.failure, what).toMatch(message);
      expect(failed(await verifyPublicKey(document))?.name, what).toBe('key history');
    }
  });
});

describe("verifyReceipt refuses events that are not one transaction's, each once", () => {
  it('refuses a transactionId the events do not name, and an event of another transaction', async () => {
    const renamed = { ...receipt, transactionId: '00000000-0000-4000-8000-000000000066' };
    const verdict = await verifyFile(renamed, testKey);
    expect(failed(verdict)?.name).toBe('transaction');
    expect(verdict.failure).toBe(
      `event ${receipt.events[0]!.id} belongs to transaction ${receipt.transactionId}, not to transaction 00000000-0000-4000-8000-000000000066`,
    );
    const none = structuredClone(receipt);
    (none.events[1]!.data as Record<string, unknown>).transactionId = undefined;
    expect((await verifyFile(none, testKey)).failure).toBe(
      `event ${receipt.events[1]!.id} names no transaction, so it is not part of transaction ${receipt.transactionId}`,
    );
    expect(failed(await verifyFile({ ...receipt, transactionId: 42 }, testKey))?.name).toBe('transaction');
  });

  it('refuses an event listed twice, and two events at one position or one stream revision', async () => {
    const [first, second] = receipt.events as [
      LedgerReceipt['events'][number],
      LedgerReceipt['events'][number],
    ];
    const cases: [string, LedgerReceipt['events'], string][] = [
      ['repeated', [first, second, first], `event ${first.id} is listed twice`],
      [
        'same position',
        [first, { ...second, position: first.position }],
        `two events are listed at position ${first.position}`,
      ],
      [
        'same revision',
        [first, { ...second, streamName: first.streamName, revision: first.revision }],
        `two events are listed as revision ${first.revision} of stream ${first.streamName}`,
      ],
    ];
    for (const [what, events, message] of cases) {
      const verdict = await verifyFile({ ...receipt, events }, testKey);
      expect(failed(verdict)?.name, what).toBe('events');
      expect(verdict.failure, what).toBe(message);
    }
  });
});

describe('readVerifiableText', () => {
  it(`refuses a file over ${MAX_FILE_BYTES / 1024} KiB before parsing it, and text that is not JSON`, () => {
    const padded = JSON.stringify({ ...receipt, padding: 'x'.repeat(MAX_FILE_BYTES) });
    const big = readVerifiableText(padded);
    expect('refused' in big && big.refused.checks).toEqual([
      {
        name: 'size',
        ok: false,
        detail: `the file is ${padded.length} bytes, more than the 256 KiB a receipt or a liability proof can be`,
      },
    ]);
    // Bytes, not characters: 2-byte characters count twice.
    const text = `"${'é'.repeat(MAX_FILE_BYTES / 2)}"`;
    expect('refused' in readVerifiableText(text)).toBe(true);
    expect(readVerifiableText(JSON.stringify(receipt))).toEqual({ value: receipt });
    const notJson = readVerifiableText('{');
    expect('refused' in notJson && notJson.refused.failure).toBe('this file is not JSON');
  });
});
