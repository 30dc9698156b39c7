/**
 * The configuration of each daemon of the cluster shape. Every value that matters is explained in
 * docs/architecture/cluster.md; the comments here say only what the code cannot.
 */
import path from 'node:path';
import { POSTGRES_SERVER_SETTINGS } from '../../infra/postgres/embedded.ts';
import { type ClusterPorts, dataDir, NODE_NAMES, type NodeName, nodeDir } from './cluster.ts';

export const SCOPE = 'sai-cluster';
export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

/** One etcd member on loopback (enough for the test shape; production runs three or five). */
export function etcdArgs(root: string, ports: ClusterPorts): string[] {
  const client = `http://127.0.0.1:${ports.etcdClient}`;
  const peer = `http://127.0.0.1:${ports.etcdPeer}`;
  return [
    '--name=etcd1',
    `--data-dir=${path.join(root, 'etcd')}`,
    `--listen-client-urls=${client}`,
    `--advertise-client-urls=${client}`,
    `--listen-peer-urls=${peer}`,
    `--initial-advertise-peer-urls=${peer}`,
    `--initial-cluster=etcd1=${peer}`,
    '--initial-cluster-state=new',
    `--initial-cluster-token=${SCOPE}`,
    '--logger=zap',
    '--log-level=warn',
  ];
}

export interface Passwords {
  superuser: string;
  replication: string;
  rewind: string;
}

/** Patroni's `postgresql.parameters` of the whole cluster (bootstrap.dcs, so every member runs the same). */
function postgresParameters(): Record<string, string | number> {
  const fromEmbedded = Object.fromEntries(
    POSTGRES_SERVER_SETTINGS.map((setting) => setting.split('=') as [string, string]),
  );
  return {
    ...fromEmbedded,
    max_connections: 300,
    synchronous_commit: 'on',
    wal_level: 'replica',
    hot_standby: 'on',
    hot_standby_feedback: 'on',
    wal_log_hints: 'on',
    max_wal_senders: 10,
    max_replication_slots: 10,
    wal_keep_size: '256MB',
    password_encryption: 'scram-sha-256',
    // WAL into pgBackRest's repository (backups.ts); only the node that leads archives, with its own
    // command (the node's parameters below).
    archive_mode: 'on',
  };
}

/**
 * One node's Patroni configuration. YAML is a superset of JSON, so it is written as JSON: no YAML
 * writer needed, and no quoting rule of YAML to get wrong.
 */
export function patroniConfig(
  root: string,
  ports: ClusterPorts,
  name: NodeName,
  passwords: Passwords,
): Record<string, unknown> {
  const own = ports.nodes[name];
  return {
    scope: SCOPE,
    namespace: '/sai/',
    name,
    restapi: { listen: `127.0.0.1:${own.rest}`, connect_address: `127.0.0.1:${own.rest}` },
    etcd3: { hosts: [`127.0.0.1:${ports.etcdClient}`] },
    bootstrap: {
      dcs: {
        ttl: 30,
        loop_wait: 10,
        retry_timeout: 10,
        maximum_lag_on_failover: 1_048_576,
        synchronous_mode: true,
        synchronous_mode_strict: true,
        synchronous_node_count: 1,
        check_timeline: true,
        postgresql: { use_pg_rewind: true, use_slots: true, parameters: postgresParameters() },
      },
      initdb: [{ encoding: 'UTF8' }, { locale: 'C' }, 'data-checksums'],
    },
    postgresql: {
      listen: `127.0.0.1:${own.postgres}`,
      connect_address: `127.0.0.1:${own.postgres}`,
      data_dir: dataDir(root, name),
      bin_dir: POSTGRES_BIN,
      pgpass: path.join(nodeDir(root, name), 'pgpass'),
      use_unix_socket: true,
      authentication: {
        superuser: { username: 'postgres', password: passwords.superuser },
        replication: { username: 'replicator', password: passwords.replication },
        rewind: { username: 'rewinder', password: passwords.rewind },
      },
      // Its socket in its own folder: the distribution's /var/run/postgresql is not ours.
      parameters: {
        unix_socket_directories: nodeDir(root, name),
        archive_command: archiveCommand(root, name),
      },
      basebackup: [{ checkpoint: 'fast' }],
      pg_hba: [
        'local all all peer',
        'host all all 127.0.0.1/32 scram-sha-256',
        'host replication replicator 127.0.0.1/32 scram-sha-256',
      ],
    },
    watchdog: { mode: 'off' },
    tags: { nofailover: false, noloadbalance: false, clonefrom: false, nosync: false },
  };
}

export const PGBACKREST = '/usr/bin/pgbackrest';
export const STANZA = 'wallet';

export function backupConfigFile(root: string): string {
  return path.join(root, 'backup', 'pgbackrest.conf');
}

/**
 * A node's `archive_command` (Postgres archives only on the node that leads). Its own data folder as
 * pg1: Postgres passes the WAL file's path relative to it, and pgBackRest reads it relative to pg1-path.
 */
export function archiveCommand(root: string, name: NodeName): string {
  const own = `--pg1-path=${dataDir(root, name)}`;
  return `${PGBACKREST} --config=${backupConfigFile(root)} --stanza=${STANZA} ${own} archive-push %p`;
}

/**
 * pgBackRest's configuration: one repository on local disk, and the three nodes as pg1..pg3 (it finds
 * the one that leads for a backup). lz4: the fastest compression it has; two full backups kept.
 */
export function backupConfig(root: string, ports: ClusterPorts): string {
  const folder = path.join(root, 'backup');
  const nodes = NODE_NAMES.flatMap((name, i) => [
    `pg${i + 1}-path=${dataDir(root, name)}`,
    `pg${i + 1}-port=${ports.nodes[name].postgres}`,
    `pg${i + 1}-socket-path=${nodeDir(root, name)}`,
    `pg${i + 1}-user=postgres`,
  ]);
  return [
    '[global]',
    `repo1-path=${path.join(folder, 'repo')}`,
    'repo1-retention-full=2',
    `log-path=${path.join(folder, 'log')}`,
    `lock-path=${path.join(folder, 'lock')}`,
    'log-level-console=warn',
    'log-level-file=info',
    'compress-type=lz4',
    'start-fast=y',
    'archive-timeout=60',
    '',
    `[${STANZA}]`,
    ...nodes,
    '',
  ].join('\n');
}

/** A replica further behind the leader than this leaves the read endpoint (Patroni's `/replica?lag=`). */
export const READ_MAX_LAG = '16MB';

/**
 * HAProxy: a write endpoint on the Patroni leader, and a read endpoint on the replicas that are not too far
 * behind, by REST checks; with no such replica the read endpoint sends its connections to the leader.
 */
export function haproxyConfig(ports: ClusterPorts): string {
  const servers = NODE_NAMES.map(
    (name) =>
      `    server ${name} 127.0.0.1:${ports.nodes[name].postgres} check port ${ports.nodes[name].rest}`,
  );
  const checked = (check: string, extra: string[] = []) => [
    ...extra,
    '    option httpchk',
    `    http-check send meth OPTIONS uri ${check}`,
    '    http-check expect status 200',
    '    default-server inter 2s fastinter 1s downinter 2s fall 2 rise 2 on-marked-down shutdown-sessions',
    ...servers,
    '',
  ];
  const endpoint = (title: string, port: number, check: string) => [
    `listen ${title}`,
    `    bind 127.0.0.1:${port}`,
    ...checked(check),
  ];
  const readEndpoint = [
    'frontend read',
    `    bind 127.0.0.1:${ports.haproxyRead}`,
    '    use_backend replicas if { nbsrv(replicas) gt 0 }',
    '    default_backend read_on_leader',
    '',
    'backend replicas',
    ...checked(`/replica?lag=${READ_MAX_LAG}`, ['    balance roundrobin']),
    'backend read_on_leader',
    ...checked('/primary'),
  ];
  return [
    'global',
    '    maxconn 2000',
    '',
    'defaults',
    '    mode tcp',
    '    log global',
    '    retries 2',
    '    timeout connect 4s',
    '    timeout client 24h',
    '    timeout server 24h',
    '    option clitcpka',
    '    option srvtcpka',
    '    timeout check 3s',
    '',
    ...endpoint('write', ports.haproxyWrite, '/primary'),
    ...readEndpoint,
    'listen stats',
    '    mode http',
    `    bind 127.0.0.1:${ports.haproxyStats}`,
    '    stats enable',
    '    stats uri /',
    '',
  ].join('\n');
}
