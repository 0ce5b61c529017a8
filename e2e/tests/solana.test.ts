/// <reference lib="dom" />
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { programConfigPda, SQUADS_PROGRAM_ID } from '@keystead/chains/solana/squads';
import { multisigData, programConfigData } from '@keystead/chains/solana/squads-test-kit';
import { overlaysAtRest } from '../lib/motion';
import { shoot, shootFull } from '../lib/screen-checks';
import { signerTeamInBrowser } from '../lib/signer-team';
import {
  freshSolanaKey,
  installSolanaSigner,
  Keypair,
  solanaAirdrop,
  solanaControl,
  solanaSetAccount,
} from '../lib/solana-signer';
import { settledDialog, toastWith } from '../lib/wallets';
import {
  chooseApproverAndReview,
  infoToReview,
  openAddSigner,
  startTransfer,
  waitForBalance,
  walletBaseInfo,
} from '../lib/wizard-steps';

const SOL = 1_000_000_000n;

/**
 * Solana end to end against the local Solana VM (packages/solana-devnet; the Squads program is NOT
 * on it, TEST keys only): three people verify Solana addresses with a Phantom-compatible wallet
 * (its key in this process), the admin builds a 2-of-3 Squads wallet in the wizard, a signer asks
 * the space's fee payer to create it and is told it failed (no Squads program config on chain);
 * the Squads accounts are then written as FIXTURES and the watcher makes the wallet normal; a SOL
 * transfer is approved and a signer signs the approval in the wallet, which the VM rejects (no
 * program), so nothing is counted.
 */
describe('Solana wallets in the browser (local Solana VM, no Squads program)', () => {
  const team = signerTeamInBrowser('Solana desk');
  const rpc = () => inject('solanaRpcUrl');
  const aliceKey = freshSolanaKey();
  const bobKey = freshSolanaKey();
  const carolKey = freshSolanaKey();
  let walletId = 0;
  let adminPage: Page;

  const withWallet = (key: Keypair) => (page: Page) => installSolanaSigner(page, key);

  it('signers verify their Solana addresses with the browser wallet', async () => {
    // The local VM stands for Solana Devnet, a testnet a full space uses once its switch is on.
    await team.admin.session.call('PUT', '/api/v1/organization/settings', { enable_testnet: true });
    for (const [who, key, name] of [
      [team.admin, aliceKey, 'Alice SOL'],
      [team.bob, bobKey, 'Bob SOL'],
      [team.carol, carolKey, 'Carol SOL'],
    ] as const) {
      const page = await team.open(who, '/permission-address', withWallet(key));
      const add = await openAddSigner(page, name, 'Solana');
      await add.getByTestId('signer-use-solana-wallet').click();
      await add
        .locator('#signer-address')
        .and(page.locator(`[value="${key.publicKey.toBase58()}"]`))
        .waitFor();
      await add.getByTestId('signer-add-submit').click();
      const verify = await settledDialog(page, 'Verify the signer address');
      // The challenge has arrived once the wallet button is enabled (the message shows in the wallet).
      await expect.poll(() => verify.getByTestId('sol-verify-wallet').isEnabled()).toBe(true);
      if (who === team.admin) {
        await overlaysAtRest(page);
        await shoot(page, 'sol-signer-verify', verify);
      }
      await verify.getByTestId('sol-verify-wallet').click();
      await toastWith(page, 'verified');
      await verify.waitFor({ state: 'hidden' });
      await expect.poll(() => page.getByTestId('signer-status').first().innerText()).toBe('Verified');
      if (who === team.admin) adminPage = page;
    }
  });

  it('the wizard builds a 2-of-3 Squads wallet; creation fails without the program, then the chain shows it', async () => {
    const page = adminPage;
    await page.goto('/multiple-wallet');
    await walletBaseInfo(page, 'SOL treasury', 'Solana Devnet');
    await page.getByTestId('wizard-step-signers').waitFor();
    await page.getByTestId('signer-options').waitFor();
    for (const key of [aliceKey, bobKey, carolKey])
      await page
        .locator('[data-testid="signer-options"] .ant-checkbox-wrapper')
        .filter({ hasText: key.publicKey.toBase58() })
        .click();
    await page.locator('#wallet-threshold').fill('2');
    await page.getByTestId('wizard-next').click();
    await chooseApproverAndReview(page, team.admin.email);
    await page.getByTestId('wizard-create').click();

    // Status 4: the fee payer is named; a signer asks for the creation.
    const card = page.getByTestId('sol-create-card');
    await card.waitFor();
    walletId = Number(new URL(page.url()).searchParams.get('wallet_id'));
    expect(walletId).toBeGreaterThan(0);
    const info = await team.admin.session.call<{
      address: string;
      status: number;
      squads: { multisig: string; fee_payer: string } | null;
    }>('GET', `/api/v1/wallets/base-info?wallet_id=${walletId}`);
    expect(info.status).toBe(4);
    expect(info.squads).not.toBeNull();
    const squads = info.squads!;
    expect(await card.getByTestId('sol-fee-payer').innerText()).toBe(squads.fee_payer);
    expect(await card.getByTestId('sol-vault').innerText()).toBe(info.address);
    await card.getByTestId('sol-create-submit').click();
    // No Squads ProgramConfig on this VM: the server cannot build the creation (WS_DEPLOY_ERROR).
    const failure = card.getByTestId('sol-create-error');
    await failure.waitFor();
    expect(await failure.innerText()).toContain(
      'The Squads v4 multisig program does not run on this Solana network',
    );
    await card.getByTestId('sol-create-retry').waitFor();
    await overlaysAtRest(page);
    await shootFull(page, 'sol-create-card');

    // Another member who is not a signer would see who can; Carol is a signer: the button.
    // FIXTURES: the Squads accounts as the program would write them (the VM has no program).
    const owner = SQUADS_PROGRAM_ID.toBase58();
    await solanaSetAccount(rpc(), programConfigPda().toBase58(), {
      owner,
      data: await programConfigData(Keypair.generate().publicKey.toBase58()),
    });
    await solanaSetAccount(rpc(), squads.multisig, {
      owner,
      data: await multisigData({
        // The server compares the voters and the threshold; the create key is any key here.
        createKey: Keypair.generate().publicKey.toBase58(),
        signers: [aliceKey, bobKey, carolKey].map((key) => key.publicKey.toBase58()),
        feePayer: squads.fee_payer,
        threshold: 2,
      }),
    });
    // The watcher reads the multisig back from the chain; the card (polling) says the wallet is ready.
    await page.getByTestId('open-wallet').waitFor({ timeout: 30_000 });
    await page.getByTestId('open-wallet').click();
    await page.getByTestId('wallet-detail-page').waitFor();
    await expect.poll(() => page.getByTestId('wallet-status').first().innerText()).toBe('Normal');
  });

  it('a SOL transfer: approved, a signer signs the approval in the wallet; the VM rejects it (no Squads program)', async () => {
    expect(walletId).toBeGreaterThan(0);
    const info = await team.admin.session.call<{
      address: string;
      squads: { multisig: string; fee_payer: string };
    }>('GET', `/api/v1/wallets/base-info?wallet_id=${walletId}`);
    await solanaAirdrop(rpc(), info.address, 5n * SOL);
    await solanaAirdrop(rpc(), info.squads.fee_payer, 2n * SOL);
    await waitForBalance(team.admin.session, walletId, 'SOL', 5);

    const page = adminPage;
    await page.goto('/wallet/transfer');
    await startTransfer(page, walletId, /^SOL/);
    await page.getByTestId('sol-fee-note').waitFor();
    const payee = Keypair.generate().publicKey.toBase58();
    await page.locator('#transfer-to').fill(payee);
    await page.locator('#transfer-amount').fill('1');
    // Priced for the fee payer: two approvals of two signatures and the execution, no priority
    // fee on a quiet chain, no token account for a SOL payment.
    await expect.poll(() => page.getByTestId('fee-quote-standard-coin').innerText()).toBe('0.000025 SOL');
    expect(await page.getByTestId('fee-quote-payer').innerText()).toBe(
      "Paid in SOL by the space's fee payer — not taken from this wallet.",
    );
    await infoToReview(page);
    await expect
      .poll(() => page.getByTestId('review-fee').innerText())
      .toMatch(/^0\.000025 SOL, paid by the space's fee payer/);
    await page.getByTestId('transfer-create').click();
    await page.waitForURL((url) => /^\/task\/\d+$/.test(url.pathname));
    await page.getByTestId('approval-form').waitFor();
    await page.getByTestId('approve').click();
    await toastWith(page, 'You approved the transfer.');
    const taskPath = new URL(page.url()).pathname;

    // Bob opens the task: what he signs, who pays, the Squads transaction index.
    const bobPage = await team.open(team.bob, taskPath, withWallet(bobKey));
    const card = bobPage.getByTestId('sol-sign-card');
    await card.getByTestId('sol-sign-form').waitFor();
    expect(await card.getByTestId('sol-to').innerText()).toBe(payee);
    expect(await card.getByTestId('sol-amount').innerText()).toBe('1 SOL');
    // The first approval proposes the vault transaction: its index is set by it.
    expect(await card.getByTestId('sol-transaction-index').innerText()).toBe(
      'Set by the first approval, which also proposes this transfer to the multisig',
    );
    await expect
      .poll(() => card.getByTestId('sol-fee').innerText())
      .toMatch(/^[\d.]+ SOL, paid by the space's fee payer/);
    expect(await card.getByTestId('sol-fee').innerText()).toContain(info.squads.fee_payer);
    // At least what was given to it (a retried test gives more).
    expect(await card.getByTestId('sol-fee-payer-balance').innerText()).toMatch(/^\d+ SOL$/);
    expect(await card.getByTestId('sol-signed-count').innerText()).toBe('0 / 2 signed');
    await overlaysAtRest(bobPage);
    await shootFull(bobPage, 'sol-sign-card');

    await card.getByTestId('sol-sign-submit').click();
    await toastWith(bobPage, 'The network rejected the transaction.');
    expect(await card.getByTestId('sol-signed-count').innerText()).toBe('0 / 2 signed');
    // The approval that was built named the index it proposes (the multisig's next one).
    expect(await card.getByTestId('sol-transaction-index').innerText()).toBe(
      '#1 (proposed together with the first approval)',
    );
    const task = await team.bob.session.call<{ signatures: unknown[]; status: number }>(
      'GET',
      `/api/v1/task/info?task_id=${taskPath.split('/').pop()}`,
    );
    expect(task.signatures).toHaveLength(0);
    expect(task.status).toBe(3);
    await overlaysAtRest(bobPage);
    await shootFull(bobPage, 'sol-sign-rejected');
  });

  it('a token payment to someone without a token account: the estimate and the review show its rent, paid by the fee payer', async () => {
    expect(walletId).toBeGreaterThan(0);
    const info = await team.admin.session.call<{ address: string }>(
      'GET',
      `/api/v1/wallets/base-info?wallet_id=${walletId}`,
    );
    const { mint } = (await solanaControl(rpc(), '/fixture/create-mint', { decimals: 6 })) as {
      mint: string;
    };
    await solanaControl(rpc(), '/fixture/mint', { mint, owner: info.address, amount: '50000000' });
    await team.admin.session.call('POST', '/api/v1/wallets/custom-token', {
      wallet_id: walletId,
      contract: mint,
    });
    const symbol = `SPL-${mint.slice(0, 4)}`;
    await waitForBalance(team.admin.session, walletId, symbol, 50);

    const page = adminPage;
    await page.goto('/wallet/transfer');
    await startTransfer(page, walletId, symbol);
    await page.locator('#transfer-to').fill(Keypair.generate().publicKey.toBase58());
    await page.locator('#transfer-amount').fill('12.5');
    // A token account of 165 bytes at the VM's rent: 0.00203928 SOL, on top of 0.000025 SOL of signatures.
    await expect
      .poll(() => page.getByTestId('sol-token-account-rent').first().innerText())
      .toBe('0.00203928 SOL');
    expect(await page.getByTestId('fee-quote-standard-coin').innerText()).toBe('0.00206428 SOL');
    await overlaysAtRest(page);
    await shootFull(page, 'sol-token-transfer-fee');
    await infoToReview(page);
    await expect
      .poll(() => page.getByTestId('review-fee').innerText())
      .toMatch(/^0\.00206428 SOL, paid by the space's fee payer/);
    expect(await page.getByTestId('sol-token-account-rent').innerText()).toBe('0.00203928 SOL');
    await overlaysAtRest(page);
    await shootFull(page, 'sol-token-transfer-review');
  });
});
