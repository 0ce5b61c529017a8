/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPublicClient, erc20Abi, hashMessage, http, parseAbi, parseUnits, type Hex } from 'viem';
import { hardhat } from 'viem/chains';
import { screenshot } from '../lib/browser';
import { screenshotBoth, toastWith } from '../lib/wallets';
import { chooseDappSafe } from '../lib/dapp-page';
import { modalClosed, motionDone } from '../lib/motion';
import { startSafeAppServer } from '../lib/safe-app-server';
import { teamInBrowser } from '../lib/team-browser';
import {
  DEVNET_KEYS,
  approveSignAndBroadcast,
  randomAddress,
  signByApi,
  usdtBalance,
} from '../lib/transfers';
import { devnetRpcUrl } from '../lib/wallet-provider';

/**
 * A Safe App on /dapp (§1 Dapp connector): the test Dapp (fixtures/safe-app) runs from another
 * origin in the page's frame and speaks only the Safe Apps SDK. It reads the Safe, sends a USDT
 * transfer and an approval as one request; the user reviews both decoded calls and confirms; the
 * Dapp task is approved, signed and broadcast by API, and the Dapp sees SUCCESS with the hash.
 */
describe('a Safe App on /dapp', () => {
  const session = teamInBrowser();
  let dapp: Awaited<ReturnType<typeof startSafeAppServer>>;
  const recipient = randomAddress();
  const spender = randomAddress();
  const admin = () => session.team.admin.session;

  beforeAll(async () => {
    dapp = await startSafeAppServer();
    await admin().call('PUT', '/api/v1/organization/settings', { enable_dapp: true });
    await admin().call('POST', '/api/v1/wallets/dapp', { wallet_id: session.team.walletId, open: true });
  });
  afterAll(async () => dapp?.close());

  const appUrl = (amount = '12500000', nonce = '1') =>
    `${dapp.origin}/?token=${session.team.usdt}&to=${recipient}&spender=${spender}&amount=${amount}&nonce=${nonce}`;
  const frame = (page: Page) => page.frameLocator('[data-testid="dapp-frame"]');
  const frameText = (page: Page, id: string) => frame(page).locator(`#${id}`).innerText();
  const review = (page: Page) => page.getByRole('dialog').filter({ hasText: "Review the Dapp's request" });

  /** /dapp with the team's Safe chosen and the test Dapp opened in the frame. */
  async function openDapp(amount?: string, nonce?: string): Promise<Page> {
    const page = await session.open(session.team.admin, '/dapp');
    await chooseDappSafe(page);
    await page.getByTestId('dapp-url').fill(appUrl(amount, nonce));
    await page.getByTestId('dapp-open').click();
    await expect.poll(() => frameText(page, 'safe-address')).toBe(session.team.safe);
    return page;
  }

  it(
    'reviews the Dapp’s transfer and approval, creates one task, and the Dapp sees it executed',
    { timeout: 180_000 },
    async () => {
      const page = await openDapp();
      // The Dapp read the Safe's USDT through the host's rpcCall: what the node holds.
      const held = await usdtBalance(session.team.usdt, session.team.safe);
      await expect.poll(() => frameText(page, 'safe-balance')).toBe(held.toString());
      // The host's balance list (getSafeBalances) is the wallet's assets as the platform lists them.
      await expect.poll(() => frameText(page, 'safe-balances')).toMatch(/USDT \d+/);
      const assets = await admin().call<{ detail: Array<{ symbol: string; amount: string }> }>(
        'GET',
        `/api/v1/wallets/asset-info?wallet_id=${session.team.walletId}`,
      );
      const usdt = assets.detail.find((line) => line.symbol === 'USDT')!;
      expect(await frameText(page, 'safe-balances')).toContain(`USDT ${parseUnits(usdt.amount, 6)}`);
      await screenshotBoth(page, 'dapp-host-open');

      await frame(page).locator('#send').click();
      const dialog = review(page);
      await dialog.getByTestId('dapp-call-1').waitFor();
      await expect(dialog.getByTestId('dapp-review-who').innerText()).resolves.toContain(
        `${dapp.origin} asks Ops Safe to sign 2 calls`,
      );
      const transfer = (await dialog.getByTestId('dapp-call-0').innerText()).toLowerCase();
      expect(transfer).toContain('token transfer');
      expect(transfer).toContain('12.5 usdt');
      expect(transfer).toContain(recipient.toLowerCase());
      const approve = (await dialog.getByTestId('dapp-call-1').innerText()).toLowerCase();
      expect(approve).toContain('token approval');
      expect(approve).toContain('spender');
      expect(approve).toContain('5 usdt');
      expect(approve).toContain(spender.toLowerCase());
      await motionDone(dialog);
      await screenshotBoth(page, 'dapp-review');

      await dialog.getByTestId('dapp-confirm').click();
      await modalClosed(page);
      await expect.poll(() => frameText(page, 'safe-tx-hash')).toMatch(/^0x[0-9a-f]{64}$/);
      const safeTxHash = await frameText(page, 'safe-tx-hash');
      const href = await page.getByTestId('dapp-task-link').getAttribute('href');
      const taskId = Number(/\/task\/(\d+)$/.exec(href ?? '')?.[1]);
      const task = await admin().call<{ safe_tx_hash: string; dapp: { url: string } }>(
        'GET',
        `/api/v1/task/dapp?task_id=${taskId}`,
      );
      expect(task).toMatchObject({ safe_tx_hash: safeTxHash, dapp: { url: dapp.origin } });
      await expect.poll(() => frameText(page, 'tx-status')).toBe('AWAITING_CONFIRMATIONS');

      // The wallet's usual steps, by API: two approvers, two signers, a broadcaster.
      const { team } = session;
      const txHash = await approveSignAndBroadcast(team, taskId);

      await expect.poll(() => frameText(page, 'tx-status'), { timeout: 60_000 }).toBe('SUCCESS');
      expect(await frameText(page, 'tx-hash')).toBe(txHash);
      await screenshot(page, 'dapp-host-success');

      expect(await usdtBalance(team.usdt, recipient)).toBe(12_500_000n);
      const client = createPublicClient({ chain: hardhat, transport: http(devnetRpcUrl()) });
      const allowance = await client.readContract({
        address: team.usdt,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [team.safe, spender],
      });
      expect(allowance).toBe(5_000_000n);
    },
  );

  it(
    'signs the Dapp’s message: reviewed, approved, signed in the page and by API; the Dapp checks the Safe’s signature',
    { timeout: 180_000 },
    async () => {
      const page = await openDapp(undefined, '42');
      await frame(page).locator('#sign-message').click();
      const dialog = page.getByRole('dialog').filter({ hasText: "Review the Dapp's message" });
      await dialog.getByTestId('dapp-message-text').waitFor();
      expect(await dialog.getByTestId('dapp-message-text').innerText()).toBe(
        'Keystead test app: sign in\nNonce: 42',
      );
      const text = 'Keystead test app: sign in\nNonce: 42';
      expect(await dialog.getByTestId('dapp-message-hash').innerText()).toBe(hashMessage(text));
      await motionDone(dialog);
      await screenshotBoth(page, 'dapp-message-review');
      await dialog.getByTestId('dapp-confirm').click();
      await modalClosed(page);
      await expect.poll(() => frameText(page, 'message-hash')).toMatch(/^0x[0-9a-f]{64}$/);
      const href = await page.getByTestId('dapp-task-link').first().getAttribute('href');
      const taskId = Number(/\/task\/(\d+)$/.exec(href ?? '')?.[1]);
      const { team } = session;
      for (const approver of team.approvers)
        await approver.session.call('POST', '/api/v1/task/approve', { task_id: taskId, result: 1 });

      // The first signer signs in the page: the review shows the message and its hashes.
      const signing = await session.open(team.signers[0], `/task/${taskId}`);
      await signing.getByTestId('sign-form').waitFor();
      const shown = signing.getByTestId('safe-message-review');
      expect(await shown.getByTestId('review-message-text').innerText()).toBe(text);
      expect(await shown.getByTestId('review-dapp-hash').innerText()).toBe(hashMessage(text));
      expect(await shown.getByTestId('review-safe-message-hash').innerText()).toBe(
        await frameText(page, 'message-hash'),
      );
      expect(await signing.getByTestId('sign-hash-mismatch').count()).toBe(0);
      expect(await signing.getByTestId('task-message-action').innerText()).toContain('Sign a message for');
      await signing.getByTestId('connector-devnet').click();
      await signing.getByTestId('connector-connect').click();
      await signing.getByTestId('connector-account').waitFor();
      await expect.poll(() => signing.getByTestId('sign-submit').isEnabled()).toBe(true);
      await shown.scrollIntoViewIfNeeded();
      await screenshotBoth(signing, 'dapp-message-sign');
      await signing.getByTestId('sign-submit').click();
      await toastWith(signing, 'Your signature was added.');
      expect(await frameText(page, 'message-signature')).toBe('—');
      await signByApi(team.signers[1].session, taskId, DEVNET_KEYS[2]);

      // The Dapp's own check (the SDK's isMessageSigned through rpcCall), and the Safe's answer here.
      await expect.poll(() => frameText(page, 'message-valid'), { timeout: 30_000 }).toBe('true');
      const signature = (await frameText(page, 'message-signature')) as Hex;
      const client = createPublicClient({ chain: hardhat, transport: http(devnetRpcUrl()) });
      const magic = await client.readContract({
        address: team.safe,
        abi: parseAbi(['function isValidSignature(bytes32, bytes) view returns (bytes4)']),
        functionName: 'isValidSignature',
        args: [hashMessage(text), signature],
      });
      expect(magic).toBe('0x1626ba7e');
      await signing.reload();
      await signing
        .getByTestId('task-status')
        .first()
        .filter({ hasText: /^Completed$/ })
        .waitFor();
      await screenshot(page, 'dapp-message-signed');
    },
  );

  it('warns of a call that would fail; with the wallet’s Dapps off Confirm says so, and Reject tells the Dapp', async () => {
    // More USDT than the Safe holds (1,000): the transfer reverts when run now.
    const page = await openDapp('5000000000');
    await admin().call('POST', '/api/v1/wallets/dapp', { wallet_id: session.team.walletId, open: false });
    await frame(page).locator('#send').click();
    const dialog = review(page);
    await dialog.getByTestId('dapp-call-1').waitFor();
    expect(await dialog.getByTestId('dapp-call-0-warning').innerText()).toContain(
      'This call fails if run now',
    );
    expect(await dialog.getByTestId('dapp-call-1-warning').count()).toBe(0);
    await expect(dialog.getByText('1 call fails if run now.').count()).resolves.toBe(1);
    await motionDone(dialog);
    await dialog.getByTestId('dapp-confirm').click();
    await expect
      .poll(() => dialog.getByTestId('dapp-create-error').innerText())
      .toContain('This wallet does not support Dapps.');
    await screenshot(page, 'dapp-review-refused');
    await dialog.getByTestId('dapp-reject').click();
    await modalClosed(page);
    await expect.poll(() => frameText(page, 'error')).toBe('Transactions were rejected by the user');
    expect(await page.getByTestId('dapp-task-created').count()).toBe(0);

    // Chosen afresh, the wallet says its Dapps are off and offers no frame.
    const fresh = await session.open(session.team.admin, '/dapp');
    await chooseDappSafe(fresh);
    await fresh.getByTestId('dapp-wallet-off').waitFor();
    expect(await fresh.getByTestId('dapp-wallet-off').innerText()).toContain('Ops Safe');
    expect(await fresh.getByTestId('dapp-frame').count()).toBe(0);
  });

  it('lists the catalogue by type with favourites first; Use fills the address; none serves the devnet', async () => {
    const page = await session.open(session.team.admin, '/dapp');
    const catalogue = page.getByTestId('dapp-catalogue');
    await catalogue.getByTestId('dapp-item-1').waitFor();
    const names = () => catalogue.locator('.ant-list-item-meta-title').allInnerTexts();
    expect((await names()).length).toBe(6);
    await catalogue.getByTestId('dapp-catalogue-type').getByText('Staking').click();
    await expect.poll(names).toEqual([expect.stringContaining('Lido')]);
    await catalogue.getByTestId('dapp-catalogue-type').getByText('All').click();
    await expect.poll(async () => (await names()).length).toBe(6);
    await catalogue.getByTestId('dapp-favorite-5').click();
    await expect.poll(async () => (await names())[0]).toContain('Across');
    expect(await catalogue.getByTestId('dapp-favorite-5').getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'dapp-catalogue');
    await catalogue.getByTestId('dapp-use-5').click();
    expect(await page.getByTestId('dapp-url').inputValue()).toBe('https://app.across.to');
    // The favourite is the person's: a new page shows it first again.
    const again = await session.open(session.team.admin, '/dapp');
    await again.getByTestId('dapp-item-5').waitFor();
    expect(
      await again
        .locator('[data-testid="dapp-catalogue"] .ant-list-item')
        .first()
        .getAttribute('data-testid'),
    ).toBe('dapp-item-5');
    // Chosen, the devnet Safe narrows the list to its chain, which none of these apps serves.
    await chooseDappSafe(again);
    await expect
      .poll(() => again.getByTestId('dapp-catalogue').innerText())
      .toContain('No Dapp of this kind serves this chain.');
  });

  it('with the space’s Dapps off, the page says so and offers no frame', async () => {
    await admin().call('PUT', '/api/v1/organization/settings', { enable_dapp: false });
    const page = await session.open(session.team.admin, '/dapp');
    await page.getByTestId('dapp-space-off').waitFor();
    expect(await page.getByTestId('dapp-space-off').innerText()).toContain(
      'Dapps are turned off in this space.',
    );
    expect(await page.getByTestId('dapp-frame').count()).toBe(0);
    expect(await page.getByTestId('dapp-url').count()).toBe(0);
    await screenshot(page, 'dapp-space-off');
  });
});
