/// <reference lib="dom" />
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWPORTS } from '../lib/browser';
import { overlaysAtRest, resizeTo } from '../lib/motion';
import { shoot } from '../lib/screen-checks';
import { signerTeamInBrowser } from '../lib/signer-team';
import {
  createSolanaMultisigByApi,
  importSolanaAccountByApi,
  verifySolanaSignerByApi,
} from '../lib/solana-api';
import { freshSolanaKey, solanaAirdrop } from '../lib/solana-signer';

const SOL = 1_000_000_000n;
const ADDRESSES = '**/api/v1/wallets/payment/list';
const RECORDS = '**/api/v1/wallets/payment/records*';

/** "2 SOL" → 2n (the page shows whole SOL here: nothing but airdrops moved the fee payer's lamports). */
const wholeSol = (text: string) => {
  const match = /^(\d+) SOL$/.exec(text);
  if (!match) throw new Error(`not a whole SOL amount: ${text}`);
  return BigInt(match[1]!);
};

/** How far the page sticks out sideways (0 or less when it fits the window). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * /payment against the local Solana VM (packages/solana-devnet; no Squads program, TEST keys
 * only). A space whose only wallet is an imported single-signature account has no payment
 * address, and the page says where one comes from; its admin then creates a 2-of-3 Squads
 * wallet (through the API: verified signer addresses; the wizard is tested in solana.test.ts),
 * which makes the space's fee payer. The page shows it with its chain, address and balance read
 * from the chain (0 SOL, then 2 SOL after an airdrop); the consumption tab is empty (nothing
 * sponsored can land without the Squads program); a failed request or an unreadable balance
 * says so with Retry, never 0; consumption rows (a FIXTURE reply: none can land here) show
 * their fees exactly and "Pending" while pending; a plain member is told the page is for the
 * creator and admins; a phone's width fits.
 */
describe('/payment: the Solana fee payer and what it paid (local Solana VM)', () => {
  const team = signerTeamInBrowser('Payment desk');
  const rpc = () => inject('solanaRpcUrl');
  let feePayer = '';
  let walletId = 0;
  let adminPage: Page;

  const row = () => adminPage.getByTestId('payment-address-row');
  const balance = () => row().getByTestId('payment-balance');

  it('a space whose only wallet is a single-signature account has no payment address; the empty state says where it comes from', async () => {
    // The local VM stands for Solana Devnet, a testnet a full space uses once its switch is on.
    await team.admin.session.call('PUT', '/api/v1/organization/settings', { enable_testnet: true });
    // /payment needs a wallet in the space; an imported account makes no fee payer.
    await importSolanaAccountByApi(team.admin.session, freshSolanaKey(), 'Hot SOL');
    adminPage = await team.open(team.admin, '/payment');
    const empty = adminPage.getByTestId('payment-addresses-empty');
    await empty.waitFor();
    expect(await empty.innerText()).toContain(
      'The Solana fee payer appears here when the space creates its first Solana multisig wallet.',
    );
    expect(await adminPage.getByRole('tab').allInnerTexts()).toEqual([
      'Payment addresses',
      'Deposit records',
      'Refund records',
      'Consumption records',
    ]);
    await overlaysAtRest(adminPage);
    await shoot(adminPage, 'payment-addresses-empty');
  });

  it("the space's first Solana multisig wallet makes its fee payer: chain, address and 0 SOL", async () => {
    const signers: number[] = [];
    for (const [who, name] of [
      [team.admin, 'Alice SOL'],
      [team.bob, 'Bob SOL'],
      [team.carol, 'Carol SOL'],
    ] as const)
      signers.push(await verifySolanaSignerByApi(who.session, freshSolanaKey(), name));
    ({ feePayer, walletId } = await createSolanaMultisigByApi(team.admin.session, {
      name: 'SOL treasury',
      signers,
      threshold: 2,
    }));

    await adminPage.reload();
    await row().waitFor();
    expect(await row().count()).toBe(1);
    expect(await row().getByTestId('payment-address-name').innerText()).toBe('Solana fee payer');
    expect(await row().getByTestId('payment-chain').innerText()).toBe('Solana Devnet');
    expect(await row().getByTestId('payment-address').innerText()).toBe(feePayer);
    expect(await row().getByTestId('payment-address-status').innerText()).toBe('Active');
    // Read from the chain: the fresh key holds nothing yet.
    expect(await balance().innerText()).toBe('0 SOL');
    await overlaysAtRest(adminPage);
    await shoot(adminPage, 'payment-fee-payer-unfunded');
  });

  it('2 SOL sent to the fee payer read 2 SOL more after Refresh', async () => {
    // 0 on the first run; a retried test adds to what the first attempt sent.
    const before = wholeSol(await balance().innerText());
    await solanaAirdrop(rpc(), feePayer, 2n * SOL);
    await adminPage.getByTestId('payment-refresh').click();
    await expect.poll(() => balance().innerText()).toBe(`${before + 2n} SOL`);
    // And after a reload, read again from the chain.
    await adminPage.reload();
    await expect.poll(() => balance().innerText()).toBe(`${before + 2n} SOL`);
    await overlaysAtRest(adminPage);
    await shoot(adminPage, 'payment-fee-payer-funded');
  });

  it('the consumption tab: nothing was paid (no Squads program on this VM), and it says so', async () => {
    await adminPage.getByTestId('payment-tab-consumption').click();
    const empty = adminPage.getByTestId('payment-records-empty');
    await empty.waitFor();
    expect(await empty.innerText()).toContain('No consumption records yet');
    // The tab is kept in the address.
    expect(new URL(adminPage.url()).searchParams.get('tab')).toBe('consumption');
    await overlaysAtRest(adminPage);
    await shoot(adminPage, 'payment-consumption-empty');
  });

  it('failed requests say so with Retry (no empty table, no 0), and Retry recovers', async () => {
    // The app asks once more by itself after a network failure: both attempts are cut.
    await adminPage.route(ADDRESSES, (route) => route.abort(), { times: 2 });
    await adminPage.goto('/payment');
    const error = adminPage.getByTestId('payment-addresses-error');
    await error.waitFor();
    expect(await error.innerText()).toContain('The payment addresses could not be loaded.');
    expect(await adminPage.getByTestId('payment-balance').count()).toBe(0);
    expect(await adminPage.getByTestId('payment-addresses-empty').count()).toBe(0);
    await overlaysAtRest(adminPage);
    await shoot(adminPage, 'payment-addresses-error');
    await error.getByTestId('query-retry').click();
    await error.waitFor({ state: 'detached' });
    await expect.poll(() => balance().innerText()).toMatch(/^\d+ SOL$/);

    await adminPage.route(RECORDS, (route) => route.abort(), { times: 2 });
    await adminPage.getByTestId('payment-tab-consumption').click();
    const recordsError = adminPage.getByTestId('payment-records-error');
    await recordsError.waitFor();
    expect(await recordsError.innerText()).toContain('The consumption records could not be loaded.');
    expect(await adminPage.getByTestId('payment-records-empty').count()).toBe(0);
    await recordsError.getByTestId('query-retry').click();
    await adminPage.getByTestId('payment-records-empty').waitFor();
  });

  it('a balance the chain could not give reads "Balance unavailable" with Retry, not 0', async () => {
    // The server's answer when the chain cannot be read now (balance null, balance_error true).
    await adminPage.route(
      ADDRESSES,
      async (route) => {
        const reply = await route.fetch();
        const body = (await reply.json()) as { data: { list: Array<Record<string, unknown>> } };
        for (const item of body.data.list) Object.assign(item, { balance: null, balance_error: true });
        await route.fulfill({ response: reply, json: body });
      },
      { times: 1 },
    );
    await adminPage.goto('/payment');
    const unavailable = row().getByTestId('payment-balance-unavailable');
    await unavailable.waitFor();
    expect(await unavailable.innerText()).toContain('Balance unavailable');
    expect(await balance().count()).toBe(0);
    await overlaysAtRest(adminPage);
    await shoot(adminPage, 'payment-balance-unavailable');
    await unavailable.getByTestId('payment-balance-retry').click();
    await expect.poll(() => balance().innerText()).toMatch(/^\d+ SOL$/);
    expect(await row().getByTestId('payment-balance-unavailable').count()).toBe(0);
  });

  it("a phone's width: each address is a card whose balance and address show; nothing sticks out", async () => {
    await adminPage.goto('/payment');
    await balance().waitFor();
    await resizeTo(adminPage, VIEWPORTS.mobile);
    await adminPage.getByTestId('payment-address-cards').waitFor();
    expect(await pageOverflow(adminPage)).toBeLessThanOrEqual(0);
    for (const part of [balance(), row().getByTestId('payment-address')]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    }
    expect(await row().getByTestId('payment-address').innerText()).toBe(feePayer);
    await resizeTo(adminPage, VIEWPORTS.desktop);
  });

  it('consumption rows (a FIXTURE reply): fees in SOL, "Pending" while pending, links to the wallet and the transfer', async () => {
    // No sponsored transaction can land on this VM (no Squads program): the records reply is
    // written here, in the server's shape, with the real wallet and fee payer.
    const now = new Date().toISOString();
    const base = {
      type: 3,
      chain: 'sol-devnet',
      chain_name: 'Solana Devnet',
      symbol: 'SOL',
      decimals: 9,
      sender: feePayer,
      receiver: null,
      wallet_id: walletId,
      wallet_name: 'SOL treasury',
      created_at: now,
    };
    const list = [
      {
        ...base,
        id: 2,
        status: 3,
        purpose: 'approval',
        hash: '5'.repeat(87) + 'A',
        volume: null,
        fee: null,
        task_id: 42,
        settled_at: null,
      },
      {
        ...base,
        id: 1,
        status: 1,
        purpose: 'wallet_create',
        hash: '4'.repeat(87) + 'B',
        volume: '2039280',
        fee: '5000',
        task_id: null,
        settled_at: now,
      },
    ];
    await adminPage.route(RECORDS, (route) =>
      route.fulfill({
        json: { code: 'OK', message: 'OK', data: { list, page: 1, page_size: 10, total: 2 } },
      }),
    );
    await adminPage.goto('/payment?tab=consumption');
    const rows = adminPage.getByTestId('payment-record-row');
    await expect.poll(() => rows.count()).toBe(2);
    const [pending, landed] = [rows.nth(0), rows.nth(1)];
    expect(await pending.getByTestId('payment-record-status').innerText()).toBe('Pending');
    expect(await pending.getByTestId('payment-record-fee').innerText()).toBe('Pending');
    expect(await pending.getByTestId('payment-record-volume').innerText()).toBe('Pending');
    expect(await pending.getByTestId('payment-record-purpose').innerText()).toBe('Approval');
    expect(await pending.getByTestId('payment-record-task').getAttribute('href')).toBe('/task/42');
    expect(await landed.getByTestId('payment-record-status').innerText()).toBe('Success');
    expect(await landed.getByTestId('payment-record-purpose').innerText()).toBe('Wallet creation');
    expect(await landed.getByTestId('payment-record-fee').innerText()).toBe('0.000005 SOL');
    expect(await landed.getByTestId('payment-record-volume').innerText()).toBe('0.00203928 SOL');
    expect(await landed.getByTestId('payment-record-task').count()).toBe(0);
    // Every column shows at 1280 px, without scrolling sideways.
    const table = adminPage.locator('[data-testid="payment-records-table"] .ant-table-content');
    expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(
      0,
    );
    // A row opens to the full hash, who paid and when it settled.
    await landed.locator('.ant-table-row-expand-icon').click();
    const details = adminPage.getByTestId('payment-record-details');
    await details.waitFor();
    expect(await details.innerText()).toContain(feePayer);
    expect(await details.innerText()).toContain('4'.repeat(87) + 'B');
    await overlaysAtRest(adminPage);
    await shoot(adminPage, 'payment-consumption-records');

    // A phone: the table scrolls sideways inside its card; the page itself does not.
    await resizeTo(adminPage, VIEWPORTS.mobile);
    expect(await pageOverflow(adminPage)).toBeLessThanOrEqual(0);
    const sizes = await table.evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
      right: element.getBoundingClientRect().right,
    }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    expect(sizes.right).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await resizeTo(adminPage, VIEWPORTS.desktop);

    await landed.getByTestId('payment-record-wallet').click();
    await adminPage.waitForURL((url) => url.pathname === `/wallet/detail/${walletId}`);
    await adminPage.getByTestId('wallet-detail-page').waitFor();
    await adminPage.unroute(RECORDS);
  });

  it('a plain member (Bob) is told the page is for the creator and admins; the API refuses him too', async () => {
    await expect(team.bob.session.call('GET', '/api/v1/wallets/payment/list')).rejects.toMatchObject({
      code: 'PERMISSION_VIEW_ERROR',
    });
    const page = await team.open(team.bob, '/payment');
    const denied = page.getByTestId('payment-no-permission');
    await denied.waitFor();
    expect(await denied.innerText()).toContain("Only the space's creator and admins can see payments");
    expect(await page.getByRole('tab').count()).toBe(0);
    await overlaysAtRest(page);
    await shoot(page, 'payment-no-permission');
  });
});
