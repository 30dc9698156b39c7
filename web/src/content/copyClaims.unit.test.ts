import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/product-rules.md rule 27: claims about the company appear only where the operator set them or the
 * product computes them. Nothing sets or computes any of them today, so none may be written into the
 * copy. This scans the source text of every file the public site and the chat take their words from.
 */

const WEB_SRC = join(import.meta.dirname, '..');

/**
 * Where the visitor-facing copy lives: the content files, the marketing routes, the app's chrome (shell/) and
 * the shared kits (ui/).
 */
const COPY_ROOTS = ['content', 'routes/(marketing)', 'shell', 'ui', 'lib/constants.ts'];

/** A claim the product cannot back, with the words that make it. */
const UNSUPPORTED_CLAIMS: readonly [string, RegExp][] = [
  ['insured holdings', /\binsured\b|insurance (cover|up to)|insuranceText|insuranceUsd/i],
  ['a cold-storage share', /cold[ -]?storage/i],
  ['ISO 27001', /ISO(\/IEC)? ?27001/i],
  ['PCI DSS', /\bPCI\b/],
  ['SOC 2', /\bSOC ?2\b/i],
  ['a licence', /\blicen[cs]ed\b/i],
  ['a regulator', /regulat(ed|or|ion|ory)/i],
  ['KYC/AML', /\bKYC\b|\bAML\b|anti-money[ -]laundering/i],
  ['GDPR compliance', /\bGDPR\b/],
  ['a certification', /\bcertified\b|certification/i],
  ['deposit insurance', /\bFDIC\b/],
  ['independent audits', /independent(ly)? audit/i],
  ['biometric sign-in', /biometric/i],
  ['a user count', /\d\s*M\+|million (users|cardholders|customers)|users worldwide|trusted by/i],
  ['a volume figure', /annual volume|\$\s*\d+\s*B\+?/i],
  ['a country count', /\d+\+?\s*countries/i],
  ['an uptime figure', /\buptime\b/i],
];

function sourceFiles(path: string): string[] {
  const full = join(WEB_SRC, path);
  if (/\.tsx?$/.test(path)) return [full];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.(unit|int|e2e)\.test\.tsx?$/.test(name))
    .filter((name) => !name.endsWith('.css.ts'))
    .map((name) => join(full, name));
}

/** Every (file, claim, line) where the copy makes an unsupported claim. */
function unsupportedClaims(files: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, index) => {
      // Comments are for developers (they may name the very claims that are left out); copy is code.
      if (/^\s*(\/\/|\/\*|\*)/.test(line)) return;
      for (const [claim, pattern] of UNSUPPORTED_CLAIMS) {
        if (pattern.test(line))
          found.push(`${relative(WEB_SRC, file)}:${index + 1} ${claim}: ${line.trim()}`);
      }
    });
  }
  return found;
}

describe('copy tells the truth (docs/product-rules.md rule 27)', () => {
  const files = COPY_ROOTS.flatMap(sourceFiles);

  it('reads the content files, the marketing routes and the shared components', () => {
    const names = files.map((file) => relative(WEB_SRC, file));
    for (const name of [
      'content/constants.ts',
      'content/faq.ts',
      'content/legal.ts',
      'content/chat.ts',
      'routes/(marketing)/index.tsx',
      'routes/(marketing)/compliance.tsx',
      'routes/(marketing)/about.tsx',
      'shell/Footer.tsx',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('makes no claim about the company that nothing in the product sets or computes', () => {
    expect(unsupportedClaims(files)).toEqual([]);
  });

  it('recognises each kind of claim it looks for', () => {
    const samples = [
      'Holdings are insured up to $10 million',
      '95% of customer crypto is held in cold storage',
      'Certified to ISO 27001',
      'Card data is handled to PCI DSS',
      'Audited to SOC 2',
      'Licensed & regulated',
      'KYC and AML',
      'Personal data is processed under GDPR',
      'Protected by the FDIC',
      'with regular independent audits',
      'multi-factor and biometric authentication',
      'Trusted by 1M+ cardholders in 150+ countries',
      '$2B+ annual volume',
      '99.9% uptime',
    ];
    for (const sample of samples) {
      expect(
        UNSUPPORTED_CLAIMS.some(([, pattern]) => pattern.test(sample)),
        sample,
      ).toBe(true);
    }
    // A partner's own offer and a feature of the product are not claims about the company.
    for (const fine of [
      '20% off annual travel insurance',
      'Passkeys: sign in with your fingerprint, face or device PIN',
      'Freeze and unfreeze your card instantly, and change its PIN',
    ]) {
      expect(UNSUPPORTED_CLAIMS.filter(([, pattern]) => pattern.test(fine))).toEqual([]);
    }
  });
});
