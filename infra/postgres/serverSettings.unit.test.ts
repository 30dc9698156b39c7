import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POSTGRES_SERVER_SETTINGS } from './embedded.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe("every Postgres server of ours runs with the project's settings", () => {
  it("docker compose's, as the embedded one (whose own is checked by the npm start test)", () => {
    const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    const service = compose.slice(compose.indexOf('\n  postgres:\n'));
    const command = /^ {4}command: (\[.*\])$/m.exec(service.slice(0, service.indexOf('\n  app:\n')));
    expect(command, 'the postgres service has a command').not.toBeNull();
    expect(JSON.parse(command![1]!)).toEqual([
      'postgres',
      ...POSTGRES_SERVER_SETTINGS.flatMap((setting) => ['-c', setting]),
    ]);
  });
});
