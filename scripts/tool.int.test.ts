import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
// A folder of this test's own, one level below the root as .tools/ is.
const dirName = `.tools-test-${process.pid}`;
const dir = path.join(root, dirName);

function tool(...args: string[]) {
  return spawnSync(process.execPath, ['scripts/tool.mjs', ...args], {
    cwd: root,
    env: { ...process.env, SAI_TOOLS_DIR: dirName, SAI_TOOL_DEBUG: '1' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('scripts/tool.mjs (how npm runs the operator scripts)', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs a script from a bundle it builds once and rebuilds when a source changes', () => {
    const first = tool('exportLedger', '--from', 'yesterday');
    // The script's own validation answered, with the script's own exit code: the bundle ran it.
    expect(first.status).toBe(2);
    expect(first.stderr).toContain('--from must be a date like 2026-01-01');
    expect(first.stderr).not.toContain('running through tsx');
    const bundle = path.join(dir, 'exportLedger.mjs');
    const { inputs }: { inputs: string[] } = JSON.parse(
      readFileSync(path.join(dir, 'exportLedger.inputs.json'), 'utf8'),
    );
    expect(inputs).toContain('scripts/exportLedger.ts');
    expect(inputs).toContain('domain/shared/money.ts');
    const builtAt = statSync(bundle).mtimeMs;

    // Unchanged sources: the same bundle runs again.
    expect(tool('exportLedger', '--from', 'yesterday').status).toBe(2);
    expect(statSync(bundle).mtimeMs).toBe(builtAt);

    // A module the script imports is saved again: the next run builds anew before it runs.
    const source = path.join(root, 'domain/shared/money.ts');
    const saved = statSync(source);
    try {
      utimesSync(source, saved.atime, new Date(builtAt + 1_000));
      const again = tool('exportLedger', '--from', 'yesterday');
      expect(again.status).toBe(2);
      expect(statSync(bundle).mtimeMs).toBeGreaterThan(builtAt);
    } finally {
      utimesSync(source, saved.atime, saved.mtime);
    }
  }, 60_000);

  it('keeps what a script imports dynamically in a chunk of its own, loaded when it is used', () => {
    // The EventStoreDB adapter is imported only when EVENT_STORE says so; here it runs from its chunk.
    const run = spawnSync(process.execPath, ['scripts/tool.mjs', 'projectionWorker'], {
      cwd: root,
      env: {
        ...process.env,
        SAI_TOOLS_DIR: dirName,
        DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:1/none',
        EVENT_STORE: 'eventstoredb',
        EVENTSTORE_URL: 'esdb://127.0.0.1:1?tls=false',
        SESSION_SECRET: 'x'.repeat(40),
        LOG_LEVEL: 'silent',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Cannot reach EventStoreDB at esdb://127.0.0.1:1?tls=false');
    const { chunks }: { chunks: string[] } = JSON.parse(
      readFileSync(path.join(dir, 'projectionWorker.inputs.json'), 'utf8'),
    );
    expect(chunks.length).toBeGreaterThan(0);
    const bundle = readFileSync(path.join(dir, 'projectionWorker.mjs'), 'utf8');
    expect(bundle).not.toMatch(/^import .* from "@eventstore\/db-client"/m);
    // A chunk gone from the folder: the bundle that needs it is built again rather than run broken.
    for (const chunk of chunks) rmSync(path.join(dir, chunk));
    const again = spawnSync(process.execPath, ['scripts/tool.mjs', 'projectionWorker'], {
      cwd: root,
      env: { ...process.env, SAI_TOOLS_DIR: dirName, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(again.stderr).toContain('The projection worker needs DATABASE_URL');
    for (const chunk of chunks) expect(existsSync(path.join(dir, chunk)), chunk).toBe(true);
  }, 60_000);

  it('with --build makes the bundle fresh without running the script', () => {
    rmSync(path.join(dir, 'verifyLedger.mjs'), { force: true });
    // verifyLedger would start an embedded Postgres if it ran; --build only bundles it.
    const run = tool('--build', 'verifyLedger');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(existsSync(path.join(dir, 'verifyLedger.mjs'))).toBe(true);
  }, 60_000);

  it("starts without loading Node's fetch implementation, which pg's import would touch", () => {
    // pg asks at import whether it runs in a Cloudflare Worker by constructing a Response; on Node 20 that
    // loads undici (15-20 ms of each start). The bundle answers that question at build time (tool.mjs).
    const probe = path.join(dir, 'probe.mjs');
    expect(tool('--build', 'exportLedger').status).toBe(0);
    writeFileSync(
      probe,
      "process.on('exit', () => process.stderr.write('fetch loaded: ' + process.moduleLoadList.some((m) => m.includes('undici')) + '\\n'));\n",
    );
    const withProbe = (code: string) =>
      spawnSync(process.execPath, ['-e', code], {
        cwd: root,
        env: { ...process.env, NODE_OPTIONS: `--import=${pathToFileURL(probe).href}` },
        encoding: 'utf8',
      });
    // The probe tells: a process that touches Response loads it, one that does not, does not.
    expect(withProbe('typeof Response').stderr).toContain('fetch loaded: true');
    expect(withProbe('0').stderr).toContain('fetch loaded: false');
    const run = spawnSync(process.execPath, ['scripts/tool.mjs', 'exportLedger', '--from', 'yesterday'], {
      cwd: root,
      env: {
        ...process.env,
        SAI_TOOLS_DIR: dirName,
        SAI_TOOL_DEBUG: '1',
        NODE_OPTIONS: `--import=${pathToFileURL(probe).href}`,
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).not.toContain('running through tsx');
    expect(run.stderr).toContain('fetch loaded: false');
  }, 60_000);

  it('refuses a name that is not an operator script', () => {
    for (const name of ['nope', '../api/main', '']) {
      const run = tool(name);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('no operator script named');
    }
  });

  it('runs the script through tsx when no bundle can be written', () => {
    rmSync(dir, { recursive: true, force: true });
    writeFileSync(dir, 'a file where the folder should be');
    try {
      const run = tool('exportLedger', '--from', 'yesterday');
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('running through tsx');
      expect(run.stderr).toContain('--from must be a date like 2026-01-01');
    } finally {
      rmSync(dir, { force: true });
    }
  }, 60_000);
});
