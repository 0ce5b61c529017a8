/// <reference lib="dom" />
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FIXTURE_USDT } from '@keystead/tron-fixture-node';
import { signTip191 } from '@keystead/chains/tron/tron-test-kit';
import { signTxId } from '@keystead/tron-fixture-node/test-signer';
import type { ApiSession } from '../lib/api-session';
import { overlaysAtRest } from '../lib/motion';
import { failOnce, shoot, shootFull } from '../lib/screen-checks';
import { signerTeamInBrowser } from '../lib/signer-team';
import {
  fixtureFund,
  fixtureMine,
  freshTronKeys,
  installTronSigner,
  type TestKey,
  type TronSignerStandIn,
} from '../lib/tron-signer';
import { dialog, settledDialog, toastWith } from '../lib/wallets';
import {
  chooseApproverAndReview,
  chooseWeightedSigners,
  createAndApprove,
  infoToReview,
  openAddSigner,
  startTransfer,
  waitForBalance,
  walletAddressOf,
  walletBaseInfo,
} from '../lib/wizard-steps';

const TRX = 1_000_000n;

/**
 * Tron end to end against the SYNTHETIC fixture node (packages/tron-fixture-node; no Tron node runs
 * here): three people prove Tron addresses in the browser (a TronLink stand-in answered in Node with
 * TEST keys, a refusal, a pasted signature), the admin builds a weighted wallet (2 + 1 + 1,
 * threshold 3) in the wizard, tops the account up and signs its permission update, then a TRC20
 * USDT transfer is approved, signed by the keys of weight 1 and 2 with the countdown running, and
 * broadcast.
 */
describe('Tron wallets and transfers in the browser (SYNTHETIC fixture node)', () => {
  const team = signerTeamInBrowser('Tron desk');
  const rpc = () => inject('tronRpcUrl');
  const [aliceKey, bobKey, carolKey] = freshTronKeys(3) as [TestKey, TestKey, TestKey];
  let walletId = 0;

  /** A person's page at `path`, with TronLink holding `key` (none: no TronLink in this browser). */
  async function open(
    who: { session: ApiSession },
    key: TestKey | null,
    path: string,
  ): Promise<{ page: Page; tronLink: TronSignerStandIn | null }> {
    let tronLink: TronSignerStandIn | null = null;
    const page = await team.open(who, path, async (fresh) => {
      if (key) tronLink = await installTronSigner(fresh, key);
    });
    return { page, tronLink };
  }

  async function addTronAddress(page: Page, name: string, address: string | null): Promise<void> {
    const add = await openAddSigner(page, name, 'Tron');
    if (address) await add.locator('#signer-address').fill(address);
    else await add.getByTestId('signer-use-tronlink').click();
    await add.locator('#signer-address[value^="T"]').waitFor();
    if (!address) await shoot(page, 'tron-signer-add', add);
    await add.getByTestId('signer-add-submit').click();
    await settledDialog(page, 'Verify the signer address');
  }

  const verifyDialog = (page: Page) => dialog(page, 'Verify the signer address');
  const verified = (page: Page) =>
    expect.poll(() => page.getByTestId('signer-status').first().innerText()).toBe('Verified');

  it('signers prove their Tron addresses: TronLink (after one refusal) and a pasted TIP-191 signature', async () => {
    // Alice with TronLink: her first signature request is refused, then signed.
    const alice = await open(team.admin, aliceKey, '/permission-address');
    await addTronAddress(alice.page, 'Alice TronLink', null);
    const verify = verifyDialog(alice.page);
    await verify.getByTestId('tronlink-connect-button').click();
    expect(await verify.getByTestId('tronlink-account').innerText()).toContain(aliceKey.address);
    alice.tronLink!.rejectNext('signMessageV2');
    await verify.getByTestId('tron-verify-submit').click();
    await toastWith(alice.page, 'You rejected the request in your wallet.');
    await shoot(alice.page, 'tron-signer-verify', verify);
    await verify.getByTestId('tron-verify-submit').click();
    await verify.waitFor({ state: 'hidden' });
    await verified(alice.page);
    expect(alice.tronLink!.calls).toEqual(['signMessageV2', 'signMessageV2']);

    // Bob with TronLink, the plain path.
    const bobPage = await open(team.bob, bobKey, '/permission-address');
    await addTronAddress(bobPage.page, 'Bob TronLink', null);
    await verifyDialog(bobPage.page).getByTestId('tronlink-connect-button').click();
    await verifyDialog(bobPage.page).getByTestId('tronlink-account').waitFor();
    await verifyDialog(bobPage.page).getByTestId('tron-verify-submit').click();
    await verifyDialog(bobPage.page).waitFor({ state: 'hidden' });
    await verified(bobPage.page);

    // Carol has no TronLink here: she signs the challenge elsewhere and pastes the signature.
    // Her first challenge request fails on the way: the dialog says so and Retry reads a new one.
    const carolPage = await open(team.carol, null, '/permission-address');
    await carolPage.page.route('**/api/v1/permission-address/challenge*', (route) => route.abort(), {
      times: 1,
    });
    await addTronAddress(carolPage.page, 'Carol Ledger', carolKey.address);
    const carolVerify = verifyDialog(carolPage.page);
    await carolVerify.getByTestId('signer-challenge-error').waitFor();
    await shoot(carolPage.page, 'signer-challenge-error', carolVerify);
    await carolVerify.getByTestId('query-retry').click();
    await carolVerify.getByTestId('signer-challenge-error').waitFor({ state: 'detached' });
    await carolVerify.getByTestId('tronlink-missing').waitFor();
    await carolVerify.getByTestId('tron-verify-paste-open').click();
    const message = (await carolVerify.getByTestId('tron-challenge').textContent())!;
    expect(message).toContain(`Address: ${carolKey.address}`);
    await carolVerify.getByTestId('tron-verify-signature').fill('0x1234');
    await carolVerify.getByText('A signature is 130 hexadecimal characters').waitFor();
    await carolVerify.getByTestId('tron-verify-signature').fill(signTip191(message, carolKey.privateKey));
    await shoot(carolPage.page, 'tron-signer-paste', carolVerify);
    await carolVerify.getByTestId('tron-verify-paste-submit').click();
    await carolVerify.waitFor({ state: 'hidden' });
    await verified(carolPage.page);
    await shoot(carolPage.page, 'tron-signers');
  });

  it(
    'the wizard builds a weighted wallet: weights 2/1/1, threshold 3, TronLink account; top-up, permission update, ready',
    { timeout: 180_000 },
    async () => {
      // The account's key is fresh for every attempt: a run that handed an account over never meets it again.
      const [account] = freshTronKeys(1) as [TestKey];
      const { page, tronLink } = await open(team.admin, account, '/multiple-wallet');
      const baseInfo = () => walletBaseInfo(page, 'Tron payouts', 'Tron Nile Testnet');
      // Nile is a testnet: a full space uses it once its testnet switch is on, said before Review.
      await baseInfo();
      await page.getByText('Testnet chains are turned off in this space.').waitFor();
      await overlaysAtRest(page);
      await shoot(page, 'tron-wizard-testnet-off');
      await team.admin.session.call('PUT', '/api/v1/organization/settings', { enable_testnet: true });
      await page.reload();
      await baseInfo();

      // Signers: each with a weight; the threshold is a weight; the account comes from TronLink.
      await page.getByTestId('tron-signers').waitFor();
      const weights: Array<[TestKey, string]> = [
        [aliceKey, '2'],
        [bobKey, '1'],
        [carolKey, '1'],
      ];
      await chooseWeightedSigners(page, weights, '3');
      await expect
        .poll(() => page.getByTestId('weight-sum').innerText())
        .toBe('3 keys chosen, weights add up to 4; transfers need signatures worth 3.');
      await page.getByTestId('wizard-next').click();
      await page.getByText('Enter an address.').waitFor();
      await page.locator('#wallet-account-address').fill('TXYZ');
      await page.getByText('Enter a Tron address').waitFor();
      await page.getByTestId('wallet-account-use-tronlink').click();
      await expect.poll(() => page.locator('#wallet-account-address').inputValue()).toBe(account.address);
      await expect.poll(() => page.locator('.ant-form-item-explain-error').count()).toBe(0);
      await shoot(page, 'tron-wizard-signers');
      await page.getByTestId('wizard-next').click();

      // People: Alice approves (1 of 1).
      await chooseApproverAndReview(page, team.admin.email);
      expect(await page.getByTestId('review-account').innerText()).toBe(account.address);
      expect(await page.getByTestId('wallet-review').innerText()).toContain('threshold weight 3 of 4');
      await shoot(page, 'tron-wizard-review');

      // The deposit address's QR fails once: said inline with Retry, then shown.
      await failOnce(page, '**/api/v1/wallets/address?*');
      await page.getByTestId('wizard-create').click();
      await page.getByTestId('tron-top-up').waitFor();
      walletId = Number(new URL(page.url()).searchParams.get('wallet_id'));
      expect(walletId).toBeGreaterThan(0);
      const topUp = page.getByTestId('tron-top-up');
      await topUp.getByTestId('query-error').waitFor();
      await shoot(page, 'tron-top-up-error', topUp);
      await topUp.getByTestId('query-retry').click();
      expect(await topUp.getByTestId('tron-deposit-address').innerText()).toBe(account.address);
      await expect.poll(() => page.getByTestId('tron-balance-value').innerText()).toBe('0 TRX');
      expect(await page.getByTestId('tron-suggested').innerText()).toBe('200 TRX');
      expect(await page.getByTestId('tron-required').innerText()).toMatch(/^\d+(\.\d+)? TRX$/);
      await shoot(page, 'tron-top-up');

      // The wallet's own page leads back to this step while it is being set up.
      await page.goto(`/wallet/detail/${walletId}`);
      await page.getByTestId('tron-setup-alert').waitFor();
      expect(await page.getByTestId('wallet-status').first().innerText()).toBe('Activation needed');
      await shootFull(page, 'tron-detail-setup');
      await page.getByTestId('open-account-setup').click();
      await page.getByTestId('tron-top-up').waitFor();

      // Funded (SYNTHETIC fixture endpoint): the server's watcher moves it to 13, the update shows.
      await fixtureFund(rpc(), { address: account.address, sun: 200n * TRX });
      await page.getByTestId('tron-permission-update').waitFor({ timeout: 30_000 });
      const keys = await page.getByTestId('tron-update-keys').innerText();
      for (const [key, weight] of weights)
        expect(keys).toMatch(new RegExp(`${key.address}[\\s\\S]*?${weight}`));
      expect(await page.getByTestId('tron-update-threshold').innerText()).toBe('threshold weight 3 of 4');
      expect(await page.getByTestId('tron-update-txid').innerText()).toMatch(/^[0-9a-f]{64}$/);
      await page.getByTestId('tronlink-connect-button').click();
      await page.getByTestId('tronlink-account').waitFor();
      await shootFull(page, 'tron-permission-update');
      await page.getByTestId('tron-update-submit').click();
      await toastWith(page, 'The permission update was sent.');
      expect(tronLink!.calls).toContain('sign');
      await page.getByTestId('open-wallet').waitFor({ timeout: 30_000 });
      await shoot(page, 'tron-ready');
      await page.getByTestId('open-wallet').click();
      await page.getByTestId('wallet-detail-page').waitFor();
      await expect.poll(() => page.getByTestId('wallet-status').first().innerText()).toBe('Normal');
      expect(await page.getByTestId('tron-setup-alert').count()).toBe(0);
    },
  );

  it(
    'a USDT transfer: approved, signed by the keys of weight 1 (pasted) and 2 (TronLink) with the countdown running, broadcast',
    { timeout: 180_000 },
    async () => {
      expect(walletId).toBeGreaterThan(0);
      const address = await walletAddressOf(team.admin.session, walletId);
      await team.admin.session.call('POST', '/api/v1/wallets/custom-token', {
        wallet_id: walletId,
        contract: FIXTURE_USDT,
      });
      await fixtureFund(rpc(), { address, sun: 300n * TRX, usdt: 1_000n * TRX });
      await waitForBalance(team.admin.session, walletId, 'USDT', 1000);
      const [payee] = freshTronKeys(1) as [TestKey];

      // Alice (operator, approver, weight-2 key in her TronLink) starts it in the wizard.
      const { page, tronLink } = await open(team.admin, aliceKey, '/wallet/transfer');
      await startTransfer(page, walletId, 'USDT');
      await page.locator('#transfer-to').fill('0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf');
      await page.locator('#transfer-amount').fill('12.5');
      await page.getByTestId('transfer-next').click();
      await page.getByText('This is not a valid Tron address.').waitFor();
      await page.locator('#transfer-to').fill(payee.address);
      await page.getByTestId('fee-quote-energy').waitFor();
      expect(await page.getByTestId('fee-quote-energy-rate').innerText()).toMatch(/^energy at \d+ sun$/);
      expect(await page.getByTestId('tron-fee-parts').innerText()).toMatch(/Energy \(\d+ units\)[\s\S]*TRX/);
      await shoot(page, 'tron-transfer-fee', page.getByTestId('fee-quote'));
      await infoToReview(page);
      await expect.poll(() => page.getByTestId('review-fee').innerText()).toMatch(/^≈ [\d.]+ TRX/);
      // Approval opens the 24 h signing window.
      const taskPath = await createAndApprove(page, 'tron-sign-card');
      const card = page.getByTestId('tron-sign-card');
      expect(await card.getByTestId('tron-permission').innerText()).toContain('#2');
      expect(await card.getByTestId('tron-to').innerText()).toBe(payee.address);
      expect(await card.getByTestId('tron-amount').innerText()).toBe('12.5 USDT');
      expect(await card.getByTestId('tron-weight-reached').innerText()).toBe('Weight 0 of 3 reached');
      await shootFull(page, 'tron-transfer-signing');

      // The list shows the time left on the row.
      await page.goto('/transfer');
      await page.getByTestId('transfer-row').first().getByTestId('signing-countdown').waitFor();
      expect(
        await page.getByTestId('transfer-row').first().getByTestId('signing-countdown').innerText(),
      ).toMatch(/^2[34] h \d+ min left$/);
      await shoot(page, 'tron-transfer-list');

      // Carol (weight 1) signed the transaction id on another device and pastes the signature.
      const carolPage = (await open(team.carol, null, taskPath)).page;
      await carolPage.getByTestId('tron-sign-form').waitFor();
      const txId = (await carolPage.getByTestId('tron-txid').textContent())!;
      expect(txId).toMatch(/^[0-9a-f]{64}$/);
      await carolPage.getByTestId('tron-paste-open').click();
      await carolPage.getByTestId('tron-paste').fill(signTxId(txId, carolKey.privateKey));
      // The server's answer is read here too: an error toast may be gone before a wait times out.
      const answered = carolPage.waitForResponse(
        (response) => response.url().endsWith('/api/v1/sign') && response.request().method() === 'POST',
      );
      await carolPage.getByTestId('tron-paste-submit').click();
      const reply = (await (await answered).json()) as { code: string; message?: string };
      expect(reply.code, JSON.stringify(reply)).toBe('OK');
      await toastWith(carolPage, 'Your signature was added: weight 1 of 3.');
      await expect
        .poll(() => carolPage.getByTestId('tron-weight-reached').innerText())
        .toBe('Weight 1 of 3 reached');
      expect(await carolPage.getByTestId('next-waiting').innerText()).toMatch(/^Waiting for .+ to sign$/);
      await shootFull(carolPage, 'tron-transfer-weight-1');

      // Alice (weight 2) signs in TronLink: 3 of 3, the broadcast opens.
      await page.goto(taskPath);
      await page.getByTestId('tron-sign-form').waitFor();
      await page.getByTestId('tronlink-connect-button').click();
      await page.getByTestId('tronlink-account').waitFor();
      await page.getByTestId('tron-sign-submit').click();
      await toastWith(page, 'the threshold is reached');
      expect(tronLink!.calls).toContain('multiSign');
      await page.getByTestId('tron-broadcast-submit').waitFor();
      expect(await page.getByTestId('tron-weight-reached').innerText()).toBe('Weight 3 of 3 reached');
      await shootFull(page, 'tron-transfer-broadcast');
      await page.getByTestId('tron-broadcast-submit').click();
      await toastWith(page, 'The transaction was broadcast.');
      await expect
        .poll(() => page.getByTestId('task-status').first().innerText())
        .toMatch(/On chain|Completed/);
      await fixtureMine(rpc(), 20);
      await expect
        .poll(() => page.getByTestId('task-status').first().innerText(), { timeout: 45_000 })
        .toBe('Completed');
      await shootFull(page, 'tron-transfer-completed');
    },
  );
});
