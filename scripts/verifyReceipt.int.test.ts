import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VECTORS_DIR } from './verifiableVectors.ts';

/** npm run ledger:verify-receipt on the committed vectors: every check printed, exit 0, 1 or 2. */
const root = path.resolve(import.meta.dirname, '..');
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/tool.mjs', 'verifyReceipt', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('npm run ledger:verify-receipt', () => {
  it('prints each check of a valid receipt and a valid liability proof, exit 0', () => {
    const receipt = run(path.join(VECTORS_DIR, 'receipt.json'));
    expect(receipt.status, receipt.stderr).toBe(0);
    expect(receipt.stdout).toContain('PASS public key: Ed25519 key');
    expect(receipt.stdout).toContain('PASS digest signature: signed by key');
    expect(receipt.stdout.match(/^PASS inclusion: event .* is at position \d+ of 7$/gm)).toHaveLength(2);
    expect(receipt.stdout).toContain('VERIFIED (receipt)');
    const proof = run(path.join(VECTORS_DIR, 'liability-proof.json'));
    expect(proof.status, proof.stderr).toBe(0);
    expect(proof.stdout).toContain('PASS leaf: SAI balance 3.25 is counted in the total');
  }, 120_000);

  it('names the failed check of a file with one byte changed, exit 1; bad usage exits 2', () => {
    const changed = run(path.join(VECTORS_DIR, 'receipt-event-changed.json'));
    expect(changed.status).toBe(1);
    expect(changed.stdout).toMatch(/^FAIL event content: event .*: its content does not match its hash/m);
    expect(changed.stdout).toContain('NOT VERIFIED (receipt)');
    expect(run().status).toBe(2);
    expect(run('--json', 'x').stderr).toContain('usage: npm run ledger:verify-receipt -- FILE');
    expect(run(path.join(VECTORS_DIR, 'missing.json')).status).toBe(2);
  }, 120_000);
});
