/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openSignedIn, registerAccount } from '../lib/accounts';
import type { ApiSession } from '../lib/api-session';
import { launchBrowser, newPage, waitForPath } from '../lib/browser';
import { addMember, createSpace, openInSpace, registerCreator } from '../lib/spaces';
import { TEST_KEYS, installInjectedWallet, type InjectedWallet } from '../lib/wallet-provider';
import { addAndVerifySigner, dialog, screenshotBoth, settledDialog, toastWith } from '../lib/wallets';

/**
 * Wallets end to end on the server's devnet: three people verify signer addresses with an
 * injected EIP-1193 wallet backed by test keys, the admin creates and deploys a 2-of-3 Safe
 * through the wizard, funds it from the dev faucet and sees the balance in the list and detail.
 */
describe('wallets on the devnet', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
  });
  afterAll(async () => {
    await close();
  });

  async function signerPage(
    session: ApiSession,
    key: keyof typeof TEST_KEYS,
  ): Promise<{ page: Page; wallet: InjectedWallet; done: () => Promise<void> }> {
    const { context, page } = await newPage(browser);
    const wallet = await installInjectedWallet(page, TEST_KEYS[key]);
    await openSignedIn(page, session, '/permission-address');
    await page.getByTestId('permission-address-page').waitFor();
    return { page, wallet, done: () => context.close() };
  }

  it(
    'verifies three signers, creates and deploys a 2-of-3 Safe, funds it and shows the balance',
    { timeout: 240_000 },
    async () => {
      const admin = await registerCreator();
      const space = await createSpace(admin.session, 'Treasury team');
      const members = [await registerAccount(), await registerAccount()];
      for (const member of members) await addMember(admin.session, member);

      // The admin's signer: a refused signature first (§8 user rejected), then the real one.
      const first = await signerPage(admin.session, 7);
      await screenshotBoth(first.page, 'wallets-signers-empty');
      first.wallet.rejectNext('personal_sign');
      await first.page.getByTestId('signer-add').click();
      const add = dialog(first.page, 'Add a signer address');
      await add.locator('#signer-name').fill('Admin MetaMask');
      await add.locator('#signer-address').fill(first.wallet.address);
      await screenshotBoth(first.page, 'wallets-signer-add');
      await add.getByTestId('signer-add-submit').click();
      const verify = await settledDialog(first.page, 'Verify the signer address');
      await verify.getByTestId('connector-connect').click();
      await verify.getByTestId('connected-account').waitFor();
      await screenshotBoth(first.page, 'wallets-signer-verify');
      await verify.getByTestId('signer-verify-submit').click();
      await toastWith(first.page, 'You rejected the request in your wallet.');
      await verify.getByTestId('signer-verify-submit').click();
      await verify.waitFor({ state: 'hidden' });
      await expect.poll(() => first.page.getByTestId('signer-status').first().innerText()).toBe('Verified');
      await screenshotBoth(first.page, 'wallets-signers');
      await first.done();

      // The two members verify theirs with the "use connected wallet" path.
      const keys = [8, 9] as const;
      for (const [index, member] of members.entries()) {
        const other = await signerPage(member.session, keys[index]!);
        await addAndVerifySigner(other.page, other.wallet, `Member ${index + 1} key`);
        await expect.poll(() => other.page.getByTestId('signer-status').first().innerText()).toBe('Verified');
        await other.done();
      }

      // The admin creates the Safe in the wizard (the space has no wallet yet: /multiple-wallet).
      const { context, page } = await newPage(browser);
      const wallet = await installInjectedWallet(page, TEST_KEYS[7]);
      await openInSpace(page, admin.session, space.organization_id, '/multiple-wallet');
      await page.getByTestId('wizard-step-type').waitFor();
      await screenshotBoth(page, 'wallets-wizard-type');
      await page.getByTestId('wallet-type-multi').click();
      await page.locator('#wallet-name').fill('Team Safe');
      await expect
        .poll(() => page.locator('.ant-select-selection-item').first().innerText())
        .toContain('Devnet');
      await screenshotBoth(page, 'wallets-wizard-base');
      await page.getByTestId('wizard-next').click();
      await page.getByTestId('signer-options').waitFor();
      const options = page.locator('[data-testid="signer-options"] .ant-checkbox-wrapper');
      await expect.poll(() => options.count()).toBe(3);
      for (let index = 0; index < 3; index += 1) await options.nth(index).click();
      await page.locator('#wallet-threshold').fill('2');
      await screenshotBoth(page, 'wallets-wizard-signers');
      await page.getByTestId('wizard-next').click();
      await page.getByTestId('wizard-step-roles').waitFor();
      // The approval threshold follows the approvers: 1 once there are some, lowered (and said so)
      // when approvers are removed below it, 0 without approvers.
      const threshold = page.locator('#wallet-approval-threshold');
      await page.getByTestId('wallet-approvers').click();
      const people = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await people.nth(0).click();
      await people.nth(1).click();
      await page.keyboard.press('Escape');
      await expect.poll(() => threshold.inputValue()).toBe('1');
      await threshold.fill('2');
      await page
        .locator('[data-testid="wallet-approvers"] .ant-select-selection-item-remove')
        .first()
        .click();
      await expect.poll(() => threshold.inputValue()).toBe('1');
      expect(await page.getByTestId('approval-threshold-lowered').innerText()).toContain('lowered to 1');
      expect(await page.locator('.ant-form-item-explain-error').count()).toBe(0);
      await screenshotBoth(page, 'wallets-wizard-roles');
      await page
        .locator('[data-testid="wallet-approvers"] .ant-select-selection-item-remove')
        .first()
        .click();
      await expect.poll(() => threshold.inputValue()).toBe('0');
      await page.getByTestId('wizard-next').click();
      await page.getByTestId('wallet-review').waitFor();
      await screenshotBoth(page, 'wallets-wizard-review');
      await page.getByTestId('wizard-create').click();

      // Deploy: the admin is a signer; the injected wallet sends the Safe creation to the devnet.
      await page.getByTestId('wallet-deploy').waitFor();
      const predicted = await page.getByTestId('predicted-address').innerText();
      expect(predicted).toMatch(/^0x[0-9a-fA-F]{40}/);
      await page.getByTestId('connector-connect').click();
      await page.getByTestId('connected-account').waitFor();
      await screenshotBoth(page, 'wallets-deploy');
      await page.getByTestId('deploy-send').click();
      await page.getByTestId('open-wallet').waitFor({ timeout: 60_000 });
      expect(wallet.calls).toContain('eth_sendTransaction');
      await screenshotBoth(page, 'wallets-deploy-done');

      // Detail: fund from the faucet on the deposit tab, then the assets show the balance.
      await page.getByTestId('open-wallet').click();
      await page.getByTestId('wallet-detail-page').waitFor();
      expect(await page.getByTestId('wallet-status').first().innerText()).toBe('Normal');
      await page.getByRole('tab', { name: 'Deposit' }).click();
      await page.getByTestId('deposit-address').waitFor();
      expect((await page.getByTestId('deposit-address').innerText()).toLowerCase()).toContain(
        predicted.slice(0, 42).toLowerCase(),
      );
      await page.locator('#faucet-eth').fill('1');
      await page.locator('#faucet-usdt').fill('1000');
      await screenshotBoth(page, 'wallets-detail-deposit');
      await page.getByTestId('faucet-submit').click();
      await toastWith(page, 'Funds sent from the devnet faucet.');
      await page.getByRole('tab', { name: 'Assets' }).click();
      await expect
        .poll(() => page.getByTestId('asset-amount-USDT').innerText(), { timeout: 15_000 })
        .toBe('1,000.00');
      await expect.poll(() => page.getByTestId('asset-amount-ETH').innerText()).toBe('1.00');
      expect(await page.getByTestId('assets-amount').innerText()).toContain('$4,000.00');
      await screenshotBoth(page, 'wallets-detail-assets');
      await page.getByRole('tab', { name: 'Settings', exact: true }).click();
      await page.getByTestId('wallet-settings').waitFor();
      await screenshotBoth(page, 'wallets-detail-settings');
      await page.getByRole('tab', { name: 'Audit log' }).click();
      await page.getByTestId('wallet-audit-table').waitFor();
      // The same words as the space's audit log, never the operation codes.
      await expect
        .poll(() => page.getByTestId('wallet-audit-table').innerText())
        .toContain('Wallet Team Safe was deployed on chain');
      const audit = await page.getByTestId('wallet-audit-table').innerText();
      expect(audit).toMatch(/\S+ created wallet Team Safe/);
      expect(audit).not.toMatch(/create_multi|deploy_sent/);
      await screenshotBoth(page, 'wallets-detail-audit');
      await page.getByRole('tab', { name: 'Transfers' }).click();
      await page.getByTestId('wallet-transfers').waitFor();
      // Its one task so far is the deployment (its number depends on the tests before this one).
      await expect
        .poll(() => page.getByTestId('wallet-transfers').innerText(), { timeout: 15_000 })
        .toMatch(/T\d{6}[\s\S]*Completed[\s\S]*Wallet deployment/);
      // Tabs of features that are not built are not offered; a Safe has its token approvals and
      // the admin has the payment settings.
      for (const name of ['Risk control', 'API keys'])
        expect(await page.getByRole('tab', { name }).count()).toBe(0);
      expect(await page.getByRole('tab', { name: 'Token approvals' }).count()).toBe(1);
      expect(await page.getByRole('tab', { name: 'Payment settings', exact: true }).count()).toBe(1);
      await screenshotBoth(page, 'wallets-detail-transfers');

      // The list: the wallet with its balance and the space's total.
      await page.goto('/wallet');
      await page.getByTestId('wallet-list-page').waitFor();
      await expect.poll(() => page.getByTestId('wallet-row-amount').first().innerText()).toBe('$4,000.00');
      expect(await page.getByTestId('wallet-total').innerText()).toContain('$4,000.00');
      expect(await page.getByTestId('wallet-row-name').first().innerText()).toContain('Team Safe');
      await screenshotBoth(page, 'wallets-list');
      await page.goto('/wallet/archive');
      await page.getByTestId('wallet-archive-page').waitFor();
      await screenshotBoth(page, 'wallets-archive');
      await waitForPath(page, '/wallet/archive');
      await context.close();
    },
  );
});
