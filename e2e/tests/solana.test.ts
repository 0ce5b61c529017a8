/// <reference lib="dom" />
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { programConfigPda, SQUADS_PROGRAM_ID } from '@keystead/chains/solana/squads';
import { multisigData, programConfigData } from '@keystead/chains/solana/squads-test-kit';
import {
  CryptoHDKey,
  CryptoKeypath,
  CryptoMultiAccounts,
  PathComponent,
  SignType,
  SolSignature,
  SolSignRequest,
} from '@keystonehq/bc-ur-registry-sol';
import { ed25519 } from '@noble/curves/ed25519';
import { sha256 } from '@noble/hashes/sha256';
import { PublicKey, VersionedMessage, VersionedTransaction } from '@solana/web3.js';
import { overlaysAtRest } from '../lib/motion';
import { readShownUr, replyPictures, uploadToDialog } from '../lib/qr-device';
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
  let solTaskPath = '';

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
    solTaskPath = taskPath;

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
    // What the proposed vault transaction does, read in the page from the approval's bytes.
    expect(await card.getByTestId('sol-vault-transaction').innerText()).toBe(`Send 1 SOL to ${payee}`);
    const task = await team.bob.session.call<{ signatures: unknown[]; status: number }>(
      'GET',
      `/api/v1/task/info?task_id=${taskPath.split('/').pop()}`,
    );
    expect(task.signatures).toHaveLength(0);
    expect(task.status).toBe(3);
    await overlaysAtRest(bobPage);
    await shootFull(bobPage, 'sol-sign-rejected');
  });

  it('a signer signs the approval on a Keystone by QR code: a reply by another key is refused in the page, the right one is sent; the VM rejects it', async () => {
    expect(solTaskPath).not.toBe('');
    const info = await team.admin.session.call<{ squads: { fee_payer: string } }>(
      'GET',
      `/api/v1/wallets/base-info?wallet_id=${walletId}`,
    );
    // Carol has no browser wallet here: the Keystone is her only signer.
    const page = await team.open(team.carol, solTaskPath);
    const card = page.getByTestId('sol-sign-card');
    await card.getByTestId('sol-qr-sign').waitFor();
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v1/sign'))
        posted.push(request.postData() ?? '');
    });
    const carol = carolKey.publicKey.toBase58();
    const secret = carolKey.secretKey.slice(0, 32);

    // The device shows its Solana account export once; then the approval as a sol-sign-request.
    const dialog = page.getByTestId('qr-exchange');
    const readRequest = async () => {
      await dialog.getByTestId('qr-details').waitFor();
      const shown = SolSignRequest.fromCBOR((await readShownUr(page)).cbor);
      return { request: shown, message: new Uint8Array(shown.getSignData()) };
    };
    await overlaysAtRest(page);
    await shoot(page, 'sol-qr-sign-card', card.getByTestId('sol-qr-sign'));
    await card.getByTestId('sol-qr-submit').click();
    await dialog.waitFor();
    await overlaysAtRest(page);
    await shoot(page, 'sol-qr-accounts');
    await uploadToDialog(page, await replyPictures(solanaAccountExport(carolKey, [44, 501, 0, 0])));
    let { request, message } = await readRequest();
    expect(request.getDerivationPath()).toBe("44'/501'/0'/0'");
    expect(request.getSignType()).toBe(SignType.Transaction);
    const keypath = CryptoKeypath.fromDataItem(request.toDataItem().getData()[3]);
    expect(keypath.getSourceFingerprint()?.toString('hex')).toBe('5271c071');
    // The bytes are the approval's message: paid by the space's fee payer, signed by Carol's key.
    const approval = VersionedMessage.deserialize(message);
    const signers = approval.staticAccountKeys
      .slice(0, approval.header.numRequiredSignatures)
      .map((key) => key.toBase58());
    expect(signers[0]).toBe(info.squads.fee_payer);
    expect(signers).toContain(carol);
    const details = await dialog.getByTestId('qr-details').innerText();
    expect(details).toContain(new PublicKey(sha256(message)).toBase58());
    expect(details).toContain(info.squads.fee_payer);
    expect(details).toContain(carol);
    // Read from the bytes, named as Keystone's Squads v4 parser names them: the first approval proposes.
    expect(details).toContain('VaultTransactionCreate, ProposalCreate, ProposalApprove');
    await overlaysAtRest(page);
    await shoot(page, 'sol-qr-sign-request');

    // A reply signed by another key (Bob's) is refused in the page: nothing is sent.
    const byBob = ed25519.sign(message, bobKey.secretKey.slice(0, 32));
    await uploadToDialog(page, await replyPictures(solSignature(byBob, request.getRequestId()!)));
    await toastWith(page, 'The connected address is not a signer of this wallet.');
    expect(posted).toHaveLength(0);

    // Again (the account is remembered: straight to the request), now signed by Carol's key.
    await card.getByTestId('sol-qr-submit').click();
    ({ request, message } = await readRequest());
    const signature = ed25519.sign(message, secret);
    await uploadToDialog(page, await replyPictures(solSignature(signature, request.getRequestId()!)));
    // The server verified Carol's signature and sent the approval; the VM has no Squads program.
    await toastWith(page, 'The network rejected the transaction.');
    expect(posted).toHaveLength(1);
    const sent = VersionedTransaction.deserialize(
      Buffer.from((JSON.parse(posted[0]!) as { signature: string }).signature, 'base64'),
    );
    expect(Buffer.from(sent.message.serialize()).equals(Buffer.from(message))).toBe(true);
    const slot = signers.indexOf(carol);
    expect(ed25519.verify(sent.signatures[slot]!, message, carolKey.publicKey.toBytes())).toBe(true);
    const task = await team.carol.session.call<{ signatures: unknown[]; status: number }>(
      'GET',
      `/api/v1/task/info?task_id=${solTaskPath.split('/').pop()}`,
    );
    expect(task.signatures).toHaveLength(0);
    expect(task.status).toBe(3);
  });

  it('a signer address is verified by QR code: the Keystone signs the challenge as a message', async () => {
    const key = freshSolanaKey();
    const address = key.publicKey.toBase58();
    const page = await team.open(team.carol, '/permission-address');
    const add = await openAddSigner(page, 'Carol Keystone', 'Solana');
    await add.locator('#signer-address').fill(address);
    await add.getByTestId('signer-add-submit').click();
    const verify = await settledDialog(page, 'Verify the signer address');
    await expect.poll(() => verify.getByTestId('sol-verify-qr').isEnabled()).toBe(true);
    const challenge = (await verify.getByTestId('sol-challenge').textContent()) ?? '';
    await verify.getByTestId('sol-verify-qr').click();
    await uploadToDialog(page, await replyPictures(solanaAccountExport(key, [44, 501, 1])));
    await page.getByTestId('qr-exchange').getByTestId('qr-details').waitFor();
    const request = SolSignRequest.fromCBOR((await readShownUr(page)).cbor);
    expect(request.getSignType()).toBe(SignType.Message);
    expect(request.getDerivationPath()).toBe("44'/501'/1'");
    // Exactly the challenge's UTF-8 bytes, which the device signs as they are.
    const data = new Uint8Array(request.getSignData());
    expect(new TextDecoder().decode(data)).toBe(challenge);
    await overlaysAtRest(page);
    await shoot(page, 'sol-qr-verify-request');
    const signature = ed25519.sign(data, key.secretKey.slice(0, 32));
    await uploadToDialog(page, await replyPictures(solSignature(signature, request.getRequestId()!)));
    await toastWith(page, 'verified');
    await verify.waitFor({ state: 'hidden' });
    const row = page.locator('tr').filter({ hasText: 'Carol Keystone' });
    await expect.poll(() => row.getByTestId('signer-status').innerText()).toBe('Verified');
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

/** A Keystone's Solana account export (crypto-multi-accounts) holding `key` at `path` (hardened). */
function solanaAccountExport(key: Keypair, path: number[]) {
  const origin = new CryptoKeypath(path.map((index) => new PathComponent({ index, hardened: true })));
  const hdKey = new CryptoHDKey({ isMaster: false, key: Buffer.from(key.publicKey.toBytes()), origin });
  return new CryptoMultiAccounts(Buffer.from('5271c071', 'hex'), [hdKey], 'Keystone 3 Pro').toUR();
}

/** The device's reply: the signature with the request's id. */
const solSignature = (signature: Uint8Array, requestId: Buffer) =>
  new SolSignature(Buffer.from(signature), requestId).toUR();
