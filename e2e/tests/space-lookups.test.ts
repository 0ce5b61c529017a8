/// <reference lib="dom" />
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { bindAuthenticator, totp } from '../lib/accounts';
import { mailIds, waitForCode } from '../lib/api-session';
import { VIEWPORTS, waitForPath } from '../lib/browser';
import { overlaysAtRest } from '../lib/motion';
import { randomAddress, transferByApi, waitFor, type Person, type TransferTeam } from '../lib/transfers';
import { teamInBrowser } from '../lib/team-browser';
import { toastWith } from '../lib/wallets';

/** What the screen shows now, written to /tmp for a reviewer to look at. */
async function shot(page: Page, name: string): Promise<void> {
  await overlaysAtRest(page);
  await page.screenshot({ path: `/tmp/ks-shots/${name}.png`, fullPage: false });
}

/**
 * The screens of the server's new look-ups: the wizard's fee in the coin and USD with who pays it,
 * approving with the authenticator code (and being told to bind one), a member's risk, and
 * deleting a single-signature wallet with its name and an e-mailed code. All set up through the API.
 */
describe('fee in ETH and USD, approving with a code, member risk, deleting a single wallet', () => {
  const session = teamInBrowser(150_000);
  let team: TransferTeam;
  beforeAll(() => {
    team = session.team;
  });
  const open = (who: Person, path: string) => session.open(who, path);

  it('the wizard prices the transfer per tier in ETH and USD, says the broadcaster pays; a failure shows Retry', async () => {
    const page = await open(team.admin, '/wallet/transfer');
    await page.getByTestId(`transfer-wallet-${team.walletId}`).click();
    await page.getByTestId('transfer-next').click();
    await page.locator('#transfer-to').waitFor();
    await page
      .getByTestId('fee-quote')
      .filter({ hasText: 'appears once the recipient and amount' })
      .waitFor();
    await page
      .locator('.ant-select')
      .filter({ has: page.locator('#transfer-asset') })
      .click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'USDT' }).click();

    // The first estimate fails: said as a failure with Retry, never a zero fee.
    let fail = true;
    await page.route('**/api/v1/fee/single-estimate', (route) =>
      fail
        ? route.fulfill({ status: 500, contentType: 'text/plain', body: 'upstream failure' })
        : route.continue(),
    );
    await page.locator('#transfer-to').fill(randomAddress());
    await page.locator('#transfer-amount').fill('12.5');
    const error = page.getByTestId('fee-quote-error');
    await error.waitFor();
    expect(await page.getByTestId('fee-quote').innerText()).not.toMatch(/\b0 ETH/);
    await shot(page, 'fee-quote-error');
    fail = false;
    await error.getByTestId('query-retry').click();

    const usd = page.getByTestId('fee-quote-standard-usd');
    await usd.waitFor();
    for (const tier of ['slow', 'standard', 'fast']) {
      const coin = await page.getByTestId(`fee-quote-${tier}-coin`).innerText();
      const dollars = await page.getByTestId(`fee-quote-${tier}-usd`).innerText();
      expect(coin).toMatch(/^\d+(\.\d+)? ETH$/);
      expect(dollars).toMatch(/^(≈ \$\d+\.\d\d|< \$0\.01)$/);
      // The devnet's price table has ETH at 3,000 USD.
      const eth = Number(coin.split(' ')[0]);
      if (dollars.includes('<')) expect(eth * 3000).toBeLessThan(0.01);
      else expect(Math.abs(Number(dollars.replace(/[^\d.]/g, '')) - eth * 3000)).toBeLessThanOrEqual(0.01);
    }
    expect(await page.getByTestId('fee-quote-payer').innerText()).toContain("broadcaster's account");
    await page.getByTestId('fee-quote').scrollIntoViewIfNeeded();
    await shot(page, 'fee-quote');
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.getByTestId('fee-quote').scrollIntoViewIfNeeded();
    await shot(page, 'fee-quote-mobile');
    await page.setViewportSize(VIEWPORTS.desktop);
  });

  it('an approver without an authenticator is told to bind one; with one, approving takes the code', async () => {
    await team.admin.session.call('PUT', '/api/v1/organization/settings', { enable_approve_mfa: true });
    const taskId = await transferByApi(team, randomAddress(), '1.5');
    const [first, second] = team.approvers;

    const blocked = await open(first, `/task/${taskId}`);
    await blocked.getByTestId('approval-mfa-blocked').waitFor();
    expect(await blocked.getByTestId('approval-mfa-blocked').innerText()).toContain(
      'Bind one in your account',
    );
    expect(await blocked.getByTestId('approve').isDisabled()).toBe(true);
    await shot(blocked, 'approval-mfa-blocked');
    await blocked.getByRole('link', { name: 'Bind one in your account' }).click();
    await waitForPath(blocked, '/account');

    const { secret, step } = await bindAuthenticator(second.session, second.email);
    const page = await open(second, `/task/${taskId}`);
    await page.getByTestId('approval-mfa').waitFor();
    expect(await page.getByTestId('approve').isDisabled()).toBe(true);
    await page.locator('#approval-mfa').fill(totp(secret, step + 1));
    await shot(page, 'approval-mfa-code');
    await page.getByTestId('approve').click();
    await toastWith(page, 'You approved the transfer.');
    const info = await waitFor(
      'the approval',
      () =>
        second.session.call<{ approvals: Array<{ user_id: number; result: number }> }>(
          'GET',
          `/api/v1/task/info?task_id=${taskId}`,
        ),
      (value) => value.approvals.some((entry) => entry.user_id === second.userId),
    );
    expect(info.approvals.find((entry) => entry.user_id === second.userId)!.result).toBe(1);
    await team.admin.session.call('PUT', '/api/v1/organization/settings', { enable_approve_mfa: false });
  });

  it("an admin reads a member's risk: the tags in words, last sign-in and devices this week", async () => {
    const member = team.signers[0];
    const { list } = await team.admin.session.call<{
      list: Array<{ risk_tags: number[]; last_seen_at: string | null; devices_last_7_days: number }>;
    }>('POST', '/api/v1/organization/user-risk', { user_ids: [member.userId] });
    const page = await open(team.admin, '/organization/settings?tab=members');
    await page.getByTestId(`member-risk-open-${member.email}`).click();
    const risk = page.getByTestId('member-risk');
    await risk.getByTestId('member-risk-devices').waitFor();
    const devices = list[0]!.devices_last_7_days;
    expect(await risk.getByTestId('member-risk-devices').innerText()).toBe(
      `${devices} ${devices === 1 ? 'device' : 'devices'}`,
    );
    expect(await risk.getByTestId('member-risk-last-seen').innerText()).toEqual(
      list[0]!.last_seen_at ? expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/) : 'Never signed in',
    );
    expect(await risk.getByTestId('member-risk-tag').count()).toBe(list[0]!.risk_tags.length);
    if (list[0]!.risk_tags.length === 0) expect(await risk.innerText()).toContain('No risk found');
    await shot(page, 'member-risk');
  });

  it('deletes a single-signature wallet with its name typed again and the e-mailed code', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const imported = await team.admin.session.call<{
      wallet_id: number;
      challenge_id: number;
      message: string;
    }>('POST', '/api/v1/wallets/single', {
      name: 'Petty cash',
      chain_key: '31337',
      address: account.address,
    });
    await team.admin.session.call('POST', '/api/v1/wallets/verify', {
      wallet_id: imported.wallet_id,
      challenge_id: imported.challenge_id,
      signature: await account.signMessage({ message: imported.message }),
    });
    const page = await open(team.admin, `/wallet/detail/${imported.wallet_id}?tab=settings`);
    await page.getByTestId('wallet-delete').click();
    const modal = page.getByTestId('wallet-delete-modal');
    await modal.waitFor();
    await modal.locator('#delete-wallet-name').fill('petty cash');
    const seen = await mailIds(team.admin.email);
    await modal.getByTestId('send-code').click();
    const code = await waitForCode(team.admin.email, seen);
    await modal.locator('#email_code').fill(code);
    await page.getByTestId('wallet-delete-confirm').click();
    await modal.getByText('The name does not match.').waitFor();
    await shot(page, 'wallet-delete-modal');
    await modal.locator('#delete-wallet-name').fill('Petty cash');
    await page.getByTestId('wallet-delete-confirm').click();
    await waitForPath(page, '/wallet');
    await toastWith(page, 'The wallet "Petty cash" is deleted.');
    await modal.waitFor({ state: 'detached' });
    await shot(page, 'wallet-deleted');
    const list = await team.admin.session.call<{ list: Array<{ wallet_id: number }> }>(
      'GET',
      '/api/v1/wallets',
    );
    expect(list.list.map((wallet) => wallet.wallet_id)).not.toContain(imported.wallet_id);
  });
});
