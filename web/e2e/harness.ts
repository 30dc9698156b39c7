/**
 * Browser test harness: builds the web app when needed, starts the real server the way `npm start`
 * does, drives Debian's Chromium through playwright-core, and runs axe-core on a page.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import { type Browser, chromium, type Page } from 'playwright-core';
import { captureOutput, repoRoot } from '../../testing/processes.ts';

export { repoRoot };

const webDist = path.join(repoRoot, 'web', 'dist', 'index.html');

// ---------------------------------------------------------------------------------------------------
// Web build

function newestMtime(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when web/dist is missing or older than the sources it is built from. */
export function webBuildIsStale(): boolean {
  if (!existsSync(webDist)) return true;
  const built = statSync(webDist).mtimeMs;
  const sources = [
    path.join(repoRoot, 'web', 'src'),
    // The web imports the domain's pure rules (amounts, addresses, the verifier): a change there is a
    // change of the bundle too.
    path.join(repoRoot, 'domain'),
    path.join(repoRoot, 'web', 'index.html'),
    path.join(repoRoot, 'web', 'public'),
    // The page bundles the checker (domain/verifiable/verify.ts) and other domain code.
    path.join(repoRoot, 'domain'),
    path.join(repoRoot, 'vite.config.ts'),
  ].filter((source) => existsSync(source));
  return sources.some((source) => newestMtime(source) > built);
}

/**
 * Runs `vite build` when web/dist is missing or stale, before the server starts (the server would
 * otherwise build it itself on first start). A lock directory keeps test files that start at the same
 * time from writing web/dist at once; whoever waited re-checks and usually finds the build done.
 */
export async function ensureWebBuild(): Promise<void> {
  if (!webBuildIsStale()) return;
  await withLock(buildLock, async () => {
    if (!webBuildIsStale()) return;
    const viteBin = path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
    const { code, output } = await runToEnd(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], {
      cwd: repoRoot,
      // Vitest sets NODE_ENV=test, and Vite would then bundle React's development build; the browser
      // tests must run the same production bundle `npm start` serves.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (code !== 0 || !existsSync(webDist)) {
      throw new Error(`vite build failed (exit ${code}):\n${output}`);
    }
  });
}

const buildLock = path.join(repoRoot, 'node_modules', '.cache', 'sai-web-build.lock');
const LOCK_STALE_MS = 180_000;

async function withLock(lockDir: string, work: () => Promise<void>): Promise<void> {
  mkdirSync(path.dirname(lockDir), { recursive: true });
  const deadline = Date.now() + LOCK_STALE_MS;
  for (;;) {
    try {
      mkdirSync(lockDir); // atomic: exactly one process creates it
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock this old was left by a build that died.
      const age = Date.now() - (statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS) rmSync(lockDir, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${lockDir}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

function runToEnd(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = captureOutput(child);
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output: output.text() }));
  });
}

// ---------------------------------------------------------------------------------------------------
// Server: the real API as a child process (shared with the fault tests).

export { type RunningApp, startApp } from '../../testing/processes.ts';

// ---------------------------------------------------------------------------------------------------
// Browser

/** Debian's Chromium (installed by .ci/run), headless, with the flags this machine's closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * What should never happen on a page in normal use, collected as it happens: an uncaught exception, a
 * console error (a Content-Security-Policy refusal is one), a request answered 4xx or 5xx, a request that
 * never got an answer. A journey that provokes one on purpose (a wrong password) says so first with
 * `allowPageProblems`; a request the page itself gave up (navigation, a cancelled query) is not a failure.
 * Watching the same page twice hands back the same list.
 */
export function watchPageProblems(page: Page): { problems: string[] } {
  const known = watched.get(page);
  if (known) return { problems: known.problems };
  const watch: Watch = { problems: [], allowed: [] };
  watched.set(page, watch);
  everyWatch.push(watch);
  const report = (problem: string) => {
    if (!watch.allowed.some((pattern) => pattern.test(problem))) watch.problems.push(problem);
  };
  const where = (url: string) => {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  };
  page.on('pageerror', (error) => report(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Chromium's own line for an answer >= 400 repeats what the response listener below reports.
    if (/^Failed to load resource: the server responded with a status of/.test(message.text())) return;
    const kind = /Content Security Policy/i.test(message.text()) ? 'csp' : 'console error';
    report(`${kind}: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      report(`failed: ${response.status()} ${response.request().method()} ${where(response.url())}`);
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'unknown';
    if (reason === 'net::ERR_ABORTED') return;
    report(`no answer: ${request.method()} ${where(request.url())} (${reason})`);
  });
  return { problems: watch.problems };
}

interface Watch {
  problems: string[];
  allowed: RegExp[];
}
const watched = new WeakMap<Page, Watch>();
/** Pages live across tests (a session opened in `beforeAll`): each test takes what came up during it. */
const everyWatch: Watch[] = [];

/**
 * Lets a journey provoke a problem on purpose: one matching a pattern is not collected (e.g.
 * `/^failed: 401 POST \/api\/auth\/login$/` before typing a wrong password). Keep patterns exact.
 */
export function allowPageProblems(page: Page, ...patterns: RegExp[]): void {
  watchPageProblems(page);
  watched.get(page)!.allowed.push(...patterns);
}

/**
 * Every problem on every page watched since the last call, and a fresh start: the browser kit's
 * `afterEach` fails the test with them, so no journey of any file can log an error unnoticed.
 */
export function takePageProblems(): string[] {
  return everyWatch.flatMap((watch) => watch.problems.splice(0));
}

/** The page's width against its viewport: more than the viewport means a horizontal scrollbar. */
export function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

// ---------------------------------------------------------------------------------------------------
// Accessibility

export interface AxeViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  helpUrl: string;
  nodes: { target: string; html: string; summary: string }[];
}

/**
 * Runs axe-core on the page and returns the violations of impact serious or critical. axe is injected
 * through the DevTools protocol (page.evaluate), which the app's CSP (`script-src 'self'`) does not
 * govern, unlike an injected <script> tag.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axe.source);
  // A page can change under axe: a toast's five seconds run out and it fades while axe measures, and the
  // contrast of the half-faded text is then reported. Whatever starts animating during a run makes that
  // run void; the page settles and is measured again (a real finding survives every measurement).
  let measured = await settledAxeRun(page);
  for (let attempt = 1; attempt < 4 && measured.changed; attempt += 1) measured = await settledAxeRun(page);
  return measured.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
}

/**
 * One axe run on a settled page. Finite animations (a dialog fading in) end first: axe measures contrast
 * on what is still half-faded. A click's effect may mount a dialog a frame later, so the page gets two
 * frames before the animations are gathered, and the gathering repeats until a frame starts none (bounded,
 * for a page that never settles). `changed` says an animation or transition started during the run.
 */
async function settledAxeRun(page: Page): Promise<{ violations: AxeViolation[]; changed: boolean }> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    const deadline = performance.now() + 3_000;
    for (let round = 0; round < 5 && performance.now() < deadline; round += 1) {
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .filter((animation) => animation.playState !== 'finished');
      if (running.length === 0) return;
      await Promise.race([
        Promise.all(running.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now()))),
      ]);
    }
  });
  return page.evaluate(async () => {
    let changed = false;
    const started = () => {
      changed = true;
    };
    const kinds = ['animationstart', 'transitionstart'] as const;
    for (const kind of kinds) document.addEventListener(kind, started, true);
    try {
      const runner = (window as unknown as { axe: typeof axe }).axe;
      const results = await runner.run(document, { resultTypes: ['violations'] });
      const violations = results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        helpUrl: violation.helpUrl,
        nodes: violation.nodes.map((node) => ({
          target: node.target.join(' '),
          html: node.html,
          summary: node.failureSummary ?? '',
        })),
      }));
      // Events of an animation that began in the run's last frame arrive with the next one.
      await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
      return { violations, changed };
    } finally {
      for (const kind of kinds) document.removeEventListener(kind, started, true);
    }
  });
}

export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl})\n${violation.nodes
          .map(
            (node) => `  at ${node.target}\n    ${node.html}\n    ${node.summary.replace(/\n/g, '\n    ')}`,
          )
          .join('\n')}`,
    )
    .join('\n\n');
}
