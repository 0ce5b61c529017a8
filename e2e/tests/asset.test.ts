/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { dismissToasts, newPage, screenshot, VIEWPORTS } from '../lib/browser';
import { seedAssetHistory } from '../lib/asset-history';
import { modalClosed, resizeTo } from '../lib/motion';
import { failOnce } from '../lib/screen-checks';
import { openInSpace } from '../lib/spaces';
import { settledDialog, toastWith } from '../lib/wallets';
import { ownServer } from '../lib/own-server';

interface TotalAsset {
  total_amount: string;
  amount_trend: string;
  wallet_num: number;
  transaction_num: number;
  by_token: Array<{ symbol: string; value: string; price: string | null }>;
}
interface Trend {
  points: Array<{ day: string; value: string }>;
}
interface Flow {
  days: unknown[];
  totals: { in_count: number; out_count: number };
}
interface ProfitLoss {
  tokens: Array<{ symbol: string; profit_loss: 1 | 2; unrealised: string; total: string }>;
}

/** "$1,234.56": how the page shows a USD value to a user whose currency is USD (en-US). */
const usd = (value: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(
    Number(value),
  );

/**
 * Waits until a chart has finished drawing (its animation too: data-rendered) at the width of its
 * box (the SVG follows a resized window a frame later).
 */
async function chartReady(chart: Locator): Promise<void> {
  await expect
    .poll(() =>
      chart.evaluate((element) => {
        const svg = element.querySelector('svg');
        const width = Number(svg?.getAttribute('width') ?? 0);
        return element.getAttribute('data-rendered') === 'true' && Math.abs(width - element.clientWidth) <= 1;
      }),
    )
    .toBe(true);
}

/** Desktop and phone pictures of the page with `focus` (holding `charts`) in view, charts drawn. */
async function chartPictures(page: Page, name: string, focus: Locator, charts: Locator[]): Promise<void> {
  for (const [size, suffix] of [
    [VIEWPORTS.desktop, 'desktop'],
    [VIEWPORTS.mobile, 'mobile'],
  ] as const) {
    await resizeTo(page, size);
    await focus.scrollIntoViewIfNeeded();
    for (const chart of charts) await chartReady(chart);
    await screenshot(page, `${name}-${suffix}`);
  }
  await resizeTo(page, VIEWPORTS.desktop);
}

/**
 * The asset home and asset analysis (issue 16) on a server of its own: the team's Safe is funded on
 * the devnet, and 40 days of the space's history are written into its database between restarts so
 * the trend has days to draw. The figures shown are the API's, the range switch redraws the chart,
 * the free plan's 1Y opens the plan limit, the analysis tabs show the wallet's tokens, a failed
 * request offers Retry, and the page reads in Chinese and fits a phone.
 */
describe('asset home and asset analysis', () => {
  // 40 days of the space's history, written while no server holds the database.
  const own = ownServer('asset', (dataDir, team) => seedAssetHistory(dataDir, team.spaceId, 40));
  // The admin's API calls below are space calls.
  beforeAll(() => {
    own.team.admin.session.space = own.team.spaceId;
  });

  const api = <T>(url: string) => own.team.admin.session.call<T>('GET', url);

  async function open(to: string, viewport?: { width: number; height: number }): Promise<Page> {
    const { page } = await newPage(own.browser, viewport);
    await openInSpace(page, own.team.admin.session, own.team.spaceId, to);
    await page.getByTestId('asset-page').waitFor();
    return page;
  }

  it(
    'the home shows the API figures; the range redraws the trend; 1Y on the free plan opens the limit',
    { timeout: 120_000 },
    async () => {
      const page = await open('/asset');
      const total = page.getByTestId('asset-total');
      await total.waitFor();
      // The shown total is the API's (read again while the page and the API settle on one figure).
      await expect
        .poll(async () => {
          const reply = await api<TotalAsset>('/api/v1/wallets/total-asset?hide_small=0');
          const shown = await total.innerText();
          return shown === usd(reply.total_amount) && Number(reply.total_amount) > 0 ? 'same' : shown;
        })
        .toBe('same');
      const figures = await api<TotalAsset>('/api/v1/wallets/total-asset?hide_small=0');
      expect(await page.getByTestId('asset-wallet-num').innerText()).toBe(String(figures.wallet_num));
      expect(await page.getByTestId('asset-tx-num').innerText()).toBe(String(figures.transaction_num));
      expect(await page.getByTestId('asset-change').getAttribute('data-trend')).toBe(figures.amount_trend);

      // 30D by default, one point per day; 7D redraws with the API's 7 points.
      const chart = page.getByTestId('asset-trend-chart');
      const month = await api<Trend>('/api/v1/wallets/statistics?range=30D');
      expect(month.points.length).toBe(30);
      await expect.poll(() => chart.getAttribute('data-points')).toBe(String(month.points.length));
      // Axes with their labels are drawn (SVG text), not an empty frame.
      await expect.poll(() => chart.locator('svg text').count()).toBeGreaterThan(5);
      await page.getByTestId('asset-range-7D').click();
      const week = await api<Trend>('/api/v1/wallets/statistics?range=7D');
      await expect.poll(() => page.getByTestId('asset-trend').getAttribute('data-range')).toBe('7D');
      await expect.poll(() => chart.getAttribute('data-points')).toBe(String(week.points.length));
      expect(week.points.length).toBe(7);

      // The distribution has a slice per priced token; the latest transfers are the list's first 10.
      const slices = await page.getByTestId('asset-distribution-chart').getAttribute('data-points');
      expect(Number(slices)).toBe(figures.by_token.filter((line) => Number(line.value) > 0).length);
      const latest = await api<{ total: number }>('/api/v1/transfer/list?tab=all&page=1&page_size=10');
      await expect.poll(() => page.getByTestId('asset-latest-row').count()).toBe(Math.min(10, latest.total));
      await dismissToasts(page);
      await chartPictures(page, 'asset-home', page.getByTestId('asset-trend'), [
        chart,
        page.getByTestId('asset-distribution-chart'),
      ]);

      // The free plan keeps 1 month of history: 1Y opens the plan limit and the chart keeps 7D.
      await page.getByTestId('asset-range-1Y').click();
      const modal = await settledDialog(page, 'Limit reached');
      expect(await modal.innerText()).toContain('1 month of asset history');
      await screenshot(page, 'asset-trend-plan-limit');
      await modal.getByRole('button', { name: 'OK' }).click();
      await modalClosed(page);
      expect(await page.getByTestId('asset-trend').getAttribute('data-range')).toBe('7D');
      expect(await chart.getAttribute('data-points')).toBe('7');

      // The eye masks every amount and is remembered (POST /asset-show); it shows them again.
      await page.getByTestId('asset-show-amount').click();
      await expect.poll(() => total.innerText()).toBe('****');
      await expect
        .poll(async () => (await api<{ show_amount: boolean }>('/api/v1/asset-show')).show_amount)
        .toBe(false);
      await page.reload();
      await expect.poll(() => page.getByTestId('asset-total').innerText()).toBe('****');
      await page.getByTestId('asset-show-amount').click();
      await expect.poll(() => page.getByTestId('asset-total').innerText()).toBe(usd(figures.total_amount));
      await expect
        .poll(async () => (await api<{ show_amount: boolean }>('/api/v1/asset-show')).show_amount)
        .toBe(true);

      // Hiding small assets (< 1 USD) is remembered too.
      const hideSmall = page.getByTestId('asset-hide-small');
      await hideSmall.click();
      await expect.poll(() => hideSmall.getAttribute('aria-checked')).toBe('true');
      await expect
        .poll(async () => (await api<{ hide_small: boolean }>('/api/v1/asset-show')).hide_small)
        .toBe(true);
      await hideSmall.click();
      await expect
        .poll(async () => (await api<{ hide_small: boolean }>('/api/v1/asset-show')).hide_small)
        .toBe(false);

      // A user whose currency is CNY reads every figure as USD × the CNY rate (2 decimals).
      await own.team.admin.session.call('PATCH', '/api/v1/user/base-info', { currency: 'CNY' });
      const rates = await api<{ rates: Array<{ currency: string; rate: string }> }>(
        '/api/v1/currency/exchange-rate',
      );
      const cny = Number(rates.rates.find((entry) => entry.currency === 'CNY')!.rate);
      await page.reload();
      const converted = Math.round(Number(figures.total_amount) * cny * 100) / 100;
      await expect.poll(() => page.getByTestId('asset-total').getAttribute('data-currency')).toBe('CNY');
      expect(await page.getByTestId('asset-total').innerText()).toBe(
        new Intl.NumberFormat('en-US', { style: 'currency', currency: 'CNY' }).format(converted),
      );
      await own.team.admin.session.call('PATCH', '/api/v1/user/base-info', { currency: 'USD' });
      await page.context().close();
    },
  );

  it(
    'statistics, transactions and profit and loss show the wallet’s tokens; a failure offers Retry',
    { timeout: 120_000 },
    async () => {
      // What the deposits cost: USDT at 0.80 (a gain at 1.00 today), ETH 500 above today's price (a loss).
      const records = await api<{ list: Array<{ id: number; symbol: string; direction: number }> }>(
        `/api/v1/transfer/records?page=1&page_size=10&wallet_id=${own.team.walletId}`,
      );
      const deposit = (symbol: string) => records.list.find((r) => r.symbol === symbol && r.direction === 1)!;
      const ethPrice = (await api<TotalAsset>('/api/v1/wallets/total-asset?hide_small=0')).by_token.find(
        (line) => line.symbol === 'ETH',
      )!.price!;
      const note = (id: number, price: string) =>
        own.team.admin.session.call('PATCH', '/api/v1/transfer/cost-price', { id, cost_price: price });
      await note(deposit('USDT').id, '0.8');
      await note(deposit('ETH').id, (Number(ethPrice) + 500).toFixed(2));

      const page = await open('/asset?tab=statistics');
      const usdt = page.getByTestId('asset-token-row-USDT');
      await usdt.waitFor();
      const figures = await api<TotalAsset>('/api/v1/wallets/total-asset?hide_small=0');
      const usdtValue = figures.by_token.find((line) => line.symbol === 'USDT')!.value;
      expect(await usdt.innerText()).toContain(usd(usdtValue));
      await page.getByTestId(`asset-wallet-row-${own.team.walletId}`).waitFor();
      // The export is a CSV download.
      const download = page.waitForEvent('download');
      await page.getByTestId('asset-export-token').click();
      expect((await download).suggestedFilename()).toMatch(/\.csv$/);
      await toastWith(page, 'The CSV file was downloaded.');
      await dismissToasts(page);
      await screenshot(page, 'asset-statistics-desktop');

      // Transactions: the bar chart has a bar pair per day of the period, the counts are the API's.
      await page.getByTestId('asset-tab-transactions').click();
      const flowChart = page.getByTestId('asset-flow-chart');
      const week = await api<Flow>('/api/v1/asset/transactions?period=1W');
      await expect
        .poll(() => page.getByTestId('asset-flow-in-count').innerText())
        .toBe(String(week.totals.in_count));
      expect(await page.getByTestId('asset-flow-out-count').innerText()).toBe(String(week.totals.out_count));
      if (week.totals.in_count + week.totals.out_count > 0)
        await expect.poll(() => flowChart.getAttribute('data-points')).toBe(String(week.days.length));
      await page.getByTestId('asset-period-1M').click();
      const month = await api<Flow>('/api/v1/asset/transactions?period=1M');
      await expect.poll(() => page.getByTestId('asset-transactions').getAttribute('data-period')).toBe('1M');
      if (month.totals.in_count + month.totals.out_count > 0) {
        await expect.poll(() => flowChart.getAttribute('data-points')).toBe(String(month.days.length));
        await chartPictures(page, 'asset-transactions', flowChart, [flowChart]);
      } else await expect.poll(() => flowChart.getAttribute('data-empty')).toBe('true');

      // Profit and loss: a row per token of the wallet with the API's result, the gain green and
      // the loss red; the method named.
      await page.getByTestId('asset-tab-pnl').click();
      const pnl = await api<ProfitLoss>('/api/v1/asset/profit-loss');
      const byToken = (symbol: string) => pnl.tokens.find((token) => token.symbol === symbol)!;
      expect(byToken('USDT')).toMatchObject({ profit_loss: 1, unrealised: '200.00' });
      expect(byToken('ETH')).toMatchObject({ profit_loss: 2, unrealised: '-500.00' });
      const row = page.getByTestId('asset-pnl-row-USDT');
      await row.waitFor();
      const colour = (symbol: string) =>
        page
          .getByTestId(`asset-pnl-row-${symbol}`)
          .getByTestId('asset-pnl-total')
          .evaluate((element) => getComputedStyle(element).color);
      expect(await row.getByTestId('asset-pnl-result').innerText()).toBe('Profit');
      expect(await row.getByTestId('asset-pnl-total').innerText()).toBe(`+${usd(byToken('USDT').total)}`);
      expect(await colour('USDT')).toBe('rgb(56, 158, 13)');
      const eth = page.getByTestId('asset-pnl-row-ETH');
      expect(await eth.getByTestId('asset-pnl-result').innerText()).toBe('Loss');
      expect(await eth.getByTestId('asset-pnl-total').innerText()).toBe(usd(byToken('ETH').total));
      expect(await colour('ETH')).toBe('rgb(207, 19, 34)');
      expect(await page.getByTestId('asset-pnl-method').innerText()).toContain('First in, first out');
      await chartPictures(page, 'asset-pnl', row, []);

      // A failed request says so with Retry (never an empty table), and Retry loads it.
      await failOnce(page, '**/api/v1/asset/profit-loss');
      await page.reload();
      const failed = page.getByTestId('asset-error');
      await failed.waitFor();
      expect(await failed.innerText()).toContain('The profit and loss could not be loaded.');
      await screenshot(page, 'asset-pnl-error');
      await page.getByTestId('asset-error-retry').click();
      await page.getByTestId('asset-pnl-row-USDT').waitFor();
      await page.context().close();
    },
  );

  it('reads in Chinese (zh-CN) and fits a phone (375 px)', { timeout: 90_000 }, async () => {
    const page = await open('/asset?lang=zh-CN');
    await expect.poll(() => page.getByTestId('asset-tab-overview').innerText()).toBe('概览');
    expect(await page.getByTestId('asset-tab-statistics').innerText()).toBe('资产统计');
    expect(await page.getByTestId('asset-tab-pnl').innerText()).toBe('盈亏');
    await chartReady(page.getByTestId('asset-trend-chart'));
    await chartReady(page.getByTestId('asset-distribution-chart'));
    expect(await page.getByTestId('asset-trend').innerText()).toContain('资产趋势');
    expect(await page.getByTestId('asset-range-7D').innerText()).toBe('7天');
    await dismissToasts(page);
    await screenshot(page, 'asset-home-zh-CN');
    await page.context().close();

    const phone = await open('/asset', { width: 375, height: 812 });
    const chart = phone.getByTestId('asset-trend-chart');
    await chartReady(chart);
    // The chart follows the narrow window and nothing runs off the side of the page.
    const width = await chart.evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(375);
    expect(width).toBeGreaterThan(250);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await dismissToasts(phone);
    await screenshot(phone, 'asset-home-phone');
    await chart.scrollIntoViewIfNeeded();
    await chartReady(chart);
    await screenshot(phone, 'asset-trend-phone');
    await phone.context().close();
  });
});
