import pg from 'pg';

// Postgres `bigint` (int8) and `numeric` come back as strings: money and positions are never JS numbers.
export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

export function createPool(url: string, max = 20, extra: pg.PoolConfig = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, ...extra });
  // An idle client losing its connection (Postgres restart) must not crash the process.
  pool.on('error', () => {});
  // Nor one that is checked out: the pool listens only to idle clients, and a session ended by the server
  // (57P01 on a restart) while its holder awaits other work (a transaction open around a projection
  // handler) would emit an unhandled 'error'. Its next query fails instead; the pool drops it on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}

/**
 * Runs `work` in one transaction: committed when it returns, rolled back when it throws. With
 * `closeOnFailure`, the connection of a failed transaction is closed rather than pooled (its session may be
 * the reason it failed).
 */
export async function withTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  options: { closeOnFailure?: boolean } = {},
): Promise<T> {
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    if (options.closeOnFailure) failed = error instanceof Error ? error : new Error(String(error));
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release(failed);
  }
}

/**
 * Runs `work` on one connection holding a session-level advisory lock (`key`), so that processes starting
 * together do it one at a time; each statement of `work` still commits on its own. Waits for the lock.
 */
export async function withAdvisoryLock<T>(
  pool: pg.Pool,
  key: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key]);
    return await work(client);
  } finally {
    // A session that died (a server restart) the pool drops by itself on release. One still alive whose
    // work left it in a transaction (aborted or not) is rolled back first, so the unlock can run and the
    // lock is gone before this returns (closing the connection would end it only once the server has
    // noticed, and the caller's next step may already be asking for it). If even that fails, the session
    // is closed, so that no pooled session keeps the lock.
    const unlock = () =>
      client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]).then(
        () => true,
        () => false,
      );
    const unlocked =
      (await unlock()) ||
      (await client.query('ROLLBACK').then(
        () => unlock(),
        () => false,
      ));
    client.release(unlocked ? undefined : new Error(`could not release the advisory lock ${key}`));
  }
}

/** Creates a database on the server of `url` if missing and returns the URL pointing at it. */
export async function ensureDatabase(url: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replaceAll('"', '')}"`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}
