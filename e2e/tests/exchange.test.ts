/// <reference lib="dom" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { startExchangeStandIn, type ExchangeStandIn } from '../../apps/server/test/exchange-stand-in';
import type { ApiSession } from '../lib/api-session';
import {
  dismissToasts,
  launchBrowser,
  newPage,
  pictures,
  screenshot,
  useServer,
  waitForPath,
} from '../lib/browser';
import { modalClosed, resizeTo } from '../lib/motion';
import { failOnce } from '../lib/screen-checks';
import { startServerProcess, type ServerProcess } from '../lib/server-process';
import { setPlanDirectly } from '../lib/space-plan';
import { createSpace, openInSpace, registerCreator } from '../lib/spaces';
import { settledDialog, toastWith } from '../lib/wallets';

const DAY = 86_400_000;
const V4 = '/api/web/v4';
/** The stand-in's keys (apps/server/test/exchange-stand-in.ts checks their HMAC signatures itself). */
const BINANCE = {
  exchange: 'binance' as const,
  apiKey: 'BinanceE2eReadKey000000000000001',
  secret: 'binance-e2e-read-secret-0123456789abcdefghijklmn',
  kind: 'read' as const,
};
const OKX = {
  exchange: 'okx' as const,
  apiKey: 'okx-e2e-read-key-0000-000000000001',
  secret: 'OKXE2ESECRETREAD000000000000001',
  passphrase: 'Okx-E2e-Pass-1',
  kind: 'read' as const,
  okxAccountLevel: '2',
};
const PHONE = { width: 375, height: 812 };

/** How far the page scrolls sideways (0 when it fits the window). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Waits until the element's own transitions (e.g. a button's colour after its loading state) have ended. */
const transitionsDone = (locator: Locator) =>
  locator.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)).then(
      () => undefined,
    ),
  );

/** The status each of the four check steps shows, in the order shown. */
const stepStatuses = (wizard: Locator) =>
  wizard
    .locator('[data-testid^="exchange-check-step-"][data-status]')
    .evaluateAll((items) =>
      items.map((item) => [item.getAttribute('data-testid'), item.getAttribute('data-status')]),
    );

/**
 * Exchange accounts in the browser (issue 17), on a server of this file's own whose ccxt clients
 * reach the local exchange STAND-IN (no exchange is reachable from here): an admin of a paid
 * full-edition space adds a Binance read-only key through the four-step connectivity check —
 * first with a wrong secret (the failing step and the catalogue's message shown), then with the
 * right one (four passed steps) — and sees the balances and deposit/withdrawal history the
 * stand-in serves, on a phone too; an OKX key asks for its passphrase; deleting names the account.
 */
describe('exchange accounts: the add wizard, balances and history', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keystead-exchange-'));
  let stand: ExchangeStandIn;
  let server: ServerProcess | null = null;
  let browser: Browser;
  let closeBrowser: (() => Promise<void>) | null = null;
  let admin: Awaited<ReturnType<typeof registerCreator>>;
  let spaceId: number;

  async function start(): Promise<void> {
    server = await startServerProcess(dataDir, {
      EXCHANGE_API_URLS_JSON: JSON.stringify({ binance: stand.url, okx: stand.url }),
      EXCHANGE_EGRESS_IPS: '203.0.113.7, 203.0.113.8',
      EXCHANGE_SECRET_KEY: 'e2e-exchange-master-key-0123456789abcdef',
      EXCHANGE_TIMEOUT_MS: '5000',
    });
    useServer(server.baseURL);
  }

  beforeAll(async () => {
    stand = await startExchangeStandIn();
    for (const key of [BINANCE, OKX]) stand.keys.set(key.apiKey, key);
    await start();
    admin = await registerCreator();
    spaceId = (await createSpace(admin.session, 'Exchange desk')).organization_id;
    // §6: adding exchange accounts needs a paid plan (written while no server holds the database).
    await server!.stop();
    await setPlanDirectly(dataDir, spaceId, 'plus', new Date(Date.now() + 365 * DAY));
    await start();
    ({ browser, close: closeBrowser } = await launchBrowser());
  }, 240_000);

  afterAll(async () => {
    await closeBrowser?.();
    await server?.stop();
    await stand?.close();
    useServer(null);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'a wrong secret fails at API validity with its message; the right one passes all four steps; balances and history show',
    { timeout: 180_000 },
    async () => {
      const { page, context } = await newPage(browser);
      // The space has no wallet yet: the exchange accounts' page still opens (its first account may be one).
      await openInSpace(page, admin.session, spaceId, '/wallet/exchange-wallet');
      await page.getByTestId('exchange-empty').waitFor();
      await screenshot(page, 'exchange-empty');

      await page.getByTestId('exchange-add').click();
      const wizard = await settledDialog(page, 'Add an exchange account');
      // The platform's outgoing addresses, to whitelist at the exchange.
      await expect
        .poll(() => wizard.getByTestId('exchange-ip').allInnerTexts())
        .toEqual(['203.0.113.7', '203.0.113.8']);
      await wizard.getByTestId('exchange-choose').getByText('Binance').click();
      // Binance keys have no passphrase.
      expect(await wizard.getByTestId('exchange-passphrase-input').count()).toBe(0);
      await wizard.getByTestId('exchange-api-key-input').fill(BINANCE.apiKey);
      await wizard.getByTestId('exchange-secret-input').fill('not-the-secret');
      expect(await wizard.getByTestId('exchange-add-next').isDisabled()).toBe(true);

      // A wrong secret: the exchange refuses the signature at the API-validity step.
      await wizard.getByTestId('exchange-check-run').click();
      const check = wizard.getByTestId('exchange-check');
      await expect.poll(() => check.getAttribute('data-state')).toBe('failed');
      expect(await stepStatuses(wizard)).toEqual([
        ['exchange-check-step-api_validity', 'failed'],
        ['exchange-check-step-network', 'passed'],
        ['exchange-check-step-permissions', 'skipped'],
        ['exchange-check-step-account_info', 'skipped'],
      ]);
      const failed = wizard.getByTestId('exchange-check-step-api_validity');
      expect(await failed.getByTestId('exchange-check-step-status').innerText()).toBe('Failed');
      expect(await failed.getByTestId('exchange-check-step-message').innerText()).toBe(
        'The exchange rejected the API credentials. Check the key, secret and passphrase.',
      );
      expect(await wizard.getByTestId('exchange-add-next').isDisabled()).toBe(true);
      expect(stand.requests.at(-1)!.problems).toEqual(['bad HMAC-SHA256 signature']);
      await transitionsDone(wizard.getByTestId('exchange-check-run'));
      await pictures(page, 'exchange-check-failed', check);

      // The right secret: the failed result no longer applies, and the test passes all four steps.
      await wizard.getByTestId('exchange-secret-input').fill(BINANCE.secret);
      await wizard.getByTestId('exchange-check-stale').waitFor();
      expect(await check.getAttribute('data-state')).toBe('idle');
      await wizard.getByTestId('exchange-check-run').click();
      await expect.poll(() => check.getAttribute('data-state')).toBe('passed');
      expect((await stepStatuses(wizard)).map(([, status]) => status)).toEqual([
        'passed',
        'passed',
        'passed',
        'passed',
      ]);
      expect(await wizard.getByTestId('exchange-check-passed').innerText()).toContain(
        'Key kind: Observation (read-only); account mode: Classic account',
      );
      await transitionsDone(wizard.getByTestId('exchange-check-run'));
      await pictures(page, 'exchange-check-passed', check);

      // Any edit of a credential asks for a new test; back to the tested input, the passed test holds again.
      await wizard.getByTestId('exchange-key-kind-choose').getByText('Trading').click();
      await wizard.getByTestId('exchange-check-stale').waitFor();
      expect(await wizard.getByTestId('exchange-add-next').isDisabled()).toBe(true);
      await wizard.getByTestId('exchange-key-kind-choose').getByText('Observation (read-only)').click();
      await expect.poll(() => check.getAttribute('data-state')).toBe('passed');
      expect(await wizard.getByTestId('exchange-add-next').isDisabled()).toBe(false);

      await wizard.getByTestId('exchange-add-next').click();
      await wizard.getByTestId('exchange-name-input').fill('Binance desk');
      await wizard.getByTestId('exchange-remark-input').fill('Market-making account');
      await pictures(page, 'exchange-add-details', wizard.getByTestId('exchange-add-step-details'));
      await wizard.getByTestId('exchange-add-submit').click();
      await toastWith(page, 'Exchange account “Binance desk” added.');
      await modalClosed(page);
      await page.waitForURL(/\/wallet\/exchange-wallet\/\d+$/);
      const walletId = Number(new URL(page.url()).pathname.split('/').pop());

      // The detail: what the stand-in holds (spot 0.6 BTC of which 0.1 frozen, 1,000 USDT; funding 250 USDT).
      const detail = page.getByTestId('exchange-detail-page');
      expect(await detail.getByTestId('exchange-detail-name').innerText()).toBe('Binance desk');
      const facts = await detail.getByTestId('exchange-detail-facts').innerText();
      expect(facts).toContain('Bina****0001');
      expect(facts).not.toContain(BINANCE.secret);
      expect(await detail.getByTestId('exchange-key-kind').first().innerText()).toBe(
        'Observation (read-only)',
      );
      const total = await admin.session.call<{ total_amount: string }>(
        'GET',
        `${V4}/wallets/exchange/asset-total?wallet_id=${walletId}`,
      );
      expect(total.total_amount).toBe('37250.00');
      await expect
        .poll(() => detail.getByTestId('exchange-detail-value').innerText())
        .toContain('$37,250.00');
      const assets = detail.getByTestId('exchange-assets');
      const line = (type: string, symbol: string) => assets.getByTestId(`exchange-asset-${type}-${symbol}`);
      await line('spot', 'BTC').waitFor();
      expect(await line('spot', 'BTC').getByTestId('exchange-asset-amount').innerText()).toBe('0.6');
      expect(await line('spot', 'BTC').getByTestId('exchange-asset-available_amount').innerText()).toBe(
        '0.5',
      );
      expect(await line('spot', 'BTC').getByTestId('exchange-asset-frozen_amount').innerText()).toBe('0.1');
      expect(await line('spot', 'BTC').getByTestId('exchange-asset-value').innerText()).toBe('$36,000.00');
      expect(await line('spot', 'USDT').getByTestId('exchange-asset-amount').innerText()).toBe('1,000');
      expect(await line('funding', 'USDT').getByTestId('exchange-asset-amount').innerText()).toBe('250');
      await dismissToasts(page);
      await pictures(page, 'exchange-assets', assets);

      // The account-type switch: funding only; the export is that CSV.
      await assets.getByTestId('exchange-account-type').getByText('Funding').click();
      await expect.poll(() => assets.locator('tbody tr[data-testid^="exchange-asset-"]').count()).toBe(1);
      await line('funding', 'USDT').waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        assets.getByTestId('exchange-assets-export').click(),
      ]);
      const csv = fs.readFileSync((await download.path())!, 'utf8');
      expect(csv).toContain('account_type,symbol,amount');
      expect(csv).toContain('funding,USDT,250');
      expect(csv).not.toContain('spot,');

      // Deposit/withdraw: both, then withdrawals only.
      await detail.getByRole('tab', { name: 'Deposit/withdraw' }).click();
      const history = detail.getByTestId('exchange-transfers');
      await history.getByTestId('exchange-transfer-deposit').waitFor();
      expect(
        await history
          .getByTestId('exchange-transfer-deposit')
          .getByTestId('exchange-transfer-amount')
          .innerText(),
      ).toBe('0.5 BTC');
      expect(
        await history
          .getByTestId('exchange-transfer-withdrawal')
          .getByTestId('exchange-transfer-amount')
          .innerText(),
      ).toBe('8.91 USDT');
      await pictures(page, 'exchange-transfers', history);
      await history.getByTestId('exchange-transfers-type').getByText('Withdrawal').click();
      await history.getByTestId('exchange-transfer-deposit').waitFor({ state: 'detached' });
      expect(await history.getByTestId('exchange-transfer-withdrawal').innerText()).toContain('0.004');

      // Phone width: nothing scrolls sideways.
      await resizeTo(page, PHONE);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await detail.getByRole('tab', { name: 'Assets' }).click();
      await assets.getByTestId('exchange-assets-table').waitFor();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await resizeTo(page, { width: 1280, height: 800 });

      // The list: the account with its value and masked key; the total from asset-total.
      await page.getByRole('button', { name: 'Exchange accounts' }).click();
      await waitForPath(page, '/wallet/exchange-wallet');
      const row = page.getByTestId('exchange-row');
      await row.waitFor();
      expect(await row.getByTestId('exchange-row-name').innerText()).toBe('Binance desk');
      expect(await row.getByTestId('exchange-name').innerText()).toBe('Binance');
      expect(await row.getByTestId('exchange-key-kind').innerText()).toBe('Observation (read-only)');
      expect(await row.getByTestId('exchange-status').innerText()).toBe('Available');
      expect(await row.getByTestId('exchange-row-amount').innerText()).toBe('$37,250.00');
      expect(await row.getByTestId('exchange-api-key').innerText()).toBe('Bina****0001');
      await expect.poll(() => page.getByTestId('exchange-total').innerText()).toContain('$37,250.00');
      await screenshot(page, 'exchange-list-desktop');
      await resizeTo(page, PHONE);
      await page.getByTestId('exchange-row-amount').waitFor();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'exchange-list-phone');
      await resizeTo(page, { width: 1280, height: 800 });

      // A list that fails to load says so, with Retry (never "no accounts").
      await failOnce(page, '**/api/web/v4/wallets/exchange?*');
      await page.reload();
      const error = page.getByTestId('exchange-list-error');
      await error.waitFor();
      expect(await page.getByTestId('exchange-empty').count()).toBe(0);
      await error.getByTestId('query-retry').click();
      await page.getByTestId('exchange-row').waitFor();
      await context.close();
    },
  );

  it(
    'OKX asks for the passphrase; the texts exist in zh-CN; deleting names the account',
    { timeout: 120_000 },
    async () => {
      // An OKX account added through the API (check, then add with its token).
      const session: ApiSession = admin.session;
      const input = { exchange: 'okx', api_key: OKX.apiKey, secret: OKX.secret, passphrase: OKX.passphrase };
      const checked = await session.call<{ check_token: string }>(
        'POST',
        `${V4}/wallets/exchange/check`,
        input,
      );
      const okx = await session.call<{ wallet_id: number }>('POST', `${V4}/wallets/exchange`, {
        ...input,
        name: 'OKX hedge',
        check_token: checked.check_token,
      });

      const { page, context } = await newPage(browser);
      await openInSpace(page, admin.session, spaceId, '/wallet/exchange-wallet?add=1');
      const wizard = await settledDialog(page, 'Add an exchange account');
      await wizard.getByTestId('exchange-choose').getByText('OKX').click();
      await wizard.getByTestId('exchange-passphrase-input').waitFor();
      await wizard.getByTestId('exchange-choose').getByText('Binance').click();
      await wizard.getByTestId('exchange-passphrase-input').waitFor({ state: 'detached' });
      await resizeTo(page, PHONE);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'exchange-wizard-phone');
      await resizeTo(page, { width: 1280, height: 800 });
      await page.keyboard.press('Escape');
      await modalClosed(page);

      // zh-CN: the page's own texts, not their keys.
      await page.goto('/wallet/exchange-wallet?lang=zh-CN');
      await expect.poll(() => page.getByTestId('exchange-add').innerText()).toBe('添加交易所');
      const chinese = await page.getByTestId('wallet-exchange-page').innerText();
      expect(chinese).toContain('交易所资产（USD）');
      expect(chinese).toContain('观察（只读）');
      expect(chinese).not.toMatch(/\b(list|fields|status|keyKind)\.[a-zA-Z]/);
      await screenshot(page, 'exchange-list-zh-CN');
      await page.goto('/wallet/exchange-wallet?lang=en-US');

      // Delete: the confirmation names the account; afterwards it is gone from the list.
      await page.goto(`/wallet/exchange-wallet/${okx.wallet_id}`);
      await page.getByTestId('exchange-delete').click();
      const confirm = await settledDialog(page, 'Delete exchange account “OKX hedge”?');
      expect(await confirm.innerText()).toContain('The account at OKX and its funds are not touched.');
      await screenshot(page, 'exchange-delete-confirm');
      await confirm.getByTestId('exchange-delete-confirm').click();
      await toastWith(page, 'Exchange account “OKX hedge” deleted.');
      await waitForPath(page, '/wallet/exchange-wallet');
      await expect
        .poll(() => page.getByTestId('exchange-row-name').allInnerTexts())
        .toEqual(['Binance desk']);
      await context.close();
    },
  );
});
