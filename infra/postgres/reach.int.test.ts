import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';
import { accountOf, firstBlocked, statChain } from './reach.ts';

/**
 * A data directory inside a folder the `postgres` user may not enter: a `mktemp -d` folder (0700, owned by
 * whoever runs this). As root, where the server runs as `postgres`, the start must stop before initdb and
 * say what is wrong and what to do. As another user the server runs as that user and the folder is no
 * obstacle; the check itself is then held to the same real folder with an account that does not own it.
 */
describe('a data directory the postgres user cannot reach', () => {
  let closed: string;
  beforeAll(async () => {
    closed = await mkdtemp(path.join(os.tmpdir(), 'sai-closed-'));
    expect((await stat(closed)).mode & 0o777).toBe(0o700);
  });
  afterAll(async () => {
    await rm(closed, { recursive: true, force: true });
  });

  it('finds the closed folder on the real file system', async () => {
    const data = path.join(closed, 'data');
    await mkdir(data, { recursive: true });
    const me = os.userInfo();
    const stranger = { name: 'stranger', uid: me.uid + 1, gid: me.gid + 1 };
    expect(firstBlocked(await statChain(data), stranger)?.path).toBe(closed);
    expect(firstBlocked(await statChain(data), { name: me.username, uid: me.uid, gid: me.gid })).toBeNull();
  });

  it('as root: refuses before initdb, saying what is wrong and what to do', async () => {
    if (os.userInfo().uid !== 0) {
      // The server runs as this very user, who owns the folder: the check lets it through.
      const me = os.userInfo();
      expect(
        firstBlocked(await statChain(closed), { name: me.username, uid: me.uid, gid: me.gid }),
      ).toBeNull();
      return;
    }
    const dataDir = path.join(closed, 'data', 'pg');
    const refusal = await startEmbeddedPostgres({ dataDir }).then(
      () => null,
      (error: unknown) => error as Error,
    );
    const account = await accountOf('postgres');
    expect(refusal?.message).toContain(
      `runs as the user "postgres" (uid ${account.uid}), which may not enter ${closed} (mode 0700`,
    );
    expect(refusal?.message).toContain(`it cannot reach the data directory ${dataDir}`);
    expect(refusal?.message).toContain('Set DATA_DIR to a folder it can reach');
    expect(refusal?.message).toContain(`chmod o+x ${closed}`);
    // Stopped before initdb: no data directory was made, and no claim is left behind.
    expect(existsSync(dataDir)).toBe(false);
    expect(existsSync(`${dataDir}.owner`)).toBe(false);
  });
});
