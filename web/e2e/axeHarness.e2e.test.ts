/**
 * The harness's axe check against a page that changes while axe measures it: a toast whose time runs
 * out fades during the run (CI's failure of 2026-12-07, a toast half-faded behind a dialog). The fade is
 * staged by the first run itself, so the race happens every time: the check must measure again once the
 * page has settled, and still report what is wrong on the settled page.
 */
import axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, seriousAxeViolations } from './harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/**
 * A page with a toast-like note in `color` on white. The first axe run starts a fade of the note to 30 %
 * opacity that lasts exactly that run (the fade is taken off when the run returns, whatever the machine's
 * speed), and each run's colour-contrast findings are counted on the page.
 */
async function pageFadingOnFirstRun(color: string): Promise<Page> {
  const page = await browser.newPage();
  await page.setContent(`<!doctype html><html lang="en"><head><title>fade</title><style>
    @keyframes dim { from { opacity: 0.3 } to { opacity: 0.3 } }
    .fading { animation: dim 600s linear; }
    </style></head><body style="background:#fff"><main>
    <div id="note" style="color:${color};background:#fff;font-size:14px">Deposit address saved</div>
    </main></body></html>`);
  await page.evaluate(axe.source);
  await page.evaluate(() => {
    const holder = window as unknown as { axe: typeof axe; contrastFindings: number[] };
    const original = holder.axe.run.bind(holder.axe) as (...args: unknown[]) => Promise<axe.AxeResults>;
    holder.contrastFindings = [];
    (holder.axe as unknown as { run: (...args: unknown[]) => Promise<axe.AxeResults> }).run = async (
      ...args
    ) => {
      if (holder.contrastFindings.length === 0) {
        document.getElementById('note')?.classList.add('fading');
        // The fade has begun (its first frame styled) before axe looks.
        await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
      }
      const results = await original(...args);
      // The run is over: the note is settled again (as a toast is once its fade has ended).
      document.getElementById('note')?.classList.remove('fading');
      holder.contrastFindings.push(
        results.violations.filter((violation) => violation.id === 'color-contrast').length,
      );
      return results;
    };
  });
  return page;
}

function contrastFindings(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { contrastFindings: number[] }).contrastFindings);
}

describe('the axe check on a page that changes under it', () => {
  test('a note fading during the run is measured again once settled, and passes', async () => {
    const page = await pageFadingOnFirstRun('#1c1b19');
    const violations = await seriousAxeViolations(page);
    const runs = await contrastFindings(page);
    // The first run saw the half-faded note (the race was staged), the last one the settled page.
    expect(runs[0]).toBe(1);
    expect(runs.length).toBeGreaterThan(1);
    expect(runs.at(-1)).toBe(0);
    expect(violations).toEqual([]);
    await page.close();
  }, 60_000);

  test('text too faint on the settled page is still reported', async () => {
    const page = await pageFadingOnFirstRun('#b0aea8');
    const violations = await seriousAxeViolations(page);
    const runs = await contrastFindings(page);
    expect(runs.length).toBeGreaterThan(1);
    expect(violations.map((violation) => violation.id)).toEqual(['color-contrast']);
    await page.close();
  }, 60_000);
});
