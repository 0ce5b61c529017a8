/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dismissToasts, newPage, pictures, screenshot, waitForPath } from '../lib/browser';
import { modalClosed } from '../lib/motion';
import { setPlanDirectly } from '../lib/space-plan';
import { openInSpace } from '../lib/spaces';
import { DEVNET_KEYS, randomAddress, signByApi, taskInfo, usdtBalance, type Person } from '../lib/transfers';
import { settledDialog, toastWith } from '../lib/wallets';
import { ownServer } from '../lib/own-server';

const DAY = 86_400_000;

/**
 * Batch (one-to-many) transfers on a server of its own (the plan is written into its database
 * between restarts): on the free plan the entry explains the plan limit; on Plus the operator
 * uploads a file with two bad rows and sees both at their rows, uploads the corrected file,
 * reviews the totals and the fee, creates the batch, and after approvals, signatures and the
 * broadcast every recipient reads as paid — with the USDT on chain.
 */
describe('batch transfers', () => {
  const own = ownServer('batch');

  async function open(who: Person, to: string): Promise<Page> {
    const { page } = await newPage(own.browser);
    await openInSpace(page, who.session, own.team.spaceId, to);
    return page;
  }

  const upload = (page: Page, name: string, lines: string[]) =>
    page
      .getByTestId('batch-source')
      .locator('input[type="file"]')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) });

  it('the free plan: the entry opens the plan limit instead of the wizard', async () => {
    const page = await open(own.team.admin, '/transfer');
    await page.getByTestId('batch-transfer').click();
    const modal = await settledDialog(page, 'Limit reached');
    expect(await modal.innerText()).toContain('Batch transfers are not part of this space’s current plan');
    await screenshot(page, 'batch-free-plan-limit');
    await modal.getByRole('button', { name: 'OK' }).click();
    await modalClosed(page);
    expect(new URL(page.url()).pathname).toBe('/transfer');
    await page.context().close();
  });

  it(
    'Plus: two bad rows shown at their rows, the corrected file reviewed, created, signed, paid',
    { timeout: 300_000 },
    async () => {
      // Plus for a year, written while the server is stopped.
      await own.whileStopped((dataDir, team) =>
        setPlanDirectly(dataDir, team.spaceId, 'plus', new Date(Date.now() + 365 * DAY)),
      );

      const [a, b, c, d] = [randomAddress(), randomAddress(), randomAddress(), randomAddress()];
      const page = await open(own.team.admin, '/transfer');
      await page.getByTestId('batch-transfer').click();
      await waitForPath(page, '/wallet/transfer/batch');
      await page.getByTestId(`transfer-wallet-${own.team.walletId}`).click();
      await page.getByTestId('transfer-next').click();
      await page.getByTestId('batch-recipients').waitFor();

      // Row 3: not an address; row 5: more decimals than USDT has. Both come back at once.
      await upload(page, 'payroll.csv', [
        'address,amount,token,memo,fund_purpose',
        `${a},1.5,USDT,Invoice 1,`,
        'not-an-address,1,USDT,Invoice 2,',
        `${c},2.25,USDT,Invoice 3,`,
        `${d},1.1234567,USDT,Invoice 4,`,
      ]);
      await expect.poll(() => page.getByTestId('batch-file-name').innerText()).toBe('payroll.csv · 4 rows');
      await page.getByTestId('batch-check').click();
      const errors = page.getByTestId('batch-errors');
      await errors.waitFor();
      expect(await page.getByTestId('batch-errors-summary').innerText()).toContain('2 rows have problems');
      expect(await page.getByTestId('batch-cell-3-address').getAttribute('data-bad')).toBe('true');
      expect(await page.getByTestId('batch-cell-5-amount').getAttribute('data-bad')).toBe('true');
      expect(await page.getByTestId('batch-cell-2-address').getAttribute('data-bad')).toBe('false');
      // The reason sits under the bad cell, and the summary lists each row's problem.
      const addressReason = await page
        .getByTestId('batch-cell-3-address')
        .getByTestId('batch-cell-error')
        .innerText();
      const amountReason = await page
        .getByTestId('batch-cell-5-amount')
        .getByTestId('batch-cell-error')
        .innerText();
      expect(addressReason).toMatch(/\S/);
      expect(amountReason).toMatch(/\S/);
      expect(await page.getByTestId('batch-problem-3-address').innerText()).toBe(
        `Row 3 · Recipient: ${addressReason}`,
      );
      expect(await page.getByTestId('batch-problem-5-amount').innerText()).toBe(
        `Row 5 · Amount: ${amountReason}`,
      );
      expect(await errors.getByTestId('batch-cell-error').count()).toBe(2);
      await pictures(page, 'batch-errors', errors);

      // The corrected file (row 3 now pays 0.01 ETH): the review shows both totals and the fee.
      await upload(page, 'payroll-fixed.csv', [
        'address,amount,token,memo,fund_purpose',
        `${a},1.5,USDT,Invoice 1,`,
        `${b},0.01,,Invoice 2,`,
        `${c},2.25,USDT,Invoice 3,`,
        `${d},1.123456,USDT,Invoice 4,`,
      ]);
      await errors.waitFor({ state: 'detached' });
      await page.getByTestId('batch-check').click();
      const review = page.getByTestId('batch-review');
      await review.waitFor();
      expect(await page.getByTestId('batch-review-recipients').innerText()).toBe(
        '4 (this plan allows up to 200 per batch)',
      );
      const usdtTotal = await page.getByTestId('batch-total-USDT').innerText();
      expect(usdtTotal).toContain('4.873456 USDT');
      expect(usdtTotal).toContain('Enough');
      expect(await page.getByTestId('batch-total-ETH').innerText()).toContain('0.01 ETH');
      expect(await page.getByTestId('batch-review-fee').innerText()).toMatch(/ETH/);
      expect(await page.getByTestId('batch-review-row-3').innerText()).toContain('0.01 ETH');
      await pictures(page, 'batch-review', review);

      await page.getByTestId('batch-create').click();
      await page.waitForURL((url) => /^\/task\/\d+$/.test(url.pathname));
      const taskId = Number(new URL(page.url()).pathname.split('/').pop());
      await toastWith(page, 'with 4 recipients');
      const card = page.getByTestId('batch-recipients-card');
      await card.waitFor();
      await expect
        .poll(() => card.getByTestId('batch-output-effect').allInnerTexts())
        .toEqual(['Pending', 'Pending', 'Pending', 'Pending']);
      expect(await page.getByTestId('batch-output-5').innerText()).toContain('1.123456 USDT');
      // What the signers sign: one DELEGATECALL into MultiSendCallOnly, its four calls decoded.
      const multiSend = page.getByTestId('multi-send');
      await multiSend.waitFor();
      expect(await page.getByTestId('review-operation').innerText()).toBe('DELEGATECALL');
      expect(await page.getByTestId('multi-send-call-1').innerText()).toContain('1.5 USDT');
      expect((await page.getByTestId('multi-send-call-2').innerText()).toLowerCase()).toContain(
        b.toLowerCase(),
      );
      expect(await page.getByTestId('multi-send-call-2').innerText()).toContain('0.01 ETH');
      await dismissToasts(page);
      await pictures(page, 'batch-detail', card);
      await pictures(page, 'batch-detail-signed-calls', multiSend);

      // The list says what the row is.
      const list = await open(own.team.admin, '/transfer');
      await list.getByTestId('tab-all').click();
      await expect
        .poll(() => list.getByTestId('transfer-row-batch').first().innerText())
        .toBe('Batch · 4 recipients');
      await list.context().close();

      // Approvals and signatures through the API; the operator broadcasts in the page.
      for (const approver of own.team.approvers)
        await approver.session.call('POST', '/api/v1/task/approve', { task_id: taskId, result: 1 });
      await signByApi(own.team.signers[0].session, taskId, DEVNET_KEYS[1]);
      await signByApi(own.team.signers[1].session, taskId, DEVNET_KEYS[2]);
      await expect.poll(() => taskInfo(own.team.admin.session, taskId).then((task) => task.status)).toBe(5);
      const before = await usdtBalance(own.team.usdt, a);
      await page.reload();
      await page.getByTestId('broadcast-form').waitFor();
      const broadcast = page.getByTestId('broadcast-card');
      await broadcast.getByTestId('connector-devnet').click();
      await broadcast.getByTestId('connector-connect').click();
      await broadcast.getByTestId('connector-account').waitFor();
      await page.getByTestId('broadcast-submit').click();
      await page
        .getByTestId('task-status')
        .first()
        .filter({ hasText: /^Completed$/ })
        .waitFor({ timeout: 60_000 });
      await expect
        .poll(() => card.getByTestId('batch-output-effect').allInnerTexts(), { timeout: 20_000 })
        .toEqual(['Paid', 'Paid', 'Paid', 'Paid']);
      expect(await usdtBalance(own.team.usdt, a)).toBe(before + 1_500_000n);
      expect(await usdtBalance(own.team.usdt, d)).toBe(1_123_456n);
      await dismissToasts(page);
      await pictures(page, 'batch-detail-paid', card);
    },
  );
});
