/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPublicClient, http, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { teamInBrowser } from '../lib/team-browser';
import { DEVNET_KEYS, randomAddress, signByApi, transferByApi, waitFor } from '../lib/transfers';
import { devnetRpcUrl } from '../lib/wallet-provider';
import { toastWith } from '../lib/wallets';
import { failOnce, shoot } from '../lib/screen-checks';

/** Hardhat test account 6 (publicly known key): pays for a transfer sent outside the platform. */
const OUTSIDE_KEY: Hex = '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e';

/**
 * An inline failure: said with Retry, not toasted; Retry loads it. Other toasts may be up (a
 * success toast of the step before, a live notification of the space): the failure's own is not.
 */
async function retryInline(page: Page, testId: string): Promise<void> {
  const error = page.getByTestId(testId);
  await error.waitFor();
  const failureToast = page.locator('.ant-notification-notice').filter({ hasText: 'Injected failure' });
  expect(await failureToast.count()).toBe(0);
  await error.getByTestId('query-retry').click();
  await expect.poll(() => error.count()).toBe(0);
}

const devnet = () => createPublicClient({ chain: hardhat, transport: http(devnetRpcUrl()) });

/**
 * The §7 calls that had no screen, each where a custody team looks for it; every one first fails
 * once (inline error with Retry, no toast) and then shows the server's answer.
 */
describe('screens of the served look-up calls', () => {
  const desk = teamInBrowser();
  let reserve: { wallet_id: number; address: Hex } | undefined;

  it(
    "a new Safe's setup: steps, what to deposit, and a deployment signed elsewhere relayed by the platform",
    { timeout: 180_000 },
    async () => {
      const { team } = desk;
      const choices = await team.admin.session.call<{ list: Array<{ id: number }> }>(
        'GET',
        '/api/v1/permission-address/wallet-sign-user',
      );
      reserve = await team.admin.session.call<{ wallet_id: number; address: Hex }>(
        'POST',
        '/api/v1/wallets/multi',
        {
          name: 'Reserve Safe',
          chain_key: '31337',
          signers: choices.list.map((item) => item.id),
          threshold: 2,
          approvers: [team.approvers[0].userId],
          approval_threshold: 1,
          operators: [team.admin.userId],
          broadcast_scope: 2,
        },
      );
      const page = await desk.open(team.admin, `/wallet/detail/${reserve.wallet_id}`);
      await failOnce(page, '**/api/v1/wallets/schedule?*');
      await page.reload();
      await retryInline(page, 'setup-error');
      const setup = page.getByTestId('wallet-setup');
      await setup.getByTestId('setup-steps').waitFor();
      const steps = await setup.getByTestId('setup-steps').innerText();
      expect(steps).toContain('Created');
      expect(steps).toContain('Deployed on chain');
      expect(steps).not.toContain('Ownership verified');
      await expect
        .poll(() => setup.getByTestId('setup-deposit').innerText())
        .toContain('Nothing needs to be deposited before setup');

      // The exact transaction to sign, then a signature made outside the page, relayed.
      await setup.getByText('Signed the deployment elsewhere?').click();
      await setup.getByTestId('relay-show-tx').click();
      await setup.getByTestId('relay-tx').waitFor();
      const init = await team.admin.session.call<{ to: Hex; data: Hex }>('POST', '/api/v1/task/wallet-init', {
        wallet_id: reserve.wallet_id,
      });
      expect(await setup.getByTestId('relay-tx').innerText()).toContain(init.to);
      const sender = privateKeyToAccount(generatePrivateKey());
      await team.admin.session.call('POST', '/api/v1/dev/faucet', { address: sender.address, eth: '1' });
      await waitFor(
        'the sender to be funded',
        () => devnet().getBalance({ address: sender.address }),
        (wei) => wei > 0n,
      );
      const raw = await sender.signTransaction({
        chainId: 31337,
        type: 'eip1559',
        to: init.to,
        data: init.data,
        nonce: 0,
        gas: 1_000_000n,
        maxFeePerGas: 50_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n,
      });
      await setup.getByTestId('relay-raw').fill('0x12zz');
      await setup.getByText('A signed transaction is hex starting with 0x.').waitFor();
      expect(await setup.getByTestId('relay-submit').isDisabled()).toBe(true);
      await setup.getByTestId('relay-raw').fill(raw);
      await shoot(page, 'spec-setup-relay', setup);
      await setup.getByTestId('relay-submit').click();
      await toastWith(page, 'The deployment was sent.');
      // Followed by GET /wallets/status until the chain confirms: then one line says it is ready.
      await page.getByTestId('setup-ready').waitFor({ timeout: 45_000 });
      expect(await page.getByTestId('wallet-status').first().innerText()).toBe('Normal');
      expect(await page.getByTestId('setup-ready').innerText()).toMatch(/Ready since .* Deployment 0x/);
      await shoot(page, 'spec-setup-ready', page.getByTestId('wallet-detail-page'));
    },
  );

  it(
    'a transfer: who acted at each step, who may broadcast, and a hash sent from outside followed',
    { timeout: 180_000 },
    async () => {
      const { team } = desk;
      const taskId = await transferByApi(team, randomAddress(), '2.5', true);
      await signByApi(team.signers[0].session, taskId, DEVNET_KEYS[1]);
      await signByApi(team.signers[1].session, taskId, DEVNET_KEYS[2]);
      const page = await desk.open(team.admin, '/transfer');
      await failOnce(page, '**/api/v1/task/schedule?*');
      await failOnce(page, '**/api/v1/broadcast-schedule?*');
      await page.goto(`/task/${taskId}`);
      await retryInline(page, 'task-schedule-error');
      await expect.poll(() => page.getByTestId('task-step-approval').innerText()).toMatch(/^2\/2 · .+, .+$/);
      expect(await page.getByTestId('task-step-signing').innerText()).toMatch(/^2\/2 · /);
      const card = page.getByTestId('broadcast-card');
      const who = card.getByTestId('broadcast-people');
      await who.waitFor();
      expect(await who.innerText()).toContain('The initiator broadcasts.');
      expect(await who.innerText()).toContain('(you)');
      await shoot(page, 'spec-transfer-progress', page.getByTestId('task-progress'));

      // The broadcaster sends the execution from a wallet outside the platform, then gives its hash.
      await card.getByText('Sent it from another wallet?').click();
      await card.getByTestId('trace-hash-input').waitFor();
      const outside = privateKeyToAccount(OUTSIDE_KEY);
      const prepared = await team.admin.session.call<{
        chain_id: number;
        to: Hex;
        data: Hex;
        value: string;
        nonce: number;
        gas: string;
        max_fee_per_gas: string;
        max_priority_fee_per_gas: string;
      }>('POST', '/api/v1/broadcast-create', { task_id: taskId, from: outside.address });
      const raw = await outside.signTransaction({
        chainId: prepared.chain_id,
        type: 'eip1559',
        to: prepared.to,
        data: prepared.data,
        value: BigInt(prepared.value),
        nonce: prepared.nonce,
        gas: BigInt(prepared.gas),
        maxFeePerGas: BigInt(prepared.max_fee_per_gas),
        maxPriorityFeePerGas: BigInt(prepared.max_priority_fee_per_gas),
      });
      const hash = await devnet().sendRawTransaction({ serializedTransaction: raw });
      await devnet().waitForTransactionReceipt({ hash });
      await card.getByTestId('trace-hash-input').fill('0x1234');
      await card.getByText('A transaction hash is 64 hex characters').waitFor();
      await card.getByTestId('trace-hash-input').fill(hash);
      await card.getByTestId('trace-hash-submit').click();
      await toastWith(page, 'The transaction executes this transfer');
      // Its attempt is listed, and when it was sent comes from the broadcast schedule (failed once).
      await card
        .getByTestId('broadcast-list')
        .filter({ hasText: hash.slice(0, 10) })
        .waitFor();
      // The trace's success toast is still up; the failure itself is not toasted.
      await retryInline(page, 'broadcast-schedule-error');
      expect(await page.locator('.ant-notification-notice-error').count()).toBe(0);
      await card.getByTestId('broadcast-sent').first().waitFor();
      await shoot(page, 'spec-transfer-broadcast', card);
    },
  );

  it('wallet settings: candidates with their keys, the approver lock, every role saved at once', async () => {
    const { team } = desk;
    // A transfer waiting for approval blocks approver changes.
    await transferByApi(team, randomAddress(), '1');
    const page = await desk.open(team.admin, `/wallet/detail/${team.walletId}?tab=settings`);
    await failOnce(page, '**/api/v1/wallets/available-user?*');
    await page.reload();
    await retryInline(page, 'settings-people-error');
    const people = page.getByTestId('settings-people');
    await people.getByTestId('settings-approvers-locked').waitFor();
    expect(await people.getByTestId('settings-approvers-locked').innerText()).toMatch(
      /\d+ transfers? (is|are) waiting for approval: approvers cannot change/,
    );
    // Broadcasters (only settable through the one-change call), chosen among the candidates.
    await people
      .locator('.ant-select')
      .filter({ has: page.locator('#settings-broadcasters') })
      .click();
    await page.locator('#settings-broadcasters').fill(team.signers[0].email);
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    await expect.poll(() => option.innerText()).toContain('1 signer key on this chain');
    await option.click();
    await page.keyboard.press('Escape');
    await shoot(page, 'spec-settings-people', people);
    await people.getByTestId('settings-people-save').click();
    await toastWith(page, 'Saved.');
    const detail = await team.admin.session.call<{ broadcasters: Array<{ user_id: number }> }>(
      'GET',
      `/api/v1/wallets/base-info?wallet_id=${team.walletId}`,
    );
    expect(detail.broadcasters.map((person) => person.user_id)).toEqual([team.signers[0].userId]);
  });

  it("deposit and assets: the chain's balance now and its well-known tokens", async () => {
    const { team } = desk;
    const page = await desk.open(team.admin, `/wallet/detail/${team.walletId}?tab=deposit`);
    await failOnce(page, '**/api/v1/balance?*');
    await page.reload();
    await retryInline(page, 'live-balance-error');
    const live = page.getByTestId('live-balance');
    await live.getByTestId('live-balance-USDT').waitFor();
    expect(
      Number((await live.getByTestId('live-balance-USDT').innerText()).replace(/,/g, '')),
    ).toBeGreaterThan(900);
    expect(await live.getByTestId('live-balance-ETH').innerText()).toMatch(/^[\d.]+$/);
    await shoot(page, 'spec-live-balance', live);

    await page.getByRole('tab', { name: 'Assets' }).click();
    await failOnce(page, '**/api/v1/wallets/token?*');
    await page.getByTestId('assets-add-token').click();
    await retryInline(page, 'known-tokens-error');
    await page.getByTestId('known-token-USDT').click();
    const dialog = page.getByRole('dialog');
    expect((await dialog.locator('input').first().inputValue()).toLowerCase()).toBe(team.usdt.toLowerCase());
    await shoot(page, 'spec-known-tokens', dialog);
  });

  it("the transfer wizard: each wallet's available funds, and what the recipient is to the space", async () => {
    const { team } = desk;
    const page = await desk.open(team.admin, '/wallet');
    await failOnce(page, '**/api/v1/wallets/list-for-task');
    await page.goto('/wallet/transfer');
    await retryInline(page, 'transfer-wallets-error');
    const choice = page.getByTestId(`transfer-wallet-available-${team.walletId}`);
    await expect.poll(() => choice.innerText()).toMatch(/Available now: .*USDT/);
    await shoot(page, 'spec-wizard-wallets');
    await page.getByTestId(`transfer-wallet-${team.walletId}`).click();
    await page.getByTestId('transfer-next').click();
    await page.locator('#transfer-to').waitFor();
    await failOnce(page, '**/api/v1/addr-type?*');
    await page.locator('#transfer-to').fill(randomAddress());
    await retryInline(page, 'recipient-kind-error');
    await page.getByTestId('recipient-kind-new').waitFor();
    expect(await page.getByTestId('recipient-kind').innerText()).toContain('never sent to this address');
    if (reserve) {
      await page.locator('#transfer-to').fill(reserve.address);
      await page.getByTestId('recipient-kind-own_wallet').waitFor();
      expect(await page.getByTestId('recipient-kind').innerText()).toContain('Reserve Safe');
    }
    await shoot(page, 'spec-recipient-kind', page.locator('#transfer-to'));
  });

  it('the space list says what a member may do in the space they are in', async () => {
    const { team } = desk;
    const page = await desk.open(team.signers[0], '/wallet');
    await failOnce(page, '**/api/v1/organization/member/enter');
    await page.goto('/organization');
    await retryInline(page, 'my-access-error');
    const access = page.getByTestId('my-access');
    await access.waitFor();
    expect(await access.innerText()).toContain('Your access in Transfer desk');
    expect(await access.getByTestId('my-access-signer').innerText()).toMatch(/^Signer on \d wallets?$/);
    expect(await access.getByTestId('my-access-broadcaster').innerText()).toBe('Broadcaster on 1 wallet');
    await shoot(page, 'spec-my-access', access);
  });

  it('pickers: the transfer filter lists the wallets, and an import warns of an address already here', async () => {
    const { team } = desk;
    const page = await desk.open(team.admin, '/wallet');
    await failOnce(page, '**/api/v1/wallets/simple*');
    await page.goto('/transfer');
    await retryInline(page, 'wallet-picker-error');
    await page.getByTestId('transfer-filters').locator('.ant-select').first().click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Ops Safe' })
      .waitFor();
    await page.keyboard.press('Escape');

    await failOnce(page, '**/api/v1/wallets/exist?*');
    await page.goto('/multiple-wallet');
    await page.getByTestId('wallet-type-single').click();
    await page.locator('#wallet-address').fill(team.safe);
    await retryInline(page, 'wallet-exist-error');
    const exists = page.getByTestId('wallet-exist');
    await exists.waitFor();
    expect(await exists.innerText()).toContain('This address is already a wallet in this space.');
    await shoot(page, 'spec-wallet-exist', exists);
    await exists.getByRole('link', { name: 'Open it' }).click();
    await page.getByTestId('wallet-detail-page').waitFor();
    expect(await page.getByTestId('wallet-name').innerText()).toBe('Ops Safe');
  });
});
