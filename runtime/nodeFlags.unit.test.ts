import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiProcessArgs } from './nodeFlags.ts';

const root = path.resolve(import.meta.dirname, '..');

describe('the API process is started with its V8 flags everywhere', () => {
  it('by npm start', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe(['node', ...apiProcessArgs()].join(' '));
  });

  it("by the image's CMD", () => {
    const cmd = readFileSync(path.join(root, 'Dockerfile'), 'utf8')
      .split('\n')
      .find((line) => line.startsWith('CMD '));
    expect(JSON.parse(cmd!.slice(4))).toEqual(['node', ...apiProcessArgs()]);
  });
});
