/**
 * The checks every browser journey makes of a screen it reaches: axe-core finds nothing serious, the page
 * does not scroll sideways, and no floating layer covers a control.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { PHONE, type Viewport } from './browserKit.ts';
import { describeViolations, scrollWidth, seriousAxeViolations } from './harness.ts';

export async function expectAccessible(page: Page, where: string) {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
}

export async function expectNoHorizontalScroll(page: Page, where: string) {
  expect(await scrollWidth(page), `horizontal overflow on ${where}`).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? PHONE.width,
  );
}

/** A screen as the journeys check it at any width: axe-clean, and no horizontal scroll. */
export async function expectScreen(page: Page, where: string) {
  await expectAccessible(page, where);
  await expectNoHorizontalScroll(page, where);
}

/**
 * A screen at the width of `viewport`: axe-clean there (`where` is told the width), and at a phone's width
 * no horizontal scroll, the overflow a narrow layout risks.
 */
export async function expectScreenAt(page: Page, viewport: Viewport, where: string) {
  await expectAccessible(page, `${where} at ${viewport.width}px`);
  if (viewport.width <= PHONE.width) await expectNoHorizontalScroll(page, where);
}

/**
 * A phone's fixed layers (the bottom tab bar, the chat launcher) must never cover a control for good:
 * scrolled as far towards it as the page allows, the control's centre is the control itself. Playwright's
 * own clicks would also find a way round a layer by scrolling; this is for what the journey only reads.
 */
export async function expectUncovered(locator: Locator, where: string) {
  const covering = await locator.evaluate((element) => {
    element.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (hit && (hit === element || element.contains(hit))) return null;
    return hit ? hit.outerHTML.slice(0, 160) : 'nothing (off screen)';
  });
  expect(covering, `${where} is covered by`).toBeNull();
}

/**
 * Every control on the page that a fixed or sticky layer (the chat launcher, the phone tab bar, a sticky
 * header, a toast) covers, looked at two ways: the page scrolled to its end (its last controls), and each
 * control scrolled as far into view as the page allows (its centre to the viewport's middle, scroll
 * containers included). A control that is under the tab bar only until the page is scrolled is not
 * covered; one the page never lets out from under a layer is. At each, the element at a visible control's centre must be the control, something
 * inside it, or at least not part of a fixed layer the control is not in. One line per finding; the page
 * is scrolled back to where it was.
 */
export function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const CONTROLS =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="switch"], [role="combobox"], [tabindex]:not([tabindex="-1"])';
    const describe = (element: Element) => {
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
      return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> "${name}"`;
    };
    const floatingLayer = (element: Element): Element | null => {
      for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === 'fixed' || position === 'sticky') return node;
      }
      return null;
    };
    const controls = [...document.querySelectorAll(CONTROLS)].filter((control) => {
      if (control.closest('[aria-hidden="true"], [inert]')) return false;
      const style = getComputedStyle(control);
      if (style.visibility !== 'visible' || style.display === 'none' || Number(style.opacity) === 0)
        return false;
      const box = control.getBoundingClientRect();
      // Visually hidden (a skip link until focused, a native input under its styled twin).
      return box.width >= 4 && box.height >= 4;
    });
    /** The layer over the control's centre, if the centre is on screen and a layer covers it. */
    const coverOf = (control: Element): Element | null => {
      const box = control.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return null;
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit === control || control.contains(hit)) return null;
      const layer = floatingLayer(hit);
      return layer && !layer.contains(control) ? hit : null;
    };
    const start = { x: window.scrollX, y: window.scrollY };
    const covered = new Set<string>();
    // Scrolled to its end, the page's last controls sit in the lower half of the screen, clear of the
    // launcher and the tab bar (what scrolls under the sticky header up top is on its way out of view).
    window.scrollTo({ left: 0, top: document.documentElement.scrollHeight, behavior: 'instant' });
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.top + box.height / 2 < window.innerHeight / 2) continue;
      const hit = coverOf(control);
      if (hit) covered.add(`${describe(control)} is covered by ${describe(hit)} (scrolled to the end)`);
    }
    for (const control of controls) {
      control.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const hit = coverOf(control);
      if (hit) covered.add(`${describe(control)} is covered by ${describe(hit)} (scrolled to it)`);
    }
    window.scrollTo({ left: start.x, top: start.y, behavior: 'instant' });
    return [...covered];
  });
}

export async function expectNothingCovered(page: Page, where: string) {
  expect(await coveredControls(page), `controls covered on ${where}`).toEqual([]);
}
