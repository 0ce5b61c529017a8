/// <reference lib="dom" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { overlaysAtRest, resizeTo } from './motion';

export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

let serverOverride: string | null = null;
/** Points this test file's API sessions and browsers at another server (e.g. one it restarts). */
export function useServer(url: string | null): void {
  serverOverride = url;
}
export const baseURL = (): string => serverOverride ?? inject('baseURL');

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

/**
 * Debian's Chromium, headless, nothing reaching out to the internet. playwright-core gives every
 * launch a fresh temporary profile (it refuses --user-data-dir with launch()). `extraArgs`: e.g. a
 * fake camera playing a video file.
 */
export async function launchBrowser(
  extraArgs: string[] = [],
): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
  return {
    browser,
    close: () => browser.close(),
  };
}

let clientCounter = 0;
/** A distinct client address for one browser context or API session (see global-setup TRUST_PROXY). */
export function nextClientIp(): string {
  clientCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(clientCounter / 250)}.${clientCounter % 250}`;
}

/** The pages open now, for the failure report (failure-report.ts). */
export const livePages = new Set<Page>();

export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport,
    locale: 'en-US',
    extraHTTPHeaders: { 'x-forwarded-for': nextClientIp() },
  });
  const page = await context.newPage();
  // 30 s: in CI the browser files share two cores with their servers and devnets, and a page
  // once stayed blank for over 15 s after a navigation (the Tron transfer test) without a fault.
  page.setDefaultTimeout(30_000);
  // antd pauses a toast while the pointer is over it (pauseOnHover), and Chromium counts a toast
  // that slides in under a resting pointer (left where the test last clicked) as hovered. Such a
  // toast stays for as long as the pointer does, and Playwright does not move the pointer while
  // the element it is to click is covered: a click under the toast waited for it until its
  // timeout (the accounts test's user menu under "Authenticator bound."). Before each action and
  // each retry of one, a hovered toast gets the pointer moved off it; it then closes on its own.
  await page.addLocatorHandler(page.locator('.ant-notification-notice:hover'), async () => {
    await page.mouse.move(0, 0);
  });
  livePages.add(page);
  page.on('close', () => livePages.delete(page));
  return { context, page };
}

/** The path (and query) the single-page app currently shows. */
export async function currentPath(page: Page): Promise<string> {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 });
}

/** The text of the antd notifications (toasts) currently shown. */
export async function toastText(page: Page): Promise<string> {
  const toast = page.locator('.ant-notification-notice').first();
  await toast.waitFor();
  return (await toast.innerText()).replace(/\s+/g, ' ');
}

/** A picture of what the page shows, once no modal, drawer, menu or toast is half-way open or closed. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await overlaysAtRest(page);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
}

/** Desktop and phone pictures with `focus` scrolled into view; ends back at the desktop size. */
export async function pictures(page: Page, name: string, focus: Locator): Promise<void> {
  await focus.scrollIntoViewIfNeeded();
  await screenshot(page, `${name}-desktop`);
  await resizeTo(page, VIEWPORTS.mobile);
  await focus.scrollIntoViewIfNeeded();
  await screenshot(page, `${name}-mobile`);
  await resizeTo(page, VIEWPORTS.desktop);
}

/**
 * Closes the toasts shown, and those that arrive meanwhile (live deposit notices), until none is
 * left, so a picture shows the page under them. A close button can miss while its toast is still
 * sliding in, and a pointer left over a toast pauses its timer: each round clicks every close
 * button again and then moves the pointer off.
 */
export async function dismissToasts(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        for (const close of await page.locator('.ant-notification-notice-close').all())
          await close.click({ timeout: 1_000 }).catch(() => undefined);
        await page.mouse.move(0, 0);
        return page.locator('.ant-notification-notice').count();
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(0);
}
