import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bytesOfBase64, hexOf } from '../domain/verifiable/bytes.ts';
import { VECTORS_DIR } from './verifiableVectors.ts';

/**
 * npm run ledger:verify-receipt on the committed vectors: every check printed; exit 0 when the file holds
 * against the key given (--public-key as a file or hex, --key-url), 1 when a check fails (a foreign key
 * included), 2 for bad usage — and for no trusted key at all, since a file checked against its own key
 * proves nothing.
 */
const root = path.resolve(import.meta.dirname, '..');
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/tool.mjs', 'verifyReceipt', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
const vector = (file: string) => path.join(VECTORS_DIR, file);
const KEY = ['--public-key', vector('public-key.json')];
const scratch = mkdtempSync(path.join(tmpdir(), 'verify-receipt-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('npm run ledger:verify-receipt', () => {
  it('prints each check of a valid receipt and a valid liability proof against the trusted key, exit 0', () => {
    const receipt = run(vector('receipt.json'), ...KEY);
    expect(receipt.status, receipt.stderr).toBe(0);
    expect(receipt.stdout).toContain('PASS public key: Ed25519 key');
    expect(receipt.stdout).toMatch(
      /^PASS signer: key [0-9a-f]{32} is a trusted key, and it signed at that time$/m,
    );
    expect(receipt.stdout).toContain('PASS digest signature: signed by key');
    expect(receipt.stdout).toContain('PASS transaction: every event belongs to transaction');
    expect(receipt.stdout.match(/^PASS inclusion: event .* is at position \d+ of 7$/gm)).toHaveLength(2);
    expect(receipt.stdout).toContain('VERIFIED (receipt)');
    const proof = run(vector('liability-proof.json'), ...KEY);
    expect(proof.status, proof.stderr).toBe(0);
    expect(proof.stdout).toContain('PASS leaf: SAI balance 3.25 is counted in the total');
    // The key as the raw key in hex, and as a key document whose history rotated away from it since.
    const x = (JSON.parse(readFileSync(vector('public-key.json'), 'utf8')) as { jwk: { x: string } }).jwk.x;
    const hex = hexOf(bytesOfBase64(`${x.replaceAll('-', '+').replaceAll('_', '/')}=`)!);
    expect(run(vector('receipt.json'), '--public-key', hex).status).toBe(0);
    const rotated = run(vector('receipt.json'), '--public-key', vector('key-document.json'));
    expect(rotated.status, rotated.stdout).toBe(0);
    expect(rotated.stdout).toMatch(/^PASS key history: 2 keys, each signed by the one before/m);
  }, 120_000);

  it('refuses a receipt signed with a foreign key, exit 1, though it carries that key', () => {
    const foreign = run(vector('receipt-foreign-key.json'), ...KEY);
    expect(foreign.status, foreign.stdout).toBe(1);
    expect(foreign.stdout).toMatch(
      /^FAIL signer: the digest was signed with key [0-9a-f]{32}, which is not a trusted key/m,
    );
    expect(foreign.stdout).toMatch(/^NOT VERIFIED \(receipt\): not signed by the key you trust: /m);
    // Against the key it carries, it would pass: which is why the script never uses that key.
    const own = path.join(scratch, 'foreign-key.json');
    writeFileSync(
      own,
      JSON.stringify(JSON.parse(readFileSync(vector('receipt-foreign-key.json'), 'utf8')).publicKey),
    );
    expect(run(vector('receipt-foreign-key.json'), '--public-key', own).status).toBe(0);
  }, 120_000);

  it('names the failed check of a changed file, a mixed transaction or a repeated event, exit 1', () => {
    const changed = run(vector('receipt-event-changed.json'), ...KEY);
    expect(changed.status).toBe(1);
    expect(changed.stdout).toMatch(/^FAIL event content: event .*: its content does not match its hash/m);
    expect(changed.stdout).toContain('NOT VERIFIED (receipt)');
    const mixed = run(vector('receipt-transaction-changed.json'), ...KEY);
    expect(mixed.status).toBe(1);
    expect(mixed.stdout).toMatch(
      /^FAIL transaction: event .* belongs to transaction .*, not to transaction/m,
    );
    const repeated = run(vector('receipt-event-repeated.json'), ...KEY);
    expect(repeated.status).toBe(1);
    expect(repeated.stdout).toMatch(/^FAIL events: event .* is listed twice$/m);
    const big = path.join(scratch, 'big.json');
    writeFileSync(big, JSON.stringify({ padding: 'x'.repeat(256 * 1024) }));
    const oversize = run(big, ...KEY);
    expect(oversize.status).toBe(1);
    expect(oversize.stdout).toMatch(/^FAIL size: the file is \d+ bytes, more than the 256 KiB/m);
  }, 120_000);

  it('exits 2 without a trusted key, and for bad usage or a file it cannot read', () => {
    const keyless = run(vector('receipt.json'));
    expect(keyless.status).toBe(2);
    expect(keyless.stderr).toContain(
      'no trusted key: a file checked against the key it carries proves nothing',
    );
    expect(keyless.stdout).toBe('');
    expect(run().status).toBe(2);
    expect(run('--json', 'x').stderr).toContain('usage: npm run ledger:verify-receipt -- FILE');
    expect(run(vector('missing.json'), ...KEY).status).toBe(2);
    expect(run(vector('receipt.json'), '--public-key', path.join(scratch, 'none.json')).status).toBe(2);
    expect(run(vector('receipt.json'), '--public-key', 'abcd').status).toBe(2);
  }, 120_000);

  it('--key-url fetches the key document to trust', async () => {
    const served = readFileSync(vector('public-key.json'), 'utf8');
    const server = createServer((request, response) => {
      if (request.url !== '/api/ledger/public-key') return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/json' }).end(served);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Asynchronously: the server answers from this process while the script runs.
    const runAsync = (...args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['scripts/tool.mjs', 'verifyReceipt', ...args],
          { cwd: root, timeout: 60_000 },
          (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
        );
      });
    try {
      const genuine = await runAsync(vector('receipt.json'), '--key-url', `${base}/api/ledger/public-key`);
      expect(genuine.code, genuine.stderr).toBe(0);
      const foreign = await runAsync(
        vector('receipt-foreign-key.json'),
        '--key-url',
        `${base}/api/ledger/public-key`,
      );
      expect(foreign.code).toBe(1);
      const missing = await runAsync(vector('receipt.json'), '--key-url', `${base}/nothing`);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('answered 404');
    } finally {
      server.close();
    }
  }, 120_000);
});
