import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

/** Every open, flush, rename and close of node:fs/promises, in order, with the path it concerns. */
const calls: string[] = [];
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>();
  const base = (file: unknown) => path.basename(String(file)).replace(/\.\d+\.[0-9a-f]+\.tmp$/, '.tmp');
  return {
    ...fs,
    open: async (
      file: string,
      ...rest: Parameters<typeof fs.open> extends [unknown, ...infer R] ? R : never
    ) => {
      const handle = await fs.open(file, ...rest);
      calls.push(`open ${base(file)}`);
      const sync = handle.sync.bind(handle);
      handle.sync = async () => {
        await sync();
        calls.push(`fsync ${base(file)}`);
      };
      return handle;
    },
    rename: async (from: string, to: string) => {
      await fs.rename(from, to);
      calls.push(`rename ${base(from)} ${base(to)}`);
    },
  };
});

const { writeFileAtomically } = await import('./digestFiles.ts');

describe('digest files', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sai-digest-files-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('flushes the bytes before the rename and the folder after it, leaving no temporary', async () => {
    const folder = path.join(dir, 'digests');
    await writeFileAtomically(path.join(folder, 'digest-1-x.json'), '{"a":1}\n');
    expect(calls).toEqual([
      'open digest-1-x.json.tmp',
      'fsync digest-1-x.json.tmp',
      'rename digest-1-x.json.tmp digest-1-x.json',
      'open digests',
      'fsync digests',
    ]);
    expect(readdirSync(folder)).toEqual(['digest-1-x.json']);
    expect(readFileSync(path.join(folder, 'digest-1-x.json'), 'utf8')).toBe('{"a":1}\n');
  });
});
