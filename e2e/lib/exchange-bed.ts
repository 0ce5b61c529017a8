/// <reference lib="dom" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import {
  standInUrls,
  startExchangeStandIn,
  type ExchangeStandIn,
} from '../../apps/server/test/exchange-stand-in';
import { signBotRequest } from '../../apps/server/test/platform-api-client';
import { mailIds, waitForCode, type ApiSession } from './api-session';
import { baseURL, useServer } from './browser';
import { startServerProcess, type ServerProcess } from './server-process';
import { setPlanDirectly } from './space-plan';
import { createSpace, registerCreator } from './spaces';

const DAY = 86_400_000;
export const V4 = '/api/web/v4';

/** The stand-in's keys (apps/server/test/exchange-stand-in.ts checks their HMAC signatures itself). */
export const BINANCE_TRADE = {
  exchange: 'binance' as const,
  apiKey: 'BinanceE2eTradeKey00000000000001',
  secret: 'binance-e2e-trade-secret-0123456789abcdefghijkl',
  kind: 'trade' as const,
};
export const OKX_READ = {
  exchange: 'okx' as const,
  apiKey: 'okx-e2e-read-key-0000-000000000001',
  secret: 'OKXE2ESECRETREAD000000000000001',
  passphrase: 'Okx-E2e-Pass-1',
  kind: 'read' as const,
  okxAccountLevel: '2',
};
export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };

export interface ExchangeBed {
  stand: ExchangeStandIn;
  admin: Awaited<ReturnType<typeof registerCreator>>;
  spaceId: number;
  stop: () => Promise<void>;
}

/**
 * The exchange STAND-IN with this file's keys, a server process of the test's own whose ccxt
 * clients reach it (EXCHANGE_API_URLS_JSON; no exchange is reachable from here), and an admin of
 * a full-edition space on a paid plan (§6: adding exchange accounts needs one; written into the
 * database while the server is stopped).
 */
export async function startExchangeBed(): Promise<ExchangeBed> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keystead-exchange-'));
  const stand = await startExchangeStandIn();
  for (const key of [BINANCE_TRADE, OKX_READ]) stand.keys.set(key.apiKey, key);
  let server: ServerProcess | null = null;
  const start = async () => {
    server = await startServerProcess(dataDir, {
      EXCHANGE_API_URLS_JSON: standInUrls(stand),
      EXCHANGE_EGRESS_IPS: '203.0.113.7, 203.0.113.8',
      EXCHANGE_SECRET_KEY: 'e2e-exchange-master-key-0123456789abcdef',
      EXCHANGE_TIMEOUT_MS: '5000',
    });
    useServer(server.baseURL);
  };
  await start();
  const admin = await registerCreator();
  const spaceId = (await createSpace(admin.session, 'Exchange desk')).organization_id;
  await server!.stop();
  await setPlanDirectly(dataDir, spaceId, 'plus', new Date(Date.now() + 365 * DAY));
  await start();
  return {
    stand,
    admin,
    spaceId,
    async stop() {
      await server?.stop();
      await stand.close();
      useServer(null);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** How far the page scrolls sideways (0 when it fits the window). */
export const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Waits until the element's own transitions (e.g. a button's colour after its loading state) have ended. */
export const transitionsDone = (locator: Locator) =>
  locator.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)).then(
      () => undefined,
    ),
  );

/** Sends the code of `purpose` from the dialog's field and types in the code e-mailed to `email`. */
export async function enterEmailCode(dialog: Locator, email: string, purpose: string): Promise<void> {
  const seen = await mailIds(email);
  await dialog.getByTestId('send-code').click();
  await dialog.getByTestId('code-sent-hint').waitFor();
  await dialog.locator('input#email_code').fill(await waitForCode(email, seen, `code:${purpose}`));
}

export interface BotReply {
  code: string;
  message: string;
  data: Record<string, unknown> | null;
}

/**
 * A trading bot's call of the platform API (POST /api/v1/sign/hmac), signed as escrow.ts documents:
 * hex HMAC-SHA256 under the key's secret of `timestamp\nnonce\nMETHOD\npath\nbody` (the body's exact bytes).
 */
export async function botOrder(
  key: { api_key: string; secret: string },
  order: Record<string, unknown>,
  ip = '198.51.100.20',
): Promise<BotReply> {
  const path = '/api/v1/sign/hmac';
  const body = JSON.stringify(order);
  const timestamp = String(Date.now());
  const nonce = randomBytes(12).toString('hex');
  const reply = await fetch(`${baseURL()}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': ip,
      'ks-api-key': key.api_key,
      'ks-timestamp': timestamp,
      'ks-nonce': nonce,
      'ks-signature': signBotRequest(key.secret, timestamp, nonce, 'POST', path, body),
    },
    body,
  });
  return (await reply.json()) as BotReply;
}

interface RiskRulesView {
  rules: Array<{ trade_category: number; max_order_usdt: string | null }>;
  pending_change: { id: number } | null;
}

/**
 * Puts the account's risk control back to "changes apply at once" through the API: a waiting
 * change withdrawn, no approvers (a retried test starts from there). `admin` must be an admin
 * and one of the account's risk-control users.
 */
export async function riskApprovalOff(admin: ApiSession, walletId: number): Promise<RiskRulesView> {
  let view = await admin.call<RiskRulesView>('GET', `${V4}/escrow/risk-control-rules?wallet_id=${walletId}`);
  if (view.pending_change)
    view = await admin.call<RiskRulesView>('POST', `${V4}/escrow/risk-control-rules/changes/revoke`, {
      wallet_id: walletId,
      change_id: view.pending_change.id,
    });
  await admin.call('PUT', '/api/v1/wallets/approver', {
    wallet_id: walletId,
    user_ids: [],
    approval_threshold: 0,
  });
  return view;
}

/**
 * Picks the member whose e-mail is `email` in a dialog's people picker (a multiple select: its
 * list stays open after a pick and may lie over the dialog's buttons), then closes the list.
 */
export async function pickMember(page: Page, dialog: Locator, selectId: string, email: string) {
  await dialog.locator(`#${selectId}`).click();
  await page.locator('.ant-select-item-option').filter({ hasText: email }).click();
  await dialog.locator('.ant-modal-title').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
}
