import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkRepository, checkText, type ReadDoc, slug } from './docRefs.ts';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

const docs: Record<string, string> = {
  'docs/ledger.md':
    '# Ledger\n\n## Invariants\n\n1. **No overdraft.**\n2. **Conservation.**\n\n## After\n\n3. not one\n',
  'docs/product-rules.md':
    '# Rules\n\n## Rules\n\n16. **Deposit proof.**\n17. **Crypto.**\n\n### Spec 9: business constants\n',
  'docs/architecture/money.md': '# Money\n\n- **Double entry.** Postings.\n',
  'README.md': '# Readme\n',
};
const read: ReadDoc = (path) => docs[path];
const problems = (file: string, text: string) => checkText(file, text, read).map((p) => p.problem);

describe('checkText', () => {
  it('accepts references that resolve', () => {
    const text = [
      '// docs/ledger.md invariants 1-2, docs/product-rules.md rules 16 and 17, docs/product-rules.md spec 9',
      '/** see docs/architecture/money.md "Double entry" and README.md */',
      '/** docs/product-rules.md',
      ' * rule 17: wrapped onto the next line. */',
    ].join('\n');
    expect(problems('api/x.ts', text)).toEqual([]);
    expect(
      problems('docs/architecture/other.md', '[money](money.md#money), [l](../ledger.md#invariants)'),
    ).toEqual([]);
  });

  it('finds each kind of dangling reference', () => {
    expect(problems('a.ts', '// docs/missing.md')).toEqual(['docs/missing.md does not exist']);
    expect(problems('a.ts', '// docs/ledger.md#nowhere')).toEqual([
      'docs/ledger.md#nowhere: no such heading',
    ]);
    expect(problems('a.ts', '// docs/architecture/money.md "Single entry"')).toEqual([
      'docs/architecture/money.md has no "Single entry"',
    ]);
    expect(problems('a.ts', '// docs/ledger.md invariant 3')).toEqual([
      '"docs/ledger.md invariant 3": no invariant 3',
    ]);
    expect(problems('a.ts', '// docs/product-rules.md rules 16-18')).toEqual([
      '"docs/product-rules.md rules 16-18": no rule 18',
    ]);
    expect(problems('a.ts', '// docs/product-rules.md spec 4')).toEqual([
      '"docs/product-rules.md spec 4": no spec 4',
    ]);
  });

  it('refuses citations of documents outside the repository', () => {
    for (const text of [
      '// DECISIONS 17',
      '// (DECISIONS.md 9)',
      '// LEDGER.md invariant 5',
      '// spec 9',
      '// Spec section 2',
    ]) {
      expect(problems('a.ts', text), text).toHaveLength(1);
    }
    // The steering folder beside a checkout, spelled in parts so that this file does not cite it itself.
    const outside = ['..', 'shared', 'LEDGER.md'].join('/');
    expect(problems('a.md', `See \`${outside}\`.`).length).toBeGreaterThan(0);
    // Code that merely resembles them is not a citation.
    expect(
      problems('a.ts', "import { spec } from '../shared/testing.ts'; const LEDGER_DECIMALS = 8;"),
    ).toEqual([]);
    expect(problems('a.css.ts', 'padding: vars.space.md,')).toEqual([]);
  });

  it('slugs headings as GitHub does', () => {
    expect(slug('Spec 9: business constants and limits')).toBe('spec-9-business-constants-and-limits');
    expect(slug('Cards, crypto, accounts')).toBe('cards-crypto-accounts');
  });
});

describe('the repository', () => {
  it('has no documentation reference that does not resolve', () => {
    const found = checkRepository(root, ['scripts/docRefs.ts', 'scripts/docRefs.unit.test.ts']);
    expect(found.map((p) => `${p.file}:${p.line}: ${p.problem}`)).toEqual([]);
  });
});
