import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    ['runtime', '../api/app.ts'],
    ['app/ledger', '../../runtime/config.ts'],
    ['infra/eventStore', '../../app/context.ts'],
    ['infra/postgres', '../../runtime/config.ts'],
    ['infra/eventStore', '../../projections/projection.ts'],
    ['api/cards', '../../app/commands/handleCommand.ts'],
  ])('%s may not import %s', (folder, specifier) => {
    expect(restrictedImportReported(folder, specifier)).toBe(true);
  });

  it.each([
    ['domain/accounts', '../shared/money.ts'],
    ['projections/ledger', '../../domain/shared/money.ts'],
    ['app/ledger', '../../projections/ledger/ledger.queries.ts'],
    ['api/http', '../../app/ledger/ledger.service.ts'],
    ['bench/lib', '../../testing/testApp.ts'],
    ['runtime', '../app/context.ts'],
    ['api/http', '../../runtime/config.ts'],
    ['infra/eventStore', '../../domain/shared/money.ts'],
    ['api/http', '../../app/commands/ledgerFreeze.ts'],
  ])('%s may import %s', (folder, specifier) => {
    expect(restrictedImportReported(folder, specifier)).toBe(false);
  });
});

/** The folders each top-level folder may not import, as biome.json's per-folder rules list them. */
/** The folders whose lint rule also refuses the web app's `@/` alias (filled by forbiddenByLint). */
const aliasBanned = new Set<string>();

function forbiddenByLint(): Map<string, string[]> {
  const config = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8')) as {
    overrides: { includes: string[]; linter?: { rules?: { style?: { noRestrictedImports?: unknown } } } }[];
  };
  const forbidden = new Map<string, string[]>();
  for (const override of config.overrides) {
    const rule = override.linter?.rules?.style?.noRestrictedImports as
      | { options: { patterns: { group: string[] }[] } }
      | undefined;
    if (!rule) continue;
    const folders = rule.options.patterns
      .map(({ group }) => group[0]!)
      .filter((glob) => !glob.startsWith('@'))
      .map((glob) => glob.replace(/^\*\*\/|\/\*\*$/g, ''));
    const aliases = rule.options.patterns.some(({ group }) => group.includes('@/**'));
    for (const include of override.includes.filter((glob) => /^[a-z]+\/\*\*$/.test(glob))) {
      forbidden.set(include.replace('/**', ''), [...new Set(folders)].sort());
      if (aliases) aliasBanned.add(include.replace('/**', ''));
    }
  }
  return forbidden;
}

/** The same from docs/architecture/layout.md's table: the backquoted folders of its "Lint forbids" column. */
function forbiddenByDocs(): Map<string, string[]> {
  const table = readFileSync(path.join(root, 'docs/architecture/layout.md'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  const forbidden = new Map<string, string[]>();
  for (const line of table) {
    const cells = line.split(' | ');
    const rowFolders = [...cells[0]!.matchAll(/`([a-z]+)\/`/g)].map((match) => match[1]!);
    const listed = [
      ...cells
        .at(-1)!
        .replace(/\([^)]*\)/g, '')
        .matchAll(/`([a-z]+(?:\/[a-z]+)*)\/`/g),
    ].map((m) => m[1]!);
    for (const folder of rowFolders)
      if (listed.length > 0) forbidden.set(folder, [...new Set(listed)].sort());
  }
  return forbidden;
}

describe('the web aliases', () => {
  it('are refused outside web/, so a back-end import cannot pass its folder rule through `@/`', () => {
    const lint = forbiddenByLint();
    const backEnd = [...lint.keys()].filter((folder) => folder !== 'web' && folder !== 'scripts').sort();
    expect(backEnd.length).toBeGreaterThan(0);
    expect([...aliasBanned].filter((folder) => backEnd.includes(folder)).sort()).toEqual(backEnd);
  });
});

describe('docs/architecture/layout.md', () => {
  it('names, for each folder, the folders the linter forbids it to import', () => {
    const lint = forbiddenByLint();
    const docs = forbiddenByDocs();
    // scripts/ and bench/ share a row; only scripts/ has a rule (bench/ may use testing/).
    expect(Object.fromEntries([...docs].filter(([folder]) => folder !== 'bench'))).toEqual(
      Object.fromEntries(lint),
    );
    for (const folder of ['domain', 'app', 'runtime', 'api', 'projections', 'infra'])
      expect(lint.has(folder)).toBe(true);
  });
});
