/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import { VIEWPORTS } from './browser';
import { overlaysAtRest } from './motion';

/** Desktop and phone screenshots in /tmp (of `focus` scrolled into view); ends back at the desktop size. */
export async function shoot(page: Page, name: string, focus?: Locator): Promise<void> {
  await focus?.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/${name}-desktop.png` });
  await page.setViewportSize(VIEWPORTS.mobile);
  await focus?.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/${name}-mobile.png` });
  await page.setViewportSize(VIEWPORTS.desktop);
}

/** Whole-page pictures (desktop and phone) in /tmp, from the top: long setup and detail pages show entire. */
export async function shootFull(page: Page, name: string): Promise<void> {
  await overlaysAtRest(page);
  // From the top: the fixed header and menu are drawn where the window is scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `/tmp/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `/tmp/${name}-mobile.png`, fullPage: true });
  await page.setViewportSize(VIEWPORTS.desktop);
}

/** The first request to `pattern` fails with a 500; later ones reach the server. */
export async function failOnce(page: Page, pattern: string): Promise<void> {
  let failed = false;
  await page.route(pattern, async (route) => {
    if (failed) return route.continue();
    failed = true;
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'SYSTEM_ERROR', message: 'Injected failure', data: null }),
    });
  });
}
