/**
 * The product on the cluster: its database and role (created through the write endpoint), its migrations,
 * two API processes with PROJECTIONS=off and two projection workers, all with DATABASE_URL = HAProxy's
 * write endpoint. Started detached like the daemons (cluster.ts), as `npm start` and
 * `npm run projections:worker` run them (scripts/tool.mjs bundles, the API's Node flags).
 */
import { execFile as execFileCallback } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { apiProcessArgs } from '../../runtime/nodeFlags.ts';
import { repoRoot } from '../processes.ts';
import { type Daemon, daemonAlive, GaveUp, logTail, startDaemon, waitFor } from './cluster.ts';

const execFile = promisify(execFileCallback);

export const DATABASE = 'wallet';
const ROLE = 'wallet';

/** The product's secrets of this cluster, in files under the root (the `_FILE` variables of config.ts). */
export async function writeProductKeys(root: string): Promise<Record<string, string>> {
  const dir = path.join(root, 'keys');
  await mkdir(dir, { mode: 0o700 });
  const write = async (name: string, text: string) => {
    const file = path.join(dir, name);
    await writeFile(file, text, { mode: 0o600 });
    return file;
  };
  const signingKey = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' });
  return {
    PERSONAL_DATA_KEY_FILE: await write('personal-data.key', randomBytes(32).toString('base64')),
    PSEUDONYM_KEY_FILE: await write('pseudonym.key', randomBytes(32).toString('base64')),
    LEDGER_SIGNING_KEY_FILE: await write('ledger-signing-key.pem', signingKey.toString()),
  };
}

/** The privacy keys of this cluster as a harness reads the log with them (testing/appStore.ts). */
export function clusterKeys(root: string): { PERSONAL_DATA_KEY: string; PSEUDONYM_KEY: string } {
  const key = (name: string) => readFileSync(path.join(root, 'keys', name), 'utf8').trim();
  return { PERSONAL_DATA_KEY: key('personal-data.key'), PSEUDONYM_KEY: key('pseudonym.key') };
}

/**
 * The product's role and database, made by the superuser through the write endpoint: the role owns the
 * database, so the migrations need no superuser. Returns the product's DATABASE_URL there.
 */
export async function createProductDatabase(
  superuserUrl: string,
  port: number,
  password: string,
): Promise<string> {
  const client = new pg.Client({ connectionString: superuserUrl });
  await client.connect();
  try {
    const literal = password.replaceAll("'", "''");
    await client.query(`CREATE ROLE ${ROLE} LOGIN PASSWORD '${literal}'`);
    await client.query(`CREATE DATABASE ${DATABASE} OWNER ${ROLE}`);
  } finally {
    await client.end();
  }
  return `postgres://${ROLE}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
}

/** The environment of every product process: only what config.ts reads, nothing inherited but PATH and HOME. */
export function productEnv(
  root: string,
  databaseUrl: string,
  keys: Record<string, string>,
  sessionSecret: string,
  admin: { email: string; password: string },
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? root,
    DATABASE_URL: databaseUrl,
    PROJECTIONS: 'off',
    HOST: '127.0.0.1',
    SESSION_SECRET: sessionSecret,
    ...keys,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    DEMO_USERS: 'off',
    BUILD_WEB: 'off',
    LOG_LEVEL: 'info',
    ...extra,
  };
}

/** `node scripts/tool.mjs NAME`, waited for: the migrations, or a bundle built before processes race to. */
export async function runTool(args: string[], env: Record<string, string>): Promise<string> {
  try {
    const { stdout } = await execFile(process.execPath, ['scripts/tool.mjs', ...args], {
      cwd: repoRoot,
      env,
    });
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`scripts/tool.mjs ${args.join(' ')} failed:\n${stdout}${stderr}`);
  }
}

/**
 * A product process from the repository's root, with a DATA_DIR of its own under the root: the keys come
 * from files, but the published digests land there (DIGEST_DIR's default).
 */
async function startProductProcess(
  name: string,
  args: string[],
  env: Record<string, string>,
  logDir: string,
): Promise<Daemon> {
  const dataDir = path.join(logDir, name);
  await mkdir(dataDir, { recursive: true });
  return startDaemon({
    name,
    command: process.execPath,
    args,
    cwd: repoRoot,
    env: { ...env, DATA_DIR: dataDir },
    logDir,
  });
}

/** One API process (`npm start`'s command line) on `port`, once its /readyz answers 200. */
export async function startApi(
  name: string,
  port: number,
  env: Record<string, string>,
  logDir: string,
): Promise<Daemon> {
  const daemon = await startProductProcess(name, apiProcessArgs(), { ...env, PORT: String(port) }, logDir);
  await waitFor(`${name} ready on port ${port}`, 120_000, async () => {
    if (!daemonAlive(daemon)) throw new GaveUp(`${name} exited:\n${logTail(daemon)}`);
    const response = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status === 200 ? true : undefined;
  }).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${logTail(daemon)}`);
  });
  return daemon;
}

/** One projection worker (`npm run projections:worker`), once it reports running. It serves no port. */
export async function startWorker(
  name: string,
  env: Record<string, string>,
  logDir: string,
): Promise<Daemon> {
  const daemon = await startProductProcess(name, ['scripts/tool.mjs', 'projectionWorker'], env, logDir);
  await waitFor(`${name} running`, 120_000, async () => {
    if (!daemonAlive(daemon)) throw new GaveUp(`${name} exited:\n${logTail(daemon)}`);
    return (await readFile(daemon.log, 'utf8')).includes('projection worker running') ? true : undefined;
  });
  return daemon;
}
