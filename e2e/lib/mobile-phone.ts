/// <reference lib="dom" />
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Hex } from 'viem';
import type { ApiSession } from './api-session';
import { baseURL, launchBrowser, livePages, nextClientIp } from './browser';
import { qrCameraVideo } from './qr-device';
import { waitFor } from './transfers';

/**
 * The companion phone signer's side of the browser tests (§1): a second Chromium as a phone
 * (390×844, touch, a phone's user agent) whose fake camera shows one QR code, and the readers
 * the test needs to see what the desktop's QR code holds.
 */

export const PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
} as const;

/** A phone: its own Chromium whose camera shows `cameraText` as a QR code, and one page on the server. */
export async function openPhone(
  cameraText: string,
): Promise<{ browser: Browser; context: BrowserContext; page: Page; close: () => Promise<void> }> {
  const { browser, close } = await launchBrowser([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${qrCameraVideo(cameraText)}`,
  ]);
  return { browser, close, ...(await phonePage(browser)) };
}

/** A fresh phone-sized context (nothing stored, no session) in `browser`, with one page. */
export async function phonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: PHONE.viewport,
    screen: PHONE.viewport,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE.userAgent,
    locale: 'en-US',
    extraHTTPHeaders: { 'x-forwarded-for': nextClientIp() },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  livePages.add(page);
  page.on('close', () => livePages.delete(page));
  return { context, page };
}

/**
 * Resolves once the phone page's service worker controls it and holds the page and every hashed
 * file the page has loaded: a reload without network then opens from it.
 */
export async function offlineCopyReady(page: Page): Promise<void> {
  await waitFor(
    'the signer page and its files in the service worker cache',
    () =>
      page.evaluate(async () => {
        if (!navigator.serviceWorker?.controller) return { controlled: false, missing: ['(no worker yet)'] };
        const loaded = new Set<string>();
        for (const entry of performance.getEntriesByType('resource')) {
          const url = new URL(entry.name);
          if (url.origin === location.origin && url.pathname.startsWith('/assets/')) loaded.add(url.pathname);
        }
        const cached = new Set<string>();
        for (const name of await caches.keys())
          for (const request of await (await caches.open(name)).keys())
            cached.add(new URL(request.url).pathname);
        const missing = [...loaded, '/mobile'].filter((file) => !cached.has(file));
        return { controlled: true, missing };
      }),
    (state) => state.controlled && state.missing.length === 0,
    20_000,
  );
}

/** A phone session's call from the phone page itself (its own cookies), as the raw envelope. */
export function callFromPhone(
  page: Page,
  pathname: string,
  organizationId: number | null,
): Promise<{ code: string; message: string }> {
  return page.evaluate(
    async ({ target, space }) => {
      const headers: Record<string, string> = {
        language: 'en-US',
        platform: 'web',
        accept: 'application/json',
      };
      if (space !== null) headers['organization-id'] = String(space);
      const reply = await fetch(target, { headers, credentials: 'include' });
      return (await reply.json()) as { code: string; message: string };
    },
    { target: pathname, space: organizationId },
  );
}

/** The id of the user's signer address `address` (the wizard's signer choices are these ids). */
export async function signerId(session: ApiSession, address: string): Promise<number> {
  const { list } = await session.call<{
    list: Array<{ id: number; address: string; status: number; source: string }>;
  }>('GET', '/api/v1/permission-address');
  const row = list.find((item) => item.address.toLowerCase() === address.toLowerCase());
  if (!row) throw new Error(`${address} is not one of the user's signer addresses`);
  return row.id;
}

/** Funds a Safe with ETH and test USDT from the devnet faucet; resolves the USDT contract once the balance shows. */
export async function fundSafe(session: ApiSession, walletId: number, safe: Hex, usdt: string): Promise<Hex> {
  await session.call('POST', '/api/v1/dev/faucet', { address: safe, eth: '1', usdt });
  const assets = await waitFor(
    'the funded balance',
    async () => {
      await session
        .call('POST', '/api/v1/wallets/refresh-balance', { wallet_id: walletId })
        .catch(() => undefined);
      return session.call<{
        detail: Array<{ symbol: string; contract_address: Hex | null; amount: string }>;
      }>('GET', `/api/v1/wallets/asset-info?wallet_id=${walletId}`);
    },
    (value) => value.detail.some((line) => line.symbol === 'USDT' && Number(line.amount) >= Number(usdt)),
  );
  return assets.detail.find((line) => line.symbol === 'USDT')!.contract_address!;
}
