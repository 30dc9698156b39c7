/**
 * PgBouncer 1.18 in transaction mode in front of the write endpoint, for the APIs
 * (docs/architecture/pgbouncer.md): Debian's package, run as our child like the other daemons.
 */
import { chown, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { type ClusterState, type Daemon, serverUser, startDaemon, waitFor } from './cluster.ts';

export const PGBOUNCER = '/usr/sbin/pgbouncer';

/** pgbouncer.ini: one database, the product's, on HAProxy's write endpoint. */
export function pgbouncerConfig(
  dir: string,
  listenPort: number,
  writePort: number,
  database: string,
): string {
  return [
    '[databases]',
    `${database} = host=127.0.0.1 port=${writePort} dbname=${database}`,
    '',
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${listenPort}`,
    'unix_socket_dir =',
    'auth_type = scram-sha-256',
    `auth_file = ${path.join(dir, 'userlist.txt')}`,
    `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
    'pool_mode = transaction',
    // Two APIs' pools of 40 each share these server connections.
    'max_client_conn = 400',
    'default_pool_size = 40',
    // After a failover the old leader's connections fail: try the endpoint again after a second, not 15.
    'server_login_retry = 1',
    'server_connect_timeout = 5',
    // A client whose query waits for a server connection (none to be had while no node leads) gets an
    // error after 5 s, which the API answers 503, rather than waiting PgBouncer's default 120 s.
    'query_wait_timeout = 5',
    'log_connections = 0',
    'log_disconnections = 0',
    '',
  ].join('\n');
}

/**
 * Starts PgBouncer on `port` for the product's role (its password from the write URL, in PgBouncer's
 * auth file, mode 0600) and returns it with the URL the APIs connect to, once it serves a query.
 */
export async function startPgBouncer(
  state: ClusterState,
  port: number,
): Promise<{ daemon: Daemon; url: string }> {
  const dir = path.join(state.root, 'pgbouncer');
  await mkdir(dir, { mode: 0o700 });
  const write = new URL(state.writeUrl);
  const database = write.pathname.slice(1);
  const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;
  const files = {
    ini: path.join(dir, 'pgbouncer.ini'),
    users: path.join(dir, 'userlist.txt'),
  };
  await writeFile(files.ini, pgbouncerConfig(dir, port, state.ports.haproxyWrite, database), { mode: 0o600 });
  await writeFile(
    files.users,
    `${quote(decodeURIComponent(write.username))} ${quote(decodeURIComponent(write.password))}\n`,
    { mode: 0o600 },
  );
  // PgBouncer refuses to run as root: as root, it runs as the user that runs Postgres.
  const user = serverUser();
  if (user) for (const file of [dir, files.ini, files.users]) await chown(file, user.uid, user.gid);
  const daemon = startDaemon({
    name: 'pgbouncer',
    command: PGBOUNCER,
    args: [files.ini],
    logDir: state.root,
    user,
  });
  const url = new URL(state.writeUrl);
  url.port = String(port);
  await waitFor('PgBouncer serving a query', 30_000, async () => {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await client.query('SELECT 1');
      return true;
    } finally {
      await client.end();
    }
  });
  return { daemon, url: url.toString() };
}
