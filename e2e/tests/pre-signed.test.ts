/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { dismissToasts, newPage, screenshot, waitForPath } from '../lib/browser';
import { mailIds, waitForCode } from '../lib/api-session';
import { setPlanDirectly } from '../lib/space-plan';
import { openInSpace } from '../lib/spaces';
import { DEVNET_KEYS, randomAddress, signByApi, taskInfo, usdtBalance, type Person } from '../lib/transfers';
import { toastWith } from '../lib/wallets';
import { ownServer } from '../lib/own-server';

const DAY = 86_400_000;

interface Row {
  task_id: number;
  name: string | null;
  nonce: string | null;
  status: number;
}

/**
 * Pre-signed transfers (type 5) on a server of its own with a Plus plan: the operator builds two
 * in the page, they wait in the pre-signed tab with consecutive nonces, both are approved and
 * signed (API), and broadcasting takes the e-mailed code — the second first is refused ("broadcast
 * nonce n first"), the first then completes.
 */
describe('pre-signed transfers', () => {
  // Plus for a year, written while the server is stopped.
  const own = ownServer('presign', (dataDir, team) =>
    setPlanDirectly(dataDir, team.spaceId, 'plus', new Date(Date.now() + 365 * DAY)),
  );

  async function open(who: Person, to: string): Promise<Page> {
    const { page } = await newPage(own.browser);
    await openInSpace(page, who.session, own.team.spaceId, to);
    return page;
  }

  async function fillItem(item: Locator, values: { name: string; to: string; amount: string }) {
    await item.getByTestId('pre-sign-name').fill(values.name);
    await item.getByTestId('pre-sign-to').fill(values.to);
    await item.getByTestId('pre-sign-amount').fill(values.amount);
  }

  /**
   * Connects the devnet account, enters the e-mailed code and broadcasts: `code` when one was
   * already sent (it stays valid until a broadcast uses it), otherwise a new one is asked for.
   */
  async function broadcastWithCode(page: Page, code?: string): Promise<string> {
    const card = page.getByTestId('broadcast-card');
    await page.getByTestId('broadcast-form').waitFor();
    if (!(await card.getByTestId('connector-account').isVisible())) {
      await card.getByTestId('connector-devnet').click();
      await card.getByTestId('connector-connect').click();
      await card.getByTestId('connector-account').waitFor();
    }
    const field = card.getByTestId('pre-sign-code');
    let entered = code;
    if (!entered) {
      const seen = await mailIds(own.team.admin.email);
      await field.getByTestId('send-code').click();
      await field.getByTestId('code-sent-hint').waitFor();
      entered = await waitForCode(own.team.admin.email, seen, 'code:pre_sign_broadcast');
    }
    await field.locator('input').fill(entered);
    await page.getByTestId('broadcast-submit').click();
    return entered;
  }

  it(
    'two created in the page, waiting by nonce, broadcast in nonce order with the e-mailed code',
    {
      timeout: 300_000,
    },
    async () => {
      const [a, b] = [randomAddress(), randomAddress()];
      const page = await open(own.team.admin, '/transfer');
      await page.getByTestId('pre-signed-transfer').click();
      await waitForPath(page, '/wallet/transfer/pre-signed');
      await page.getByTestId(`transfer-wallet-${own.team.walletId}`).click();
      await page.getByTestId('transfer-next').click();
      await page.getByTestId('pre-sign-items').waitFor();

      // Item 1 pays ETH; item 2 pays USDT (the asset chosen in its select).
      await fillItem(page.getByTestId('pre-sign-item-0'), { name: 'Rent March', to: a, amount: '0.01' });
      await page.getByTestId('pre-sign-add').click();
      const second = page.getByTestId('pre-sign-item-1');
      await fillItem(second, { name: 'Payroll March', to: b, amount: '2.5' });
      await second.getByTestId('pre-sign-asset').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: 'USDT' })
        .click();
      await page.getByTestId('pre-sign-check').click();

      const review = page.getByTestId('pre-sign-review');
      await review.waitFor();
      const nonces = await review.getByTestId('pre-sign-review-nonce').allInnerTexts();
      expect(nonces).toHaveLength(2);
      const n = Number(nonces[0]);
      expect(Number(nonces[1])).toBe(n + 1);
      expect(await page.getByTestId('pre-sign-review-row-1').innerText()).toContain('2.5 USDT');
      expect(await page.getByTestId('pre-sign-review-fee').first().innerText()).toMatch(/ETH/);
      await screenshot(page, 'pre-signed-review');

      await page.getByTestId('pre-sign-create').click();
      await waitForPath(page, '/transfer');
      await toastWith(page, '2 pre-signed transfers created');
      // The list opens on its pre-signed tab: both rows, their names and nonces.
      await expect
        .poll(() => page.getByTestId('row-title').allInnerTexts())
        .toEqual(expect.arrayContaining(['Pre-signed · Rent March', 'Pre-signed · Payroll March']));
      const rowNonces = (await page.getByTestId('row-nonce').allInnerTexts()).map(Number).sort();
      expect(rowNonces).toEqual([n, n + 1]);
      await dismissToasts(page);
      await screenshot(page, 'pre-signed-list');

      const { list } = await own.team.admin.session.call<{ list: Row[] }>(
        'GET',
        '/api/v1/transfer/list?tab=pre_signed&page=1&page_size=10',
      );
      const first = list.find((row) => row.name === 'Rent March')!;
      const later = list.find((row) => row.name === 'Payroll March')!;
      expect([first.nonce, later.nonce]).toEqual([String(n), String(n + 1)]);

      // Approved and signed while everyone is here.
      for (const task of [first, later]) {
        for (const approver of own.team.approvers)
          await approver.session.call('POST', '/api/v1/task/approve', { task_id: task.task_id, result: 1 });
        await signByApi(own.team.signers[0].session, task.task_id, DEVNET_KEYS[1]);
        await signByApi(own.team.signers[1].session, task.task_id, DEVNET_KEYS[2]);
        await expect.poll(() => taskInfo(own.team.admin.session, task.task_id).then((t) => t.status)).toBe(5);
      }

      // The second first: the code is asked for, then the Safe's queue refuses it.
      await page.goto(new URL(`/task/${later.task_id}`, page.url()).toString());
      expect(await page.getByTestId('task-name').innerText()).toBe('Payroll March');
      await page.getByTestId('broadcast-form').waitFor();
      // Without the code the form says what it needs.
      const card = page.getByTestId('broadcast-card');
      await card.getByTestId('connector-devnet').click();
      await card.getByTestId('connector-connect').click();
      await card.getByTestId('connector-account').waitFor();
      await page.getByTestId('broadcast-submit').click();
      expect(await page.getByTestId('pre-sign-code').innerText()).toContain(
        'Enter the 6-digit code from the e-mail.',
      );
      const code = await broadcastWithCode(page);
      const queue = page.getByTestId('broadcast-queue-error');
      await queue.waitFor();
      expect(await queue.innerText()).toContain(`Broadcast the transfer with nonce ${n} first.`);
      await dismissToasts(page);
      await queue.scrollIntoViewIfNeeded();
      await screenshot(page, 'pre-signed-queue');

      // The first, with the same code (a refused broadcast does not use it up): it completes.
      await page.goto(new URL(`/task/${first.task_id}`, page.url()).toString());
      await broadcastWithCode(page, code);
      await page
        .getByTestId('task-status')
        .first()
        .filter({ hasText: /^Completed$/ })
        .waitFor({ timeout: 60_000 });
      expect(await usdtBalance(own.team.usdt, b)).toBe(0n);
      await page.context().close();
    },
  );
});
