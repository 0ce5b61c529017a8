/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { maxUint256, type Hex } from 'viem';
import { DEVNET_KEYS, randomAddress, signByApi, taskInfo, type TransferTeam } from '../lib/transfers';
import { teamInBrowser } from '../lib/team-browser';
import { pictures } from '../lib/browser';
import { motionDone, modalClosed } from '../lib/motion';
import { screenshotBoth, toastWith } from '../lib/wallets';
import { approveFromSafe, usdtAllowance } from '../lib/token-approvals';
import { failOnce } from '../lib/screen-checks';

/**
 * Token approvals end to end on the devnet (issue 19). Before any approval the tab says a failed
 * read with Retry, then that none was found. Then the team's Safe approves two spenders for
 * USDT on chain by its own execTransaction (outside the app); the server's scan finds them and the
 * wallet's "Token approvals" tab lists them (25 USDT, Unlimited). The operator cancels one in the
 * tab's modal with a fee tier; the approver sees an ERC-20 approve of 0 to that spender, the
 * signers sign, the operator broadcasts, and the node reads the allowance back as 0 while the
 * tab lists only the other approval.
 */
describe('token approvals on the devnet', () => {
  const session = teamInBrowser();
  let team: TransferTeam;
  beforeAll(() => {
    team = session.team;
  });

  const tabPath = () => `/wallet/detail/${team.walletId}?tab=approvals`;
  /** The tab's row of one spender (rows carry their spender's address). */
  const row = (page: Page, address: Hex) =>
    page.locator(`[data-testid="approval-row"][data-spender="${address}" i]`);

  /** Opens the devnet signer in a card and connects it. */
  async function connectDevnet(page: Page, card: string): Promise<void> {
    const scope = page.getByTestId(card);
    await scope.getByTestId('connector-devnet').click();
    await scope.getByTestId('connector-connect').click();
    await scope.getByTestId('connector-account').waitFor();
  }

  it('before any approval: a failed read is an error with Retry (never "none"), then the empty state', async () => {
    const operator = await session.open(team.admin, `/wallet/detail/${team.walletId}`);
    await failOnce(operator, '**/api/v1/wallets/dapp?*');
    await operator.getByTestId('wallet-tab-approvals').click();
    const failed = operator.getByTestId('approvals-error');
    await failed.waitFor();
    expect(await operator.getByTestId('approvals-empty').count()).toBe(0);
    // Said in the tab only, not toasted as well.
    const toast = operator.locator('.ant-notification-notice').filter({ hasText: 'Injected failure' });
    expect(await toast.count()).toBe(0);
    await failed.getByTestId('query-retry').click();
    await operator.getByTestId('approvals-empty').waitFor();
    expect(await operator.getByTestId('approvals-empty').innerText()).toMatch(
      /No token approvals found\s+Approval events read up to block \d+/,
    );
    await screenshotBoth(operator, 'token-approvals-empty');
    await operator.context().close();
  });

  it(
    "lists the Safe's on-chain approvals, cancels one through the UI, signed and broadcast: the allowance is 0",
    { timeout: 240_000 },
    async () => {
      // Fresh spenders per attempt: a retry does not meet the first attempt's approvals.
      const spender = randomAddress();
      const unlimitedSpender = randomAddress();
      await approveFromSafe(team, spender, 25_000_000n);
      await approveFromSafe(team, unlimitedSpender, maxUint256);
      expect(await usdtAllowance(team, spender)).toBe(25_000_000n);

      // The tab finds both once the scan has read their blocks (it re-reads by itself).
      const operator = await session.open(team.admin, tabPath());
      await row(operator, spender).waitFor({ timeout: 45_000 });
      await row(operator, unlimitedSpender).waitFor({ timeout: 45_000 });
      const limited = row(operator, spender);
      expect(await limited.getByTestId('approval-token').innerText()).toContain('USDT');
      expect(await limited.getByTestId('approval-allowance').innerText()).toBe('25 USDT');
      expect(await limited.getByTestId('approval-status').innerText()).toBe('Approved');
      // Addresses show checksummed (EIP-55); randomAddress gives lower case.
      expect((await limited.getByTestId('approval-spender').innerText()).toLowerCase()).toContain(
        `${spender.slice(0, 6)}…${spender.slice(-4)}`,
      );
      expect(await row(operator, unlimitedSpender).getByTestId('approval-allowance').innerText()).toBe(
        'Unlimited',
      );
      expect(await operator.getByTestId('approvals-scanned').innerText()).toMatch(/up to block \d+/);
      await pictures(operator, 'token-approvals-tab', limited);

      // The modal says what will be signed and offers the estimate's fee tiers.
      await limited.getByTestId('approval-cancel').click();
      const modal = operator.getByTestId('cancel-approval-modal');
      await motionDone(operator.getByTestId('cancel-approval-what'));
      const what = await operator.getByTestId('cancel-approval-what').innerText();
      expect(what.toLowerCase()).toContain(`set the allowance of ${spender} on usdt to 0`);
      expect(what).toContain("the Safe's owners sign it like a transfer");
      // The tier's test id is on its (hidden) radio input; its label shows the quote.
      const fast = operator
        .getByTestId('fee-picker')
        .locator('label')
        .filter({ has: operator.getByTestId('fee-fast') });
      await expect.poll(() => fast.innerText()).toMatch(/Fast\s+[\d.]+ Gwei/);
      await expect
        .poll(() => operator.getByTestId('fee-refreshed').innerText())
        .toMatch(/Gas of this call: \d+/);
      await fast.click();
      expect(await operator.getByTestId('fee-fast').isChecked()).toBe(true);
      await screenshotBoth(operator, 'token-approvals-cancel-modal');
      await modal.getByTestId('cancel-approval-confirm').click();
      await operator.waitForURL((url) => /^\/task\/\d+$/.test(url.pathname));
      await modalClosed(operator);
      const taskId = Number(new URL(operator.url()).pathname.split('/').pop());
      expect(await operator.getByTestId('task-number').innerText()).toMatch(/^Cancel approval /);
      expect((await operator.getByTestId('task-approval-action').innerText()).toLowerCase()).toBe(
        `cancel approval: usdt · spender ${spender.slice(0, 6)}…${spender.slice(-4)}`,
      );
      expect((await operator.getByTestId('task-to').innerText()).toLowerCase()).toBe(spender.toLowerCase());
      const created = await taskInfo(team.admin.session, taskId);
      expect(created.status).toBe(0);

      // The tab shows it under way, linked to its task; a second cancellation is not offered.
      const tab = await session.open(team.admin, tabPath());
      await expect
        .poll(() => row(tab, spender).getByTestId('approval-status').innerText())
        .toContain('Cancelling');
      expect(await row(tab, spender).getByTestId('approval-cancel-task').getAttribute('href')).toBe(
        `/task/${taskId}`,
      );
      expect(await row(tab, spender).getByTestId('approval-cancel').isDisabled()).toBe(true);
      await tab.context().close();

      // An approver (not an operator) reads the approvals but is offered no cancellation.
      const reader = await session.open(team.approvers[1], tabPath());
      await row(reader, unlimitedSpender).waitFor();
      expect(await reader.getByTestId('approval-cancel').count()).toBe(0);
      expect(await reader.getByTestId('approvals-tab').innerText()).toContain(
        "Only the wallet's operators can cancel an approval.",
      );
      // In the approver's to-do list it reads as a cancellation, not as "0 USDT" to the token contract.
      await reader.goto(new URL('/transfer', reader.url()).toString());
      const listed = reader.getByTestId('transfer-row').first();
      await expect.poll(() => listed.getByTestId('row-title').innerText()).toBe('Cancel approval');
      expect(await listed.getByTestId('row-approval-action').innerText()).toBe('USDT allowance → 0');
      expect((await listed.innerText()).toLowerCase()).toContain(
        `${spender.slice(0, 6)}…${spender.slice(-4)}`,
      );
      await screenshotBoth(reader, 'token-approvals-transfer-list');
      await reader.context().close();

      // The first approver reviews what the Safe will sign: approve(spender, 0) on USDT.
      const approver = await session.open(team.approvers[0], `/task/${taskId}`);
      await approver.getByTestId('approval-form').waitFor();
      await expect
        .poll(() => approver.getByTestId('review-kind').innerText())
        .toBe('Token approval (ERC-20 approve)');
      expect(await approver.getByTestId('review-token').innerText()).toBe('USDT');
      expect((await approver.getByTestId('review-recipient').innerText()).toLowerCase()).toBe(
        spender.toLowerCase(),
      );
      expect(await approver.getByTestId('review-amount').innerText()).toBe('0 USDT');
      await pictures(approver, 'token-approvals-cancel-review', approver.getByTestId('safe-tx-review'));
      await approver.getByTestId('approve').click();
      await toastWith(approver, 'You approved the transfer.');
      await approver.context().close();
      await team.approvers[1].session.call('POST', '/api/v1/task/approve', { task_id: taskId, result: 1 });
      await expect
        .poll(() => taskInfo(team.admin.session, taskId).then((task) => task.status), { timeout: 15_000 })
        .toBe(3);

      // Two owners sign; the operator broadcasts with the devnet signer.
      await signByApi(team.signers[0].session, taskId, DEVNET_KEYS[1]);
      await signByApi(team.signers[1].session, taskId, DEVNET_KEYS[2]);
      await operator.reload();
      await operator.getByTestId('broadcast-form').waitFor();
      await connectDevnet(operator, 'broadcast-card');
      await operator.getByTestId('broadcast-submit').click();
      await operator
        .getByTestId('task-status')
        .first()
        .filter({ hasText: /^Completed$/ })
        .waitFor({ timeout: 60_000 });

      // On chain the allowance is 0; the other approval stands, and the tab lists only it.
      expect(await usdtAllowance(team, spender)).toBe(0n);
      expect(await usdtAllowance(team, unlimitedSpender)).toBe(maxUint256);
      await operator.goto(new URL(tabPath(), operator.url()).toString());
      await row(operator, unlimitedSpender).waitFor();
      await expect.poll(() => row(operator, spender).count()).toBe(0);
      await screenshotBoth(operator, 'token-approvals-tab-after');
    },
  );
});
