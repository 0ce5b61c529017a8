/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { launchBrowser, newPage, waitForPath } from '../lib/browser';
import { openInSpace } from '../lib/spaces';
import { failOnce, shoot } from '../lib/screen-checks';
import { toastWith } from '../lib/wallets';
import {
  DEVNET_KEYS,
  randomAddress,
  setupTransferTeam,
  signByApi,
  transferByApi,
  waitFor,
  type TransferTeam,
  signPrepared,
  type PreparedExecution as Prepared,
} from '../lib/transfers';

/** Hardhat test account 5 (publicly known key): the broadcaster, unused by the team setup. */
const BROADCASTER_KEY: Hex = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba';

/**
 * Three look-up screens on the devnet: how signing works (signer-address page), an on-chain
 * record's detail (transfer list, records tab) and what a Safe deployment costs now (wallet
 * wizard's deploy step). Each first fails once and shows the inline error with Retry.
 */
describe('look-up screens', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let team: TransferTeam;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    team = await setupTransferTeam();
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await close();
  });

  async function open(path: string, failing?: string): Promise<Page> {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    if (failing) await failOnce(page, failing);
    await openInSpace(page, team.admin.session, team.spaceId, path);
    return page;
  }

  it("a failed signer-address list says so with Retry, not 'no addresses yet'", async () => {
    const page = await open('/permission-address', '**/api/v1/permission-address');
    const error = page.getByTestId('signer-list-error');
    await error.waitFor();
    expect(await error.innerText()).toContain('Your signer addresses could not be loaded.');
    expect(await page.getByText('No signer addresses yet', { exact: false }).count()).toBe(0);
    await error.getByTestId('query-retry').click();
    await expect.poll(() => error.count()).toBe(0);
  });

  it('the signer-address page explains how each chain family signs', async () => {
    const page = await open('/permission-address', '**/api/v1/permission-address/protocol');
    await page.getByTestId('permission-address-page').waitFor();
    await page.getByTestId('signing-protocols-toggle').click();
    const error = page.getByTestId('signing-protocols-error');
    await error.waitFor();
    expect(await error.innerText()).toContain('How signing works could not be loaded.');
    await error.getByTestId('query-retry').click();
    const evm = page.getByTestId('signing-protocol-EVM');
    await evm.waitFor();
    await expect.poll(() => error.count()).toBe(0);
    const text = await evm.innerText();
    expect(text).toContain('EVM (Safe multisig)');
    expect(text).toContain('Devnet');
    expect(text).toContain('EIP-191 personal_sign');
    expect(text).toContain('EIP-712 typed data of the Safe transaction');
    await shoot(page, 'lookup-signing-protocols', evm);
  });

  it('a record of the transfer list opens its on-chain detail', { timeout: 180_000 }, async () => {
    // One transfer out through the API: approved, signed 2 of 3, broadcast by the operator.
    const taskId = await transferByApi(team, randomAddress(), '3.25', true);
    await signByApi(team.signers[0].session, taskId, DEVNET_KEYS[1]);
    await signByApi(team.signers[1].session, taskId, DEVNET_KEYS[2]);
    const broadcaster = privateKeyToAccount(BROADCASTER_KEY);
    const prepared = await team.admin.session.call<Prepared>('POST', '/api/v1/broadcast-create', {
      task_id: taskId,
      from: broadcaster.address,
    });
    const raw = await signPrepared(broadcaster, prepared);
    await team.admin.session.call('POST', '/api/v1/broadcast', { task_id: taskId, raw_tx: raw });
    const done = await waitFor(
      'the transfer to complete',
      () =>
        team.admin.session.call<{ status: number; hash: string }>(
          'GET',
          `/api/v1/task/info?task_id=${taskId}`,
        ),
      (info) => info.status === 1,
      60_000,
    );

    const page = await open('/transfer', '**/api/v1/transfer/info?*');
    await page.getByTestId('tab-records').click();
    const out = page.getByTestId('record-row').filter({ hasText: done.hash });
    await out.first().waitFor({ timeout: 30_000 });
    await out.first().click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByTestId('record-error').waitFor();
    await drawer.getByTestId('query-retry').click();
    await drawer.getByTestId('record-detail').waitFor();
    expect(await drawer.getByTestId('record-hash').innerText()).toContain(done.hash);
    expect(await drawer.getByTestId('record-direction').innerText()).toBe('Out');
    expect(await drawer.getByTestId('record-amount').innerText()).toBe('3.25 USDT');
    expect(Number(await drawer.getByTestId('record-block').innerText())).toBeGreaterThan(0);
    expect(await drawer.getByTestId('record-confirmations').innerText()).toMatch(/^\d+$/);
    expect(await drawer.getByTestId('record-fee').innerText()).toMatch(/^0\.\d+ ETH$/);

    // The admin writes a remark and a cost price in place; a price that is no plain decimal is
    // refused on the spot, and nothing is sent.
    const editor = drawer.locator('.ant-typography-edit-content textarea');
    await drawer.getByTestId('record-remark').locator('.ant-typography-edit').click();
    await editor.fill('Payroll, November');
    await editor.press('Enter');
    await toastWith(page, 'Saved.');
    await expect.poll(() => drawer.getByTestId('record-remark').innerText()).toBe('Payroll, November');
    await drawer.getByTestId('record-cost-price').locator('.ant-typography-edit').click();
    await editor.fill('-1');
    await editor.press('Enter');
    await drawer.getByTestId('record-cost-price-problem').waitFor();
    await drawer.getByTestId('record-cost-price').locator('.ant-typography-edit').click();
    await editor.fill('1.0001');
    await editor.press('Enter');
    await expect.poll(() => drawer.getByTestId('record-cost-price').innerText()).toBe('1.0001 USD per USDT');
    await drawer.getByTestId('record-cost-price-problem').waitFor({ state: 'detached' });
    const records = await team.admin.session.call<{
      list: Array<{ tx_hash: string; remark: string | null; cost_price: string | null }>;
    }>('GET', '/api/v1/transfer/records?direction=2&page_size=50');
    expect(records.list.find((row) => row.tx_hash === done.hash)).toMatchObject({
      remark: 'Payroll, November',
      cost_price: '1.0001',
    });
    await shoot(page, 'lookup-record-detail');
    await drawer.getByTestId('record-transfer-link').click();
    await waitForPath(page, `/task/${taskId}`);
  });

  it("the deploy step shows what sending the Safe's deployment costs now", async () => {
    const choices = await team.admin.session.call<{ list: Array<{ id: number }> }>(
      'GET',
      '/api/v1/permission-address/wallet-sign-user',
    );
    const wallet = await team.admin.session.call<{ wallet_id: number }>('POST', '/api/v1/wallets/multi', {
      name: 'Reserve Safe',
      chain_key: '31337',
      signers: choices.list.map((item) => item.id),
      threshold: 2,
      approvers: [team.approvers[0].userId],
      approval_threshold: 1,
      operators: [team.admin.userId],
      broadcast_scope: 2,
    });
    const page = await open(
      `/wallet/multiple-wallet?wallet_id=${wallet.wallet_id}`,
      '**/api/v1/fee/deploy-estimate',
    );
    const cost = page.getByTestId('deploy-cost');
    await cost.getByTestId('deploy-cost-error').waitFor();
    // Shown inline only: the failure is not toasted as well.
    expect(await page.locator('.ant-notification-notice').count()).toBe(0);
    await shoot(page, 'lookup-deploy-cost-error', cost);
    await cost.getByTestId('query-retry').click();
    await cost.getByTestId('deploy-cost-total').waitFor();
    expect(await cost.getByTestId('deploy-cost-total').innerText()).toMatch(/^0\.\d+ ETH$/);
    const gas = Number((await cost.getByTestId('deploy-cost-gas').innerText()).replace(/,/g, ''));
    expect(gas).toBeGreaterThan(100_000);
    expect(await cost.getByTestId('deploy-cost-max-fee').innerText()).toMatch(/^[\d.,]+ Gwei$/);
    await shoot(page, 'lookup-deploy-cost', cost);
  });
});
