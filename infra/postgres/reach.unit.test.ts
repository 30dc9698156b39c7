import { describe, expect, it } from 'vitest';
import { type Account, type DirStat, firstBlocked, pathChain, reachProblem } from './reach.ts';

/** The check that the `postgres` user can reach the data and the programs (reach.ts), on made-up folders. */
const postgres: Account = { name: 'postgres', uid: 101, gid: 104 };
const dir = (path: string, mode: number, uid = 0, gid = 0): DirStat => ({ path, mode, uid, gid });

describe('firstBlocked', () => {
  it('finds the first folder on the way that the account may not enter', () => {
    const chain = [dir('/', 0o755), dir('/root', 0o700), dir('/root/app', 0o755)];
    expect(firstBlocked(chain, postgres)?.path).toBe('/root');
    expect(firstBlocked([dir('/', 0o755), dir('/srv', 0o751), dir('/srv/app', 0o711)], postgres)).toBeNull();
  });

  it("applies only the owner's bits to the owner, only the group's to the group", () => {
    // Owned by the account: its own bits count, even when others may pass.
    expect(firstBlocked([dir('/d', 0o011, 101, 0)], postgres)?.path).toBe('/d');
    expect(firstBlocked([dir('/d', 0o100, 101, 0)], postgres)).toBeNull();
    // The account's group: the group's bits count, not everyone's.
    expect(firstBlocked([dir('/d', 0o701, 0, 104)], postgres)?.path).toBe('/d');
    expect(firstBlocked([dir('/d', 0o710, 0, 104)], postgres)).toBeNull();
    // Anyone else: everyone's bits.
    expect(firstBlocked([dir('/d', 0o770, 0, 0)], postgres)?.path).toBe('/d');
    // An account not created yet owns nothing and is in no group.
    expect(firstBlocked([dir('/d', 0o750, 0, 0)], { name: 'postgres', uid: -1, gid: -1 })?.path).toBe('/d');
    // Root passes everywhere.
    expect(firstBlocked([dir('/d', 0o700, 5, 5)], { name: 'root', uid: 0, gid: 0 })).toBeNull();
  });
});

describe('pathChain', () => {
  it('lists every folder from the root down to the folder itself', () => {
    expect(pathChain('/tmp/a/b')).toEqual(['/', '/tmp', '/tmp/a', '/tmp/a/b']);
    expect(pathChain('/')).toEqual(['/']);
  });
});

describe('reachProblem', () => {
  it('says what is closed, what cannot be reached and what to do', () => {
    const chain = [
      dir('/', 0o755),
      dir('/tmp', 0o1777),
      dir('/tmp/tmp.x', 0o700),
      dir('/tmp/tmp.x/data', 0o755),
    ];
    const message = reachProblem(
      {
        what: 'the data directory',
        dir: '/tmp/tmp.x/data',
        shown: '/tmp/tmp.x/data/pg',
        remedy: 'Set DATA_DIR',
      },
      chain,
      postgres,
    );
    expect(message).toContain('the user "postgres" (uid 101), which may not enter /tmp/tmp.x (mode 0700');
    expect(message).toContain('it cannot reach the data directory /tmp/tmp.x/data/pg');
    expect(message).toContain('Set DATA_DIR');
    expect(message).toContain('`chmod o+x /tmp/tmp.x`');
    expect(message).toContain('DATABASE_URL');
    // The programs in node_modules: a clone under /root.
    const programs = reachProblem(
      {
        what: 'the Postgres programs in',
        dir: '/root/app/node_modules/pg/bin',
        remedy: 'Put the application elsewhere',
      },
      [dir('/', 0o755), dir('/root', 0o700)],
      postgres,
    );
    expect(programs).toContain('which may not enter /root (mode 0700, owner uid 0)');
    expect(programs).toContain(
      'it cannot reach the Postgres programs in /root/app/node_modules/pg/bin. Put the application elsewhere',
    );
    expect(
      reachProblem({ what: 'x', dir: '/srv', remedy: 'y' }, [dir('/', 0o755), dir('/srv', 0o755)], postgres),
    ).toBeNull();
  });
});
