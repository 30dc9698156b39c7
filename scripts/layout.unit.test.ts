import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import directions of docs/architecture/layout.md are lint errors (biome.json, noRestrictedImports per
 * folder). Each case writes a one-line probe file into the folder, lints it with the project's Biome and
 * removes it: a forbidden import must be reported by that rule, an allowed one must not.
 */
const root = path.resolve(import.meta.dirname, '..');
const biome = path.join(root, 'node_modules', '.bin', 'biome');

function restrictedImportReported(folder: string, specifier: string): boolean {
  const file = path.join(root, folder, `layoutProbe${randomBytes(4).toString('hex')}.ts`);
  writeFileSync(file, `import { probe } from '${specifier}';\n\nexport const value = probe;\n`);
  try {
    const run = spawnSync(biome, ['lint', '--max-diagnostics=50', path.relative(root, file)], {
      cwd: root,
      encoding: 'utf8',
    });
    return `${run.stdout}${run.stderr}`.includes('lint/style/noRestrictedImports');
  } finally {
    rmSync(file, { force: true });
  }
}

describe("the layout's import rules", () => {
  it.each([
    ['domain/shared', '../../infra/ids.ts'],
    ['domain/shared', '../../api/app.ts'],
    ['projections/ledger', '../../app/ledger/ledger.service.ts'],
    ['projections/ledger', '../../api/app.ts'],
    ['app/ledger', '../../api/app.ts'],
    ['app/ledger', '../../projections/ledger/ledger.projection.ts'],
    ['api/http', '../../testing/testApp.ts'],
    ['api/http', '../../projections/ledger/ledger.projection.ts'],
    ['runtime', '../testing/testApp.ts'],
  ])('%s may not import %s', (folder, specifier) => {
    expect(restrictedImportReported(folder, specifier)).toBe(true);
  });

  it.each([
    ['domain/accounts', '../shared/money.ts'],
    ['projections/ledger', '../../domain/shared/money.ts'],
    ['app/ledger', '../../projections/ledger/ledger.queries.ts'],
    ['api/http', '../../app/ledger/ledger.service.ts'],
    ['bench/lib', '../../testing/testApp.ts'],
  ])('%s may import %s', (folder, specifier) => {
    expect(restrictedImportReported(folder, specifier)).toBe(false);
  });
});
