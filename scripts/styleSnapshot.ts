import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { withThrowawayApp } from './browserApp.ts';

/**
 * npm run web:styles -- --out FILE   records the computed style of every element (and its ::before and
 *                                     ::after) on every screen, at desktop, tablet and phone widths;
 * npm run web:styles -- --diff A B    lists what differs between two such records.
 *
 * A refactoring of the stylesheets (shared compositions, sprinkles, recipes) must not change how a
 * screen looks: two records taken before and after it should not differ. Hover and focus states are
 * not covered. Properties that change between two samples of the same page (running animations) are
 * left out of the record.
 */

const publicRoutes = [
  '/',
  '/about',
  '/all-partners',
  '/blog',
  '/business',
  '/cards',
  '/careers',
  '/compliance',
  '/contact',
  '/cookies',
  '/exchange',
  '/features/crypto-back',
  '/features/premium',
  '/features/spending',
  '/help',
  '/learn/basics',
  '/learn/security',
  '/partners',
  '/press',
  '/pricing',
  '/privacy',
  '/rewards',
  '/terms',
  '/verify',
  '/wallet',
  '/login',
  '/register',
  '/no-such-page',
];
const userRoutes = ['/dashboard', '/deposit', '/profile', '/transactions'];
const adminRoutes = [
  '/admin',
  '/admin/audit',
  '/admin/cards',
  '/admin/crypto',
  '/admin/distribution',
  '/admin/messages',
  '/admin/projections',
  '/admin/reports',
  '/admin/settings',
  '/admin/transactions',
  '/admin/users',
];
const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'tablet', width: 820, height: 1180 },
  { name: 'phone', width: 390, height: 844 },
];

type ElementStyle = { path: string; style: Record<string, string> };
type Snapshot = Record<string, ElementStyle[]>;

/**
 * Runs in the page: every element's computed style, plus its pseudo-elements when they render. Kept as
 * text because tsx's transform would wrap a function in helpers that do not exist in the page.
 */
const collect = `(() => {
  const out = [];
  const styleOf = (element, pseudo) => {
    const computed = getComputedStyle(element, pseudo);
    const style = {};
    for (let i = 0; i < computed.length; i++) {
      const name = computed.item(i);
      style[name] = computed.getPropertyValue(name);
    }
    return style;
  };
  document.body.querySelectorAll('*').forEach((element, index) => {
    const tag = element.tagName.toLowerCase();
    if (element.closest('svg') && tag !== 'svg') return;
    const text = (element.textContent ?? '').trim().slice(0, 24).replace(/\\s+/g, ' ');
    const where = index + ':' + tag + (element.id ? '#' + element.id : '') + ' "' + text + '"';
    out.push({ path: where, style: styleOf(element) });
    for (const pseudo of ['::before', '::after']) {
      const style = styleOf(element, pseudo);
      if (style.content && style.content !== 'none' && style.content !== 'normal') {
        out.push({ path: where + pseudo, style });
      }
    }
  });
  return out;
})()`;

async function sample(page: Page): Promise<ElementStyle[]> {
  // Signed-in screens keep a stream open, so the network never idles there: wait a little, then go on.
  await page.waitForLoadState('networkidle', { timeout: 2_000 }).catch(() => undefined);
  await page.waitForTimeout(800);
  const first = (await page.evaluate(collect)) as ElementStyle[];
  await page.waitForTimeout(400);
  const second = (await page.evaluate(collect)) as ElementStyle[];
  if (first.length !== second.length) return first;
  // Drop what moves by itself between the two samples (running animations, blinking carets).
  return first.map((element, i) => {
    const other = second[i]?.style ?? {};
    const style: Record<string, string> = {};
    for (const [name, value] of Object.entries(element.style)) {
      if (other[name] === value) style[name] = value;
    }
    return { path: element.path, style };
  });
}

async function record(out: string): Promise<void> {
  const admin = { email: 'grace@example.com', password: 'styles-admin-password' };
  const snapshot: Snapshot = {};
  await withThrowawayApp('styles', admin, {}, async (app, browser) => {
    // The three widths run side by side, each with its own user and browser context.
    const widths = viewports.map(async (viewport) => {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      const page = await context.newPage();
      const visit = async (routes: string[]) => {
        for (const route of routes) {
          await page.goto(`${app.url}${route}`);
          snapshot[`${viewport.name} ${route}`] = await sample(page);
          process.stdout.write(`${viewport.name} ${route}\n`);
        }
      };
      await visit(publicRoutes);
      const post = async (url: string, data: unknown) => {
        const response = await page.request.post(`${app.url}${url}`, { data, headers: { Origin: app.url } });
        if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
      };
      const user = `ada${viewport.name}`;
      await post('/api/auth/register', {
        firstName: 'Ada',
        lastName: 'Lovelace',
        username: user,
        email: `${user}@example.com`,
        password: 'correct-horse',
        confirmPassword: 'correct-horse',
        termsAgreed: true,
      });
      await post('/api/auth/login', { email: `${user}@example.com`, password: 'correct-horse' });
      await visit(userRoutes);
      await post('/api/auth/logout', {});
      await post('/api/auth/login', { ...admin, rememberMe: false });
      await visit(adminRoutes);
      await context.close();
    });
    await Promise.all(widths);
  });
  await mkdir(path.dirname(path.resolve(out)), { recursive: true });
  await writeFile(out, JSON.stringify(snapshot));
  process.stdout.write(`wrote ${out}\n`);
}

async function diff(beforeFile: string, afterFile: string): Promise<number> {
  const before = JSON.parse(await readFile(beforeFile, 'utf8')) as Snapshot;
  const after = JSON.parse(await readFile(afterFile, 'utf8')) as Snapshot;
  let differences = 0;
  for (const screen of Object.keys(before)) {
    const a = before[screen] ?? [];
    const b = after[screen];
    if (!b) {
      process.stdout.write(`${screen}: missing from ${afterFile}\n`);
      differences++;
      continue;
    }
    if (a.length !== b.length) {
      process.stdout.write(`${screen}: ${a.length} elements before, ${b.length} after\n`);
      differences++;
      continue;
    }
    a.forEach((element, i) => {
      const other = b[i]?.style ?? {};
      const changed = Object.keys({ ...element.style, ...other }).filter(
        (name) => name in element.style && name in other && element.style[name] !== other[name],
      );
      if (changed.length === 0) return;
      differences++;
      const detail = changed.map((name) => `${name}: ${element.style[name]} -> ${other[name]}`).join('; ');
      process.stdout.write(`${screen} ${element.path}: ${detail}\n`);
    });
  }
  process.stdout.write(differences === 0 ? 'no differences\n' : `${differences} differences\n`);
  return differences;
}

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === '--out' && args[1]) return record(args[1]);
  if (args[0] === '--diff' && args[1] && args[2]) {
    process.exitCode = (await diff(args[1], args[2])) === 0 ? 0 : 1;
    return;
  }
  throw new Error('usage: npm run web:styles -- --out FILE | --diff BEFORE AFTER');
}

main().catch((error: unknown) => {
  process.stderr.write(`web:styles failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
