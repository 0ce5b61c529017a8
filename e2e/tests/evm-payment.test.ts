/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatEther, parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { dismissToasts, launchBrowser, newPage } from '../lib/browser';
import { ethBalance, payPlus, setupSponsorSpace, typeEmailCode, type SponsorSpace } from '../lib/evm-payment';
import { modalClosed, overlaysAtRest } from '../lib/motion';
import { shoot } from '../lib/screen-checks';
import { openInSpace } from '../lib/spaces';
import { randomAddress, signByApi, taskInfo, waitFor } from '../lib/transfers';
import { installInjectedWallet, type InjectedWallet } from '../lib/wallet-provider';
import { settledDialog, toastWith } from '../lib/wallets';

const ADDRESSES = '**/api/v1/wallets/payment/list';
const RECORDS = '**/api/v1/wallets/payment/records*';

/**
 * EVM payment addresses on the devnet (chain 31337), one admin who is creator, operator, both
 * signers and broadcaster of a 2-of-2 Safe. On the free plan Create explains the plan; on Plus
 * (paid in the devnet's USDT) the admin creates a payment address with an e-mailed code, funds it
 * from a devnet account, turns payment on for the Safe and binds the address. A signed transfer
 * is broadcast with one click and no wallet of the broadcaster's (an injected wallet stays
 * untouched, its ETH unchanged): the payment address sends it and pays the gas, which shows in
 * the consumption records. Part of the balance is refunded to another address (refund records);
 * a failed list says so with Retry; a pending refund offers Speed up (a FIXTURE reply).
 */
describe('EVM payment addresses: sponsored broadcast and refund (devnet)', () => {
  let browser: Browser;
  let close: () => Promise<void>;
  let space: SponsorSpace;
  let page: Page;
  let wallet: InjectedWallet;
  let payer: Hex;
  let paymentAddress: Hex;
  let paymentAddressId = 0;
  let taskId = 0;

  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
    space = await setupSponsorSpace();
    // A devnet account of the admin's own with 1 ETH: what a broadcast would spend without sponsoring.
    payer = privateKeyToAccount(space.keys[0]).address;
    await space.admin.session.call('POST', '/api/v1/dev/faucet', { address: payer, eth: '1' });
    await waitFor(
      'the admin’s ETH',
      () => ethBalance(payer),
      (wei) => wei > 0n,
      15_000,
    );
    const opened = await newPage(browser);
    page = opened.page;
    wallet = await installInjectedWallet(page, space.keys[0]);
  }, 120_000);
  afterAll(async () => close());

  const row = () => page.getByTestId('payment-address-row').filter({ hasText: 'Ops gas' });

  it('the free plan: Create explains that payment addresses need a paid plan', async () => {
    await openInSpace(page, space.admin.session, space.spaceId, '/payment');
    await page.getByTestId('payment-addresses-empty').waitFor();
    expect(await page.getByRole('tab').allInnerTexts()).toEqual([
      'Payment addresses',
      'Deposit records',
      'Refund records',
      'Consumption records',
    ]);
    await page.getByTestId('payment-create').click();
    const dialog = await settledDialog(page, 'Create an EVM payment address');
    expect(await dialog.getByTestId('payment-create-plan').innerText()).toContain(
      "Payment addresses are not part of this space's current plan.",
    );
    expect(await dialog.getByTestId('payment-create-plan-link').getAttribute('href')).toBe(
      '/organization/settings?tab=plan',
    );
    // The Safe's funding arrives as a live deposit notice: closed, so the picture shows the dialog.
    await dismissToasts(page);
    await shoot(page, 'evm-payment-free-plan');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await modalClosed(page);
  });

  it('on Plus the admin creates a payment address (e-mailed code); it reads 0 ETH, no wallet bound', async () => {
    await payPlus(space.admin.session);
    await page.reload();
    await page.getByTestId('payment-create').click();
    const dialog = await settledDialog(page, 'Create an EVM payment address');
    await dialog.locator('#payment-create-name').fill('Ops gas');
    await typeEmailCode(dialog, space.admin.email, 'payment_add', '#email_code');
    await dialog.getByTestId('payment-create-submit').click();
    await toastWith(page, 'was created');
    await modalClosed(page);
    await row().waitFor();
    paymentAddress = (await row().getByTestId('payment-address').innerText()) as Hex;
    const { list } = await space.admin.session.call<{ list: Array<{ id: number; address: string }> }>(
      'GET',
      '/api/v1/wallets/payment/list',
    );
    paymentAddressId = list.find((item) => item.address === paymentAddress)!.id;
    expect(paymentAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await row().getByTestId('payment-chain').innerText()).toBe('Devnet (Hardhat)');
    expect(await row().getByTestId('payment-balance').innerText()).toBe('0 ETH');
    expect(await row().getByTestId('payment-bound-wallets').innerText()).toBe('0 wallets');
    await dismissToasts(page);
    await shoot(page, 'evm-payment-created');
  });

  it('funded from a devnet account, it reads 0.5 ETH after Refresh and the deposit is recorded', async () => {
    // Once, also when this test is retried.
    if ((await ethBalance(paymentAddress)) === 0n)
      await space.admin.session.call('POST', '/api/v1/dev/faucet', { address: paymentAddress, eth: '0.5' });
    await page.goto('/payment');
    await page.getByTestId('payment-refresh').click();
    await expect.poll(() => row().getByTestId('payment-balance').innerText()).toBe('0.5 ETH');
    // The deposit scan records it (the page reads the list again while it waits).
    await waitFor(
      'the deposit record',
      () =>
        space.admin.session.call<{ total: number }>(
          'GET',
          '/api/v1/wallets/payment/records?type=1&page=1&page_size=10',
        ),
      (page) => page.total > 0,
      30_000,
    );
    await page.getByTestId('payment-tab-deposit').click();
    const deposit = page.getByTestId('payment-record-row').first();
    expect(await deposit.getByTestId('payment-record-volume').innerText()).toBe('0.5 ETH');
    expect(await deposit.getByTestId('payment-record-status').innerText()).toBe('Success');
    expect((await deposit.getByTestId('payment-record-receiver').getAttribute('title'))?.toLowerCase()).toBe(
      paymentAddress.toLowerCase(),
    );
    await overlaysAtRest(page);
    await shoot(page, 'evm-payment-deposits');
  });

  it('payment settings of the Safe: turned on and bound to "Ops gas", each with an e-mailed code', async () => {
    await page.goto(`/wallet/detail/${space.walletId}?tab=payment`);
    const state = page.getByTestId('payment-settings-state');
    await expect.poll(() => state.innerText()).toContain('Payment is off');
    await page.getByTestId('payment-settings-open').click();
    let dialog = await settledDialog(page, 'Turn payment on');
    await typeEmailCode(dialog, space.admin.email, 'payment_open', '#email_code');
    await dialog.getByTestId('payment-settings-confirm').click();
    await modalClosed(page);
    await expect.poll(() => page.getByTestId('payment-settings-switch').innerText()).toBe('On');
    await expect.poll(() => state.innerText()).toContain('no payment address is bound');

    await page.getByTestId('payment-settings-bind').click();
    dialog = await settledDialog(page, 'Bind a payment address');
    // The space's only EVM payment address is chosen already.
    expect(await dialog.getByTestId('payment-settings-address').innerText()).toContain('Ops gas');
    await typeEmailCode(dialog, space.admin.email, 'payment_bind', '#email_code');
    await dialog.getByTestId('payment-settings-confirm').click();
    await modalClosed(page);
    await expect.poll(() => page.getByTestId('payment-settings-bound').innerText()).toContain(paymentAddress);
    await expect
      .poll(() => state.innerText())
      .toBe('Gas is paid by payment address Ops gas: broadcasters need no wallet of their own.');
    await dismissToasts(page);
    await shoot(page, 'evm-payment-wallet-settings');
  });

  it('the broadcaster broadcasts with one click: the payment address pays the gas, the admin’s own ETH is untouched', async () => {
    const recipient = randomAddress();
    ({ task_id: taskId } = await space.admin.session.call<{ task_id: number }>('POST', '/api/v1/task', {
      wallet_id: space.walletId,
      to: recipient,
      amount: '0.01',
      token: null,
      acknowledge_similar: false,
      fee_tier: 'standard',
    }));
    await signByApi(space.admin.session, taskId, space.keys[0]);
    await signByApi(space.admin.session, taskId, space.keys[1]);
    await waitFor(
      'the signed transfer',
      () => taskInfo(space.admin.session, taskId),
      (task) => task.status === 5,
    );

    await page.goto(`/task/${taskId}`);
    const card = page.getByTestId('broadcast-card');
    await card.getByTestId('broadcast-sponsor').waitFor();
    expect(await card.getByTestId('broadcast-sponsor').innerText()).toBe(
      `Gas paid by payment address Ops gas ${paymentAddress}`,
    );
    // No account to connect: the payment address sends it.
    expect(await card.getByTestId('connector-connect').count()).toBe(0);
    await shoot(page, 'evm-payment-broadcast', card);

    const [mine, sponsor] = await Promise.all([ethBalance(payer), ethBalance(paymentAddress)]);
    await card.getByTestId('broadcast-submit').click();
    await toastWith(page, 'The transaction was broadcast.');
    await page
      .getByTestId('task-status')
      .first()
      .filter({ hasText: /^Completed$/ })
      .waitFor({ timeout: 45_000 });
    expect(await ethBalance(recipient)).toBe(parseEther('0.01'));
    // The broadcaster's own account paid nothing, and the page never asked the injected wallet.
    expect(await ethBalance(payer)).toBe(mine);
    expect(wallet.calls.filter((method) => method.startsWith('eth_send') || method.includes('sign'))).toEqual(
      [],
    );
    const after = await ethBalance(paymentAddress);
    expect(after).toBeLessThan(sponsor);
    // The card still says who paid.
    expect(await card.getByTestId('broadcast-sponsor').innerText()).toContain(paymentAddress);
    await dismissToasts(page);
    await shoot(page, 'evm-payment-broadcast-done', card);

    // The consumption record: an execution for this transfer, its gas in ETH exactly what left the address.
    await page.goto('/payment?tab=consumption');
    const record = page.getByTestId('payment-record-row').first();
    await expect
      .poll(() => record.getByTestId('payment-record-status').innerText(), { timeout: 30_000 })
      .toBe('Success');
    expect(await record.getByTestId('payment-record-purpose').innerText()).toBe('Execution');
    expect(await record.getByTestId('payment-record-task').getAttribute('href')).toBe(`/task/${taskId}`);
    expect(await record.getByTestId('payment-record-fee').innerText()).toBe(
      `${formatEther(sponsor - after)} ETH`,
    );
    await overlaysAtRest(page);
    await shoot(page, 'evm-payment-consumption');
  });

  it('a refund of 0.1 ETH to another address: fee and Max shown, sent, listed under refund records', async () => {
    const to = randomAddress();
    await page.goto('/payment');
    await row().getByTestId('payment-refund').click();
    const dialog = await settledDialog(page, 'Refund from the payment address');
    await expect.poll(() => dialog.getByTestId('payment-refund-fee').innerText()).toMatch(/^[\d.]+ ETH$/);
    // Max: the balance less the fee the server quotes.
    const quote = await space.admin.session.call<{ max: string; balance: string }>(
      'GET',
      `/api/v1/wallets/payment/refund-fee?payment_address_id=${paymentAddressId}&chain=31337`,
    );
    expect(BigInt(quote.max)).toBeGreaterThan(0n);
    expect(BigInt(quote.max)).toBeLessThan(BigInt(quote.balance));
    await dialog.getByTestId('payment-refund-all').click();
    expect(await dialog.locator('#payment-refund-amount').inputValue()).toBe(formatEther(BigInt(quote.max)));
    await dialog.locator('#payment-refund-to').fill(to);
    await dialog.locator('#payment-refund-amount').fill('0.1');
    await typeEmailCode(dialog, space.admin.email, 'payment_refund', '#email_code');
    await shoot(page, 'evm-payment-refund-dialog');
    await dialog.getByTestId('payment-refund-submit').click();
    await toastWith(page, 'The refund of 0.1 ETH was sent.');
    await modalClosed(page);
    await waitFor(
      'the refund on chain',
      () => ethBalance(to),
      (wei) => wei === parseEther('0.1'),
      30_000,
    );

    await page.getByTestId('payment-tab-refund').click();
    const refund = page.getByTestId('payment-record-row').first();
    await expect
      .poll(() => refund.getByTestId('payment-record-status').innerText(), { timeout: 30_000 })
      .toBe('Success');
    expect(await refund.getByTestId('payment-record-volume').innerText()).toBe('0.1 ETH');
    expect((await refund.getByTestId('payment-record-receiver').getAttribute('title'))?.toLowerCase()).toBe(
      to.toLowerCase(),
    );
    expect(await refund.getByTestId('payment-record-fee').innerText()).toMatch(/^0\.\d+ ETH$/);
    await dismissToasts(page);
    await shoot(page, 'evm-payment-refunds');
  });

  it('a pending refund (a FIXTURE reply) offers Speed up; the confirmation names the payer; it sends record_id', async () => {
    const pending = {
      id: 9001,
      type: 2,
      status: 3,
      purpose: 'refund',
      chain: '31337',
      chain_name: 'Devnet (Hardhat)',
      symbol: 'ETH',
      decimals: 18,
      hash: `0x${'ab'.repeat(32)}`,
      sender: paymentAddress,
      receiver: randomAddress(),
      volume: '100000000000000000',
      fee: null,
      wallet_id: null,
      wallet_name: null,
      task_id: null,
      created_at: new Date().toISOString(),
      settled_at: null,
    };
    await page.route(RECORDS, (route) =>
      route.fulfill({
        json: { code: 'OK', message: 'OK', data: { list: [pending], page: 1, page_size: 10, total: 1 } },
      }),
    );
    let sent: unknown = null;
    await page.route('**/api/v1/wallets/payment/speed-up', async (route) => {
      sent = route.request().postDataJSON();
      await route.fulfill({
        json: { code: 'OK', message: 'OK', data: { id: 9002, hash: `0x${'cd'.repeat(32)}` } },
      });
    });
    await page.goto('/payment?tab=refund');
    const record = page.getByTestId('payment-record-row').first();
    expect(await record.getByTestId('payment-record-fee').innerText()).toBe('Pending');
    await record.getByTestId('payment-record-speed-up').click();
    const dialog = await settledDialog(page, 'Speed up this transaction?');
    expect(await dialog.innerText()).toContain(paymentAddress);
    await shoot(page, 'evm-payment-speed-up');
    await dialog.getByTestId('payment-speed-up-confirm').click();
    await toastWith(page, 'The faster transaction was sent.');
    await modalClosed(page);
    expect(sent).toEqual({ record_id: 9001 });
    await page.unroute(RECORDS);
    await page.unroute('**/api/v1/wallets/payment/speed-up');
  });

  it('a failed list says so with Retry (no 0, no empty table), and Retry recovers', async () => {
    // The app asks once more by itself after a network failure: both attempts are cut.
    await page.route(ADDRESSES, (route) => route.abort(), { times: 2 });
    await page.goto('/payment');
    const error = page.getByTestId('payment-addresses-error');
    await error.waitFor();
    expect(await error.innerText()).toContain('The payment addresses could not be loaded.');
    expect(await page.getByTestId('payment-balance').count()).toBe(0);
    await overlaysAtRest(page);
    await shoot(page, 'evm-payment-list-error');
    await error.getByTestId('query-retry').click();
    await error.waitFor({ state: 'detached' });
    await row().getByTestId('payment-address').waitFor();

    await page.route(RECORDS, (route) => route.abort(), { times: 2 });
    await page.getByTestId('payment-tab-refund').click();
    const recordsError = page.getByTestId('payment-records-error');
    await recordsError.waitFor();
    expect(await recordsError.innerText()).toContain('The refund records could not be loaded.');
    await recordsError.getByTestId('query-retry').click();
    await page.getByTestId('payment-record-row').first().waitFor();
  });
});
