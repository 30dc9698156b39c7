import { readFile } from 'node:fs/promises';
import { publicKeyFromText } from '../app/ledgerProofs/publicKey.ts';
import { base64Of, bytesOfHex } from '../domain/verifiable/bytes.ts';
import { PUBLIC_KEY_FORMAT } from '../domain/verifiable/formats.ts';
import { keyIdOf, readVerifiableText, verifyFile } from '../domain/verifiable/verify.ts';
import { runMain } from '../runtime/main.ts';

const USAGE =
  'usage: npm run ledger:verify-receipt -- FILE (--public-key KEY | --key-url URL)\n' +
  '  --public-key KEY  the key you trust: a key document or SPKI PEM file, or the raw Ed25519 key in hex\n' +
  "  --key-url URL     the key document to trust, e.g. https://<the wallet's site>/api/ledger/public-key\n";

function usage(message: string): never {
  process.stderr.write(`${message}\n${USAGE}`);
  process.exit(2);
}

/** The key document of a raw 32-byte Ed25519 key given as 64 hex digits. */
function documentOfHex(hex: string): unknown {
  const raw = bytesOfHex(hex.toLowerCase());
  if (raw?.length !== 32) usage('--public-key: 64 hex digits must be a raw 32-byte Ed25519 key');
  const x = base64Of(raw).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
  return {
    format: PUBLIC_KEY_FORMAT,
    version: 1,
    keyId: keyIdOf(raw),
    algorithm: 'Ed25519',
    spki: '',
    jwk: { kty: 'OKP', crv: 'Ed25519', x },
  };
}

/**
 * The key document to trust: a file (a key document, with or without its key history, as JSON; or an SPKI
 * PEM), 64 hex digits (the raw key), or the document fetched from a URL.
 */
async function trustedDocument(publicKey: string | undefined, keyUrl: string | undefined): Promise<unknown> {
  if (keyUrl !== undefined) {
    let response: Response;
    try {
      response = await fetch(keyUrl, { headers: { accept: 'application/json' } });
    } catch (error) {
      usage(`--key-url: cannot fetch ${keyUrl} (${(error as Error).message})`);
    }
    if (!response.ok) usage(`--key-url: ${keyUrl} answered ${response.status}`);
    const text = await response.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      usage(`--key-url: ${keyUrl} did not answer a JSON key document`);
    }
  }
  const given = publicKey!;
  if (/^[0-9a-fA-F]{64}$/.test(given)) return documentOfHex(given);
  let text: string;
  try {
    text = await readFile(given, 'utf8');
  } catch (error) {
    usage(`--public-key: cannot read ${given} (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
  if (text.trim().startsWith('{')) {
    try {
      // The document as it is (its key history too); the checker refuses one that is not a key document.
      return JSON.parse(text) as unknown;
    } catch {
      usage(`--public-key: ${given} is not JSON`);
    }
  }
  try {
    return publicKeyFromText(text, given);
  } catch (error) {
    usage(`--public-key: ${(error as Error).message}`);
  }
}

/**
 * npm run ledger:verify-receipt -- FILE (--public-key KEY | --key-url URL) — checks a verifiable receipt or
 * liability proof offline, with the same code as the /verify page (domain/verifiable/verify.ts: WebCrypto,
 * no database), against the key the reader trusts, and prints each check. A file signed by any other key
 * fails (check `signer`). Exit 0 when every check passes, 1 when one fails (a file over 256 KiB included),
 * 2 for bad usage, no trusted key, or a file or key it cannot read.
 */
async function main() {
  const args = process.argv.slice(2);
  const files: string[] = [];
  let publicKey: string | undefined;
  let keyUrl: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--public-key' || arg === '--key-url') {
      const value = args[++i];
      if (value === undefined) usage(`${arg} needs a value`);
      if (arg === '--public-key') publicKey = value;
      else keyUrl = value;
    } else if (arg.startsWith('-')) usage(`unknown option ${arg}`);
    else files.push(arg);
  }
  if (files.length !== 1) usage('name one file to check');
  if (publicKey === undefined && keyUrl === undefined)
    usage(
      'no trusted key: a file checked against the key it carries proves nothing (anyone can sign with a key ' +
        'of their own), so give the ledger key you trust with --public-key or --key-url',
    );
  if (publicKey !== undefined && keyUrl !== undefined) usage('give --public-key or --key-url, not both');
  let text: string;
  try {
    text = await readFile(files[0]!, 'utf8');
  } catch (error) {
    usage(`cannot read ${files[0]} (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
  const trusted = await trustedDocument(publicKey, keyUrl);
  const read = readVerifiableText(text);
  if ('refused' in read && read.refused.checks[0]?.name === 'format')
    usage(`cannot read ${files[0]} as JSON`);
  const verdict = 'refused' in read ? read.refused : await verifyFile(read.value, trusted);
  for (const check of verdict.checks)
    process.stdout.write(`${check.ok ? 'PASS' : 'FAIL'} ${check.name}: ${check.detail}\n`);
  if (verdict.ok) {
    process.stdout.write(`VERIFIED (${verdict.kind}): ${verdict.proves}\n`);
    process.exit(0);
  }
  const foreign = verdict.checks.some((check) => check.name === 'signer' && !check.ok);
  process.stdout.write(
    `NOT VERIFIED (${verdict.kind}): ${foreign ? 'not signed by the key you trust: ' : ''}${verdict.failure}\n`,
  );
  process.exit(1);
}

runMain('ledger:verify-receipt', main, 2);
