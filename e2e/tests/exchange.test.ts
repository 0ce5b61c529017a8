/// <reference lib="dom" />
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import type { ApiSession } from '../lib/api-session';
import { dismissToasts, launchBrowser, newPage, pictures, screenshot, waitForPath } from '../lib/browser';
import {
  BINANCE_TRADE,
  DESKTOP,
  OKX_READ,
  PHONE,
  V4,
  sideways,
  startExchangeBed,
  transitionsDone,
  type ExchangeBed,
} from '../lib/exchange-bed';
import { modalClosed, resizeTo } from '../lib/motion';
import { failOnce } from '../lib/screen-checks';
import { openInSpace } from '../lib/spaces';
import { settledDialog, toastWith } from '../lib/wallets';

/** The status each of the four check steps shows, in the order shown. */
const stepStatuses = (wizard: Locator) =>
  wizard
    .locator('[data-testid^="exchange-check-step-"][data-status]')
    .evaluateAll((items) =>
      items.map((item) => [item.getAttribute('data-testid'), item.getAttribute('data-status')]),
    );

/**
 * Exchange accounts in the browser (issue 17), on a server of this file's own whose ccxt clients
 * reach the local exchange STAND-IN (e2e/lib/exchange-bed.ts): an admin of a paid full-edition
 * space adds a Binance trading key through the four-step connectivity check — a wrong secret
 * (API validity fails, with the catalogue's message), the right secret as a read-only key
 * (permissions fail), then as a trading key (four passed steps) — and sees the balances and
 * deposit/withdrawal history the stand-in serves, on a phone too; an OKX key asks for its
 * passphrase; deleting names the account. Risk control and the platform API: exchange-escrow.test.ts.
 */
describe('exchange accounts: the add wizard, balances and history', () => {
  let bed: ExchangeBed;
  let browser: Browser;
  let closeBrowser: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    bed = await startExchangeBed();
    ({ browser, close: closeBrowser } = await launchBrowser());
  }, 240_000);

  afterAll(async () => {
    await closeBrowser?.();
    await bed?.stop();
  });

  it(
    'a wrong secret fails at API validity with its message; the right one passes all four steps; balances and history show',
    { timeout: 180_000 },
    async () => {
      const { page, context } = await newPage(browser);
      // The space has no wallet yet: the exchange accounts' page still opens (its first account may be one).
      await openInSpace(page, bed.admin.session, bed.spaceId, '/wallet/exchange-wallet');
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
      await wizard.getByTestId('exchange-api-key-input').fill(BINANCE_TRADE.apiKey);
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
      expect(bed.stand.requests.at(-1)!.problems).toEqual(['bad HMAC-SHA256 signature']);
      await transitionsDone(wizard.getByTestId('exchange-check-run'));
      await pictures(page, 'exchange-check-failed', check);

      // The right secret of a trading key, asked for as read-only: the permissions step refuses it.
      await wizard.getByTestId('exchange-secret-input').fill(BINANCE_TRADE.secret);
      await wizard.getByTestId('exchange-check-stale').waitFor();
      expect(await check.getAttribute('data-state')).toBe('idle');
      await wizard.getByTestId('exchange-check-run').click();
      await expect.poll(() => check.getAttribute('data-state')).toBe('failed');
      expect((await stepStatuses(wizard)).map(([, status]) => status)).toEqual([
        'passed',
        'passed',
        'failed',
        'skipped',
      ]);
      expect(
        await wizard
          .getByTestId('exchange-check-step-permissions')
          .getByTestId('exchange-check-step-message')
          .innerText(),
      ).toBe('Only read-only API keys can be imported.');

      // As a trading key: four passed steps.
      await wizard.getByTestId('exchange-key-kind-choose').getByText('Trading').click();
      await wizard.getByTestId('exchange-check-run').click();
      await expect.poll(() => check.getAttribute('data-state')).toBe('passed');
      expect((await stepStatuses(wizard)).map(([, status]) => status)).toEqual([
        'passed',
        'passed',
        'passed',
        'passed',
      ]);
      expect(await wizard.getByTestId('exchange-check-passed').innerText()).toContain(
        'Key kind: Trading; account mode: Classic account',
      );
      await transitionsDone(wizard.getByTestId('exchange-check-run'));
      await pictures(page, 'exchange-check-passed', check);

      // Any edit of a credential asks for a new test; back to the tested input, the passed test holds again.
      await wizard.getByTestId('exchange-key-kind-choose').getByText('Custody').click();
      await wizard.getByTestId('exchange-check-stale').waitFor();
      expect(await wizard.getByTestId('exchange-add-next').isDisabled()).toBe(true);
      await wizard.getByTestId('exchange-key-kind-choose').getByText('Trading').click();
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
      expect(facts).not.toContain(BINANCE_TRADE.secret);
      expect(await detail.getByTestId('exchange-key-kind').first().innerText()).toBe('Trading');
      const total = await bed.admin.session.call<{ total_amount: string }>(
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
      await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0);
      await detail.getByRole('tab', { name: 'Assets' }).click();
      await assets.getByTestId('exchange-assets-table').waitFor();
      await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0);
      await resizeTo(page, DESKTOP);

      // The list: the account with its value and masked key; the total from asset-total.
      await page.getByRole('button', { name: 'Exchange accounts' }).click();
      await waitForPath(page, '/wallet/exchange-wallet');
      const row = page.getByTestId('exchange-row');
      await row.waitFor();
      expect(await row.getByTestId('exchange-row-name').innerText()).toBe('Binance desk');
      expect(await row.getByTestId('exchange-name').innerText()).toBe('Binance');
      expect(await row.getByTestId('exchange-key-kind').innerText()).toBe('Trading');
      expect(await row.getByTestId('exchange-status').innerText()).toBe('Available');
      expect(await row.getByTestId('exchange-row-amount').innerText()).toBe('$37,250.00');
      expect(await row.getByTestId('exchange-api-key').innerText()).toBe('Bina****0001');
      await expect.poll(() => page.getByTestId('exchange-total').innerText()).toContain('$37,250.00');
      await screenshot(page, 'exchange-list-desktop');
      await resizeTo(page, PHONE);
      await page.getByTestId('exchange-row-amount').waitFor();
      await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'exchange-list-phone');
      await resizeTo(page, DESKTOP);

      // Among the wallets the account names its exchange, and no made-up $0.00: its value is on its page.
      await page.getByRole('tab', { name: 'Wallets' }).click();
      await waitForPath(page, '/wallet');
      const walletRow = page.locator('tr').filter({ hasText: 'Binance desk' });
      expect(await walletRow.getByTestId('wallet-row-amount').innerText()).toBe('—');
      expect(await walletRow.innerText()).toContain('Binance');
      expect(await walletRow.innerText()).not.toContain('$0.00');

      // A list that fails to load says so, with Retry (never "no accounts").
      await failOnce(page, '**/api/web/v4/wallets/exchange?*');
      await page.goto('/wallet/exchange-wallet');
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
      const session: ApiSession = bed.admin.session;
      const input = {
        exchange: 'okx',
        api_key: OKX_READ.apiKey,
        secret: OKX_READ.secret,
        passphrase: OKX_READ.passphrase,
      };
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
      await openInSpace(page, bed.admin.session, bed.spaceId, '/wallet/exchange-wallet?add=1');
      const wizard = await settledDialog(page, 'Add an exchange account');
      await wizard.getByTestId('exchange-choose').getByText('OKX').click();
      await wizard.getByTestId('exchange-passphrase-input').waitFor();
      await wizard.getByTestId('exchange-choose').getByText('Binance').click();
      await wizard.getByTestId('exchange-passphrase-input').waitFor({ state: 'detached' });
      await resizeTo(page, PHONE);
      await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'exchange-wizard-phone');
      await resizeTo(page, DESKTOP);
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
